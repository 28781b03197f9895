/** A week: how often the schedule pays an hourly or per-task opportunity. */
export const PAYOUT_INTERVAL_MS = 7 * 24 * 3600 * 1000;

/**
 * Whether the schedule should pay an opportunity now: a week after its latest run, or after its
 * launch when it has none. Pure, so it is tested without a clock.
 */
export function isPayoutDue(
  candidate: { launched_at: string | null; last_run_at: string | null },
  now: Date,
): boolean {
  const since = candidate.last_run_at ?? candidate.launched_at;
  if (since === null) return false;
  return Date.parse(since) + PAYOUT_INTERVAL_MS <= now.getTime();
}
