import type { AbandonedReason, SubmissionStatus } from '../admission/index.ts';
import type { OpportunityRow, OpportunityStatus, OpportunityTask } from '../opportunities/index.ts';
import { dashboardLinks, studyDashboardBase } from '../opportunities/index.ts';
import type { ParticipantRow } from '../participants/index.ts';
import { participantBackground } from '../participants/index.ts';
import type { ScreeningAnswer } from '../screening/index.ts';
import { parseQualityFlags, type QualityFlag } from './quality-flags.ts';
import { redactBackground } from './redact-background.ts';
import type { SubmissionResponse, SubmissionTaskResponse } from './schemas.ts';
import type { SubmissionTaskRow } from './submission-tasks.table.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { submissionTaskProgress } from './task-progress-store.ts';
import type { StoredFile } from './work.ts';

export interface IdentityPolicy {
  /** The organization hides participant identity (names and LinkedIn) from its people. */
  hideIdentity: boolean;
}

/**
 * Storage row to the API's submission (docs/api/participants.md): the only
 * place a submission's wire form is decided.
 */
export function submissionRowToSubmission(
  row: SubmissionRow,
  participant: ParticipantRow | undefined,
  policy: IdentityPolicy,
): SubmissionResponse {
  const showIdentity = !policy.hideIdentity && participant !== undefined;
  return {
    id: row.id,
    opportunity_id: row.opportunity_id,
    participant_id: row.participant_id,
    status: row.status as SubmissionStatus,
    created_at: row.created_at,
    updated_at: row.updated_at,
    participant_name: showIdentity ? participant.name : null,
    participant_linkedin_url: showIdentity ? participant.linkedin_url : null,
    participant_background: participant
      ? redactBackground(participantBackground(participant), participant.name)
      : null,
    screening_outcome: row.screening_outcome as SubmissionResponse['screening_outcome'],
    screening_answers: JSON.parse(row.screening_answers) as ScreeningAnswer[],
    abandoned_reason: row.abandoned_reason as AbandonedReason | null,
    deadline_at: row.deadline_at,
    auto_approve_at: row.auto_approve_at,
    return_requested_at: row.return_requested_at,
    return_request_reason: row.return_request_reason,
    quality_flags: parseQualityFlags(row.quality_flags) as QualityFlag[],
    test: row.test === 1,
  };
}

export function fileDownloadPath(submissionId: string, fileId: string): string {
  return `/v2/submissions/${submissionId}/files/${fileId}`;
}

/** Per-task progress for the submission read, with the work handed in for each task. */
export function submissionTasksView(
  submissionId: string,
  tasks: readonly OpportunityTask[],
  rows: readonly SubmissionTaskRow[],
  now: Date,
): SubmissionTaskResponse[] {
  const handedIn = new Map(rows.map((row) => [row.sequence, row]));
  return submissionTaskProgress(tasks, rows, now).map((progress) => {
    const view: SubmissionTaskResponse = {
      sequence: progress.sequence,
      task_type: progress.task.task_type,
      status: progress.status,
    };
    const work = handedIn.get(progress.sequence);
    if (work) {
      view.submitted_at = work.submitted_at;
      view.notes = work.notes;
      view.files = (JSON.parse(work.files) as StoredFile[]).map((file) => ({
        id: file.id,
        name: file.name,
        mime_type: file.mime_type,
        size_bytes: file.size_bytes,
        download_url: fileDownloadPath(submissionId, file.id),
      }));
    }
    return view;
  });
}

export interface DashboardContext {
  publicUrl: string;
  organizationSlug: string;
}

type DashboardOpportunity = Pick<OpportunityRow, 'id' | 'project_id' | 'status'>;

/** The study's submissions page (docs/dashboard-urls.md), null while it reads as draft. */
export function submissionsDashboardUrl(
  opportunity: DashboardOpportunity,
  context: DashboardContext,
): string | null {
  return dashboardLinks({
    publicUrl: context.publicUrl,
    organizationSlug: context.organizationSlug,
    projectId: opportunity.project_id,
    opportunityId: opportunity.id,
    status: opportunity.status as OpportunityStatus,
  }).submissions;
}

function studyBase(opportunity: DashboardOpportunity, context: DashboardContext) {
  return studyDashboardBase({
    publicUrl: context.publicUrl,
    organizationSlug: context.organizationSlug,
    projectId: opportunity.project_id,
    opportunityId: opportunity.id,
  });
}

/** The study's recruitment page, where applicants wait for the invite or decline decision. */
export function applicantsDashboardUrl(
  opportunity: DashboardOpportunity,
  context: DashboardContext,
): string | null {
  const base = studyBase(opportunity, context);
  return base === null ? null : `${base}/recruitment`;
}

/** One submission's page for people, inside the study's submissions. */
export function submissionDashboardUrl(
  opportunity: DashboardOpportunity,
  submissionId: string,
  context: DashboardContext,
): string | null {
  const base = studyBase(opportunity, context);
  return base === null ? null : `${base}/submissions/${encodeURIComponent(submissionId)}`;
}
