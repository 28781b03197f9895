import type { OpportunityRow } from '../opportunities/index.ts';
import { opportunityParts, participantTaskUrl } from '../opportunities/index.ts';
import { taskBrief } from '../participants/index.ts';
import type {
  ParticipantSubmissionResponse,
  ParticipantTaskResponse,
} from './participant-schemas.ts';
import type { SubmissionTaskRow } from './submission-tasks.table.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { submissionTaskProgress } from './task-progress-store.ts';

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
    abandoned_reason: row.abandoned_reason,
    deadline_at: row.deadline_at,
    return_requested_at: row.return_requested_at,
    return_request_reason: row.return_request_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
    started_at: row.started_at,
    submitted_at: row.submitted_at,
    tasks,
  };
}
