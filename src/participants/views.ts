import type { OpportunityRow } from '../opportunities/opportunities.table.ts';
import type { OpportunityTask } from '../opportunities/opportunity-parts.ts';
import { opportunityParts } from '../opportunities/opportunity-parts.ts';
import { participantTaskUrl } from '../submissions/index.ts';
import type { SubmissionTaskRow } from '../submissions/submission-tasks.table.ts';
import type { SubmissionRow } from '../submissions/submissions.table.ts';
import { submissionTaskProgress } from '../submissions/task-progress-store.ts';
import type {
  ParticipantOpportunityResponse,
  ParticipantSubmissionResponse,
  ParticipantTaskBriefResponse,
  ParticipantTaskResponse,
} from './schemas.ts';

export function participantOpportunityView(
  row: OpportunityRow,
  placesRemaining: number,
): ParticipantOpportunityResponse {
  const parts = opportunityParts(row);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    estimated_duration_minutes: row.estimated_duration_minutes,
    incentive_cents: Number(row.incentive_cents),
    currency: 'usd',
    places_remaining: placesRemaining,
    device_types: parts.deviceTypes,
    required_accounts: parts.requiredAccounts,
    video_required: row.video_required,
    screen_share_required: row.screen_share_required,
    ending_at: row.ending_at,
    launched_at: row.launched_at,
  };
}

/** Copied field by field: the task URL and review settings never reach a participant this way. */
export function taskBrief(task: OpportunityTask): ParticipantTaskBriefResponse {
  const brief: ParticipantTaskBriefResponse = {
    sequence: task.sequence,
    task_type: task.task_type,
    title: task.title ?? '',
    description: task.description ?? '',
    duration_minutes: task.duration_minutes ?? 0,
  };
  if (task.available_after_sequence != null) {
    brief.available_after_sequence = task.available_after_sequence;
  }
  if (task.available_after_delay_minutes != null) {
    brief.available_after_delay_minutes = task.available_after_delay_minutes;
  }
  if (task.task_type === 'file_upload') {
    if (task.instructions !== undefined) brief.instructions = task.instructions;
    if (task.accepted_mime_types != null) {
      brief.accepted_mime_types = [...task.accepted_mime_types];
    }
    if (task.min_files != null) brief.min_files = task.min_files;
    if (task.max_files != null) brief.max_files = task.max_files;
    if (task.max_file_size_bytes != null) brief.max_file_size_bytes = task.max_file_size_bytes;
  }
  return brief;
}

/** Submissions that hold a place see their task URLs (never a locked task's). */
const WORKING_STATUSES = new Set(['screen_passed', 'in_progress', 'awaiting_review', 'approved']);

/** Stable id of one task of one opportunity, as the tracking parameter taskId carries it. */
export const trackingTaskId = (opportunityId: string, sequence: number) =>
  `${opportunityId}:${sequence}`;

export function participantSubmissionView(
  row: SubmissionRow,
  opportunity: OpportunityRow,
  taskRows: readonly SubmissionTaskRow[],
  now: Date,
): ParticipantSubmissionResponse {
  const parts = opportunityParts(opportunity);
  const handedIn = new Map(taskRows.map((task) => [task.sequence, task]));
  const working = WORKING_STATUSES.has(row.status);
  const tasks = submissionTaskProgress(parts.tasks, taskRows, now).map(
    (progress): ParticipantTaskResponse => {
      const url = progress.task.task_url;
      const view: ParticipantTaskResponse = {
        ...taskBrief(progress.task),
        status: progress.status,
        available_at: progress.available_at,
        participant_url:
          working && url && progress.status !== 'locked'
            ? participantTaskUrl(url, {
                submissionId: row.id,
                taskId: trackingTaskId(opportunity.id, progress.sequence),
              })
            : null,
      };
      const work = handedIn.get(progress.sequence);
      if (work) view.submitted_at = work.submitted_at;
      return view;
    },
  );
  return {
    id: row.id,
    opportunity_id: row.opportunity_id,
    opportunity_title: opportunity.title,
    status: row.status,
    incentive_cents: Number(opportunity.incentive_cents),
    currency: 'usd',
    paid_cents: Number(row.paid_cents),
    rejection_category: row.rejection_category,
    rejection_reason: row.rejection_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
    started_at: row.started_at,
    submitted_at: row.submitted_at,
    tasks,
  };
}
