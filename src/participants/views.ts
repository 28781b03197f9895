import type { OpportunityTask } from '../opportunities/index.ts';
import type { ParticipantTaskBriefResponse } from './schemas.ts';

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
