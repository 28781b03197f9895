import type { OpportunityRow, OpportunityTask } from '../opportunities/index.ts';
import { opportunityParts } from '../opportunities/index.ts';
import type { ParticipantOpportunityResponse, ParticipantTaskBriefResponse } from './schemas.ts';

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
