const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The Standard Webhooks schedule: the delay before each attempt, first attempt immediately. The
 * delays add up to about 3 days 3 hours, so a receiver down over a weekend still gets its events.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length;

/** Spreads retries of many deliveries that failed together (a receiver outage) by +/- 10%. */
export const JITTER_FRACTION = 0.1;

/**
 * A receiver's Retry-After is honoured up to the longest step of the schedule: a receiver cannot
 * park a delivery for weeks, and the whole schedule stays bounded.
 */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/** After this long with every delivery failing, the subscription is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * DAY;

/**
 * Milliseconds to wait before attempt number `attemptNumber` (1-based: attempt 1 goes at once,
 * attempt 2 five seconds after the first failed, ...), or null when the schedule is exhausted.
 * A job that has made `attempts` failed attempts asks for `nextAttemptDelayMs(attempts + 1)`.
 *
 * `retryAfterMs` (from `parseRetryAfter`) only ever lengthens the wait: the receiver asked us not
 * to come back sooner, and our own schedule still applies when it is longer.
 */
export function nextAttemptDelayMs(
  attemptNumber: number,
  random: () => number = Math.random,
  retryAfterMs?: number | null,
): number | null {
  if (!Number.isInteger(attemptNumber) || attemptNumber < 1) return null;
  const base = RETRY_SCHEDULE_MS[attemptNumber - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 + JITTER_FRACTION * (2 * clampUnit(random()) - 1)));
  if (retryAfterMs === undefined || retryAfterMs === null || !(retryAfterMs > 0)) return jittered;
  return Math.max(jittered, Math.min(Math.ceil(retryAfterMs), MAX_RETRY_AFTER_MS));
}

function clampUnit(value: number): number {
  if (!Number.isFinite(value)) return 0.5;
  return Math.min(1, Math.max(0, value));
}

/**
 * Reads an HTTP Retry-After value (RFC 9110: delay-seconds or an HTTP-date) as milliseconds from
 * `now`, capped at MAX_RETRY_AFTER_MS. Null when absent or unreadable; 0 for a date in the past.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: number = Date.now(),
): number | null {
  if (value === undefined || value === null) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Math.min(Number(text) * SECOND, MAX_RETRY_AFTER_MS);
  // Only date forms: Date.parse would also accept "12" or "2024" and read them as years.
  if (!/[a-z]/i.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}

/**
 * The 5-days-all-failed rule. `firstFailureAt` is when the current unbroken run of failures began
 * (the earliest failed attempt since the last success), or null when the last attempt succeeded.
 */
export function shouldDisableForFailures(
  firstFailureAt: Date | number | null | undefined,
  now: Date | number = Date.now(),
): boolean {
  if (firstFailureAt === null || firstFailureAt === undefined) return false;
  return toMs(now) - toMs(firstFailureAt) >= DISABLE_AFTER_FAILING_MS;
}

function toMs(value: Date | number): number {
  return typeof value === 'number' ? value : value.getTime();
}
