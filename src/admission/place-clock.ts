import type { SubmissionLifecycleStatus } from './submission-statuses.ts';

/**
 * The two clocks of a place (docs/decisions/0084-time-limits.md). Pure: the use cases store
 * what these compute in `deadline_at` and `auto_approve_at`, and the jobs find what fell due by
 * index.
 *
 * - The time limit runs while the place is held for work (screen_passed, in_progress): from when
 *   the place was taken, and again from when the next task opens after an approval that leaves
 *   tasks. Past it the submission is abandoned with reason `timed_out`.
 * - Auto-approval runs while work awaits review: past it the work is approved as if the
 *   researcher had done it.
 */

/** Why an abandoned submission ended. */
export const ABANDONED_REASONS = [
  /** The participant gave the place back (return, or its older name abandon). */
  'returned',
  /** The time limit passed with the place still held for work. */
  'timed_out',
  /** A stop or an expiry withdrew an invitation not yet started. */
  'withdrawn',
  /** Lab sessions' attendance (docs/decisions/0178-lab-sessions.md): not there, unexcused. */
  'no_show',
  /** Not there, excused: no mark on their record. */
  'excused',
  /** There, but a reserve sent home with the show-up fee. */
  'not_needed',
] as const;
export type AbandonedReason = (typeof ABANDONED_REASONS)[number];

/** Statuses in which the time limit runs. */
export const TIMED_STATUSES: readonly SubmissionLifecycleStatus[] = [
  'screen_passed',
  'in_progress',
];

export function isTimed(status: string): boolean {
  return (TIMED_STATUSES as readonly string[]).includes(status);
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * When a place held for work from `from` times out. Null on hourly and per-task opportunities,
 * which keep people on the project for as long as it runs.
 */
export function workDeadline(input: {
  from: Date;
  maxMinutes: number;
  payFrequency: string;
}): string | null {
  if (input.payFrequency !== 'one_time') return null;
  return new Date(input.from.getTime() + input.maxMinutes * MINUTE_MS).toISOString();
}

/**
 * How long a place on a scheduled study (one with lab sessions) waits for its holder to enroll in
 * a session (docs/decisions/0185-enrolling-to-hold-a-place.md): taken at the screener, given back
 * after this unless they enroll. The same again after they cancel their seat, or the researchers
 * cancel the session.
 */
export const ENROLL_WITHIN_HOURS = 48;

/**
 * When a place on a scheduled study, held from `from` by someone not enrolled, goes back: after
 * ENROLL_WITHIN_HOURS, or the study's own time limit when that comes first.
 */
export function unenrolledPlaceDeadline(timeLimit: string | null, from: Date): string {
  const hold = new Date(from.getTime() + ENROLL_WITHIN_HOURS * 60 * MINUTE_MS).toISOString();
  return timeLimit !== null && Date.parse(timeLimit) < Date.parse(hold) ? timeLimit : hold;
}

/**
 * When the work after an approval can begin: now if a task is available, else when the first
 * gated task opens (its gate approved, its delay running). Tasks whose gate is not yet approved
 * open later still, so they do not count.
 */
export function nextTaskOpening(
  now: Date,
  tasks: readonly { status: string; available_at: string | null }[],
): Date {
  if (tasks.some((task) => task.status === 'available')) return now;
  const openings = tasks
    .filter((task) => task.status === 'locked' && task.available_at !== null)
    .map((task) => Date.parse(task.available_at!));
  if (openings.length === 0) return now;
  return new Date(Math.max(now.getTime(), Math.min(...openings)));
}

/** When work that reached review at `now` is approved automatically; null never. */
export function autoApproveAt(now: Date, days: number | null): string | null {
  if (days === null) return null;
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

/** Whether a deadline (or auto-approval time) has come: due at the instant itself. */
export function isDue(at: string | null, now: Date): boolean {
  return at !== null && Date.parse(at) <= now.getTime();
}

/**
 * The clocks a move to `to` stops: leaving the statuses where the time limit runs clears
 * `deadline_at`, leaving review clears `auto_approve_at`. Clearing them keeps the jobs' indexes
 * holding only clocks that still run.
 */
export function stoppedClocks(to: string): { deadline_at?: null; auto_approve_at?: null } {
  return {
    ...(!isTimed(to) && { deadline_at: null }),
    ...(to !== 'awaiting_review' && { auto_approve_at: null }),
  };
}

/** The longest a clock job waits between rounds: a place taken meanwhile may fall due sooner. */
export const CLOCK_ROUND_MAX_MS = 30_000;
/** The shortest wait after a round that did less than a batch: nothing left due is a hot loop. */
export const CLOCK_ROUND_MIN_MS = 1_000;

/**
 * When a clock job's next round runs: at once after a full batch; otherwise when the next clock
 * falls due, between CLOCK_ROUND_MIN_MS and CLOCK_ROUND_MAX_MS.
 */
export function nextRoundInMs(input: {
  now: Date;
  /** Done this round. */
  done: number;
  batch: number;
  /** The earliest clock still running, if any. */
  next: Date | undefined;
}): number {
  if (input.done >= input.batch) return 0;
  if (!input.next) return CLOCK_ROUND_MAX_MS;
  const until = input.next.getTime() - input.now.getTime();
  return Math.min(CLOCK_ROUND_MAX_MS, Math.max(CLOCK_ROUND_MIN_MS, until));
}
