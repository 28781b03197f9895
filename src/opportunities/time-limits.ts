/**
 * An opportunity's time limits (docs/decisions/0084-time-limits.md): how long a place is
 * held for work before it times out, and how long work waits for review before it is approved
 * automatically. Pure: create, edit and the view read them from here.
 */

/** `max_minutes_per_submission` takes 1 minute to a week. */
export const MAX_MINUTES_PER_SUBMISSION = { minimum: 1, maximum: 10_080 } as const;

/** The default limit is never shorter than this: a short task still needs time to open and read. */
export const MIN_DEFAULT_MAX_MINUTES = 10;

/** How many times the tasks' total duration the default limit allows. */
export const DEFAULT_TIME_LIMIT_FACTOR = 3;

/** `auto_approve_after_days` takes 1 to 365 days, or null for never; 21 when not given. */
export const AUTO_APPROVE_AFTER_DAYS = { minimum: 1, maximum: 365, default: 21 } as const;

/**
 * Three times the tasks' total `duration_minutes`, at least 10 minutes, and never more than the
 * largest limit one may set (a week).
 */
export function defaultMaxMinutesPerSubmission(
  tasks: readonly { duration_minutes?: number | null }[],
): number {
  const total = tasks.reduce((sum, task) => {
    const minutes = task.duration_minutes ?? 0;
    return sum + (Number.isFinite(minutes) && minutes > 0 ? minutes : 0);
  }, 0);
  return Math.min(
    MAX_MINUTES_PER_SUBMISSION.maximum,
    Math.max(MIN_DEFAULT_MAX_MINUTES, DEFAULT_TIME_LIMIT_FACTOR * total),
  );
}

export interface TimeLimits {
  maxMinutesPerSubmission: number;
  /** Null: work waits for the researcher however long it takes. */
  autoApproveAfterDays: number | null;
}

/** The limits in force: a stored null limit (a row written outside create) reads as the default. */
export function timeLimitsOf(opportunity: {
  max_minutes_per_submission: number | null;
  auto_approve_after_days: number | null;
  tasks: readonly { duration_minutes?: number | null }[];
}): TimeLimits {
  return {
    maxMinutesPerSubmission:
      opportunity.max_minutes_per_submission ?? defaultMaxMinutesPerSubmission(opportunity.tasks),
    autoApproveAfterDays: opportunity.auto_approve_after_days,
  };
}
