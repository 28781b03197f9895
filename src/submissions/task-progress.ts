/**
 * Per-task progress of one submission (docs/decisions/0061-work-and-uploads.md), computed on
 * read from what was submitted and approved: a delay elapsing needs no job to unlock a task.
 */
export const TASK_PROGRESS_STATUSES = [
  'locked',
  'available',
  'submitted',
  'approved',
  'rejected',
] as const;
export type TaskProgressStatus = (typeof TASK_PROGRESS_STATUSES)[number];

export interface TaskGate {
  sequence: number;
  available_after_sequence?: number | null;
  available_after_delay_minutes?: number | null;
}

type Instant = Date | string | number;

export interface TaskProgressInput {
  tasks: readonly TaskGate[];
  /** Sequences submitted and not yet decided. */
  submitted: readonly number[];
  approved: readonly { sequence: number; approvedAt: Instant }[];
  /** Sequences whose work was rejected (the submission was rejected). */
  rejected?: readonly number[];
  now: Instant;
}

export interface TaskProgress {
  sequence: number;
  status: TaskProgressStatus;
  /** When a gated task opens (ISO), once its gate is approved; null otherwise. */
  available_at: string | null;
}

function millis(value: Instant): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

export function taskStatuses(input: TaskProgressInput): TaskProgress[] {
  const approvedAt = new Map(input.approved.map((a) => [a.sequence, millis(a.approvedAt)]));
  const submitted = new Set(input.submitted);
  const rejected = new Set(input.rejected ?? []);
  const now = millis(input.now);
  return [...input.tasks]
    .sort((a, b) => a.sequence - b.sequence)
    .map((task): TaskProgress => {
      const gate = task.available_after_sequence;
      const gateApprovedAt = gate == null ? undefined : approvedAt.get(gate);
      const opensAt =
        gateApprovedAt === undefined
          ? null
          : gateApprovedAt + Math.max(0, task.available_after_delay_minutes ?? 0) * 60_000;
      const available_at = opensAt === null ? null : new Date(opensAt).toISOString();
      let status: TaskProgressStatus;
      if (approvedAt.has(task.sequence)) status = 'approved';
      else if (rejected.has(task.sequence)) status = 'rejected';
      else if (submitted.has(task.sequence)) status = 'submitted';
      else if (gate == null) status = 'available';
      else status = opensAt !== null && now >= opensAt ? 'available' : 'locked';
      return { sequence: task.sequence, status, available_at };
    });
}

/**
 * Submitting every available task moves the submission to review. True when something
 * awaits review and nothing is left to do now (tasks behind a gate wait for that review).
 */
export function allAvailableTasksSubmitted(input: TaskProgressInput): boolean {
  const statuses = taskStatuses(input);
  return (
    statuses.some((t) => t.status === 'submitted') &&
    !statuses.some((t) => t.status === 'available')
  );
}

/** Tasks still to approve once the submitted ones are approved: the approve decision's input. */
export function remainingTaskCountAfterApproval(input: TaskProgressInput): number {
  return taskStatuses(input).filter((t) => t.status === 'locked' || t.status === 'available')
    .length;
}
