import type { OpportunityTask } from '../opportunities/index.ts';
import type { SubmissionTaskRow } from './submission-tasks.table.ts';
import { type TaskProgress, taskStatuses } from './task-progress.ts';

/** taskStatuses' input from the handed-in rows of one submission. */
export function progressInput(
  tasks: readonly OpportunityTask[],
  rows: readonly SubmissionTaskRow[],
  now: Date,
) {
  return {
    tasks,
    submitted: rows.filter((r) => r.status === 'submitted').map((r) => r.sequence),
    approved: rows
      .filter((r) => r.status === 'approved')
      .map((r) => ({ sequence: r.sequence, approvedAt: r.reviewed_at ?? r.submitted_at })),
    rejected: rows.filter((r) => r.status === 'rejected').map((r) => r.sequence),
    now,
  };
}

/** Per-task progress of one submission, computed on read (a delay elapsing needs no job). */
export function submissionTaskProgress(
  tasks: readonly OpportunityTask[],
  rows: readonly SubmissionTaskRow[],
  now: Date,
): (TaskProgress & { task: OpportunityTask })[] {
  const bySequence = new Map(tasks.map((task) => [task.sequence, task]));
  return taskStatuses(progressInput(tasks, rows, now)).map((progress) => ({
    ...progress,
    task: bySequence.get(progress.sequence)!,
  }));
}
