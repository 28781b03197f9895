import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JITTER_FRACTION,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  nextAttemptDelayMs,
  parseRetryAfter,
  RETRY_SCHEDULE_MS,
  shouldDisableForFailures,
} from './retry-schedule.ts';

const noJitter = () => 0.5;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('nextAttemptDelayMs', () => {
  it('follows the Standard Webhooks schedule without jitter', () => {
    const delays = Array.from({ length: 10 }, (_, i) => nextAttemptDelayMs(i + 1, noJitter));
    expect(delays).toEqual([
      0,
      5_000,
      300_000,
      1_800_000,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      14 * HOUR,
      20 * HOUR,
      24 * HOUR,
    ]);
  });

  it('is exhausted after ten attempts, and refuses nonsense attempt numbers', () => {
    expect(MAX_ATTEMPTS).toBe(10);
    expect(nextAttemptDelayMs(11, noJitter)).toBeNull();
    expect(nextAttemptDelayMs(0, noJitter)).toBeNull();
    expect(nextAttemptDelayMs(1.5, noJitter)).toBeNull();
    expect(nextAttemptDelayMs(11, noJitter, 1_000)).toBeNull();
  });

  it('is monotone non-decreasing without jitter and totals about three days', () => {
    let previous = -1;
    let total = 0;
    for (let n = 1; n <= MAX_ATTEMPTS; n++) {
      const delay = nextAttemptDelayMs(n, noJitter)!;
      expect(delay).toBeGreaterThanOrEqual(previous);
      previous = delay;
      total += delay;
    }
    expect(total).toBe(RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0));
    expect(total).toBeGreaterThan(3 * DAY);
    expect(total).toBeLessThan(3.5 * DAY);
  });

  it('keeps jitter within +/- 10% of the step, whatever the random source returns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_ATTEMPTS }),
        fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constant(Number.NaN), fc.double()),
        (n, r) => {
          const base = RETRY_SCHEDULE_MS[n - 1]!;
          const delay = nextAttemptDelayMs(n, () => r)!;
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(base * (1 - JITTER_FRACTION)));
          expect(delay).toBeLessThanOrEqual(Math.ceil(base * (1 + JITTER_FRACTION)));
        },
      ),
    );
  });

  it('actually spreads retries', () => {
    expect(nextAttemptDelayMs(5, () => 0)).toBe(6_480_000);
    expect(nextAttemptDelayMs(5, () => 1)).toBe(7_920_000);
  });

  it('waits at least the Retry-After asked for, capped, and never less than the schedule', () => {
    expect(nextAttemptDelayMs(2, noJitter, 60_000)).toBe(60_000);
    expect(nextAttemptDelayMs(3, noJitter, 60_000)).toBe(300_000);
    expect(nextAttemptDelayMs(2, noJitter, 30 * DAY)).toBe(MAX_RETRY_AFTER_MS);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_ATTEMPTS }),
        fc.integer({ min: 0, max: 60 * DAY }),
        (n, retryAfter) => {
          const plain = nextAttemptDelayMs(n, noJitter)!;
          const delay = nextAttemptDelayMs(n, noJitter, retryAfter)!;
          expect(delay).toBeGreaterThanOrEqual(plain);
          expect(delay).toBeGreaterThanOrEqual(Math.min(retryAfter, MAX_RETRY_AFTER_MS));
          expect(delay).toBeLessThanOrEqual(Math.max(plain, MAX_RETRY_AFTER_MS));
        },
      ),
    );
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date relative to now, past dates as 0', () => {
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:02:00 GMT', now)).toBe(120_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
  });

  it('caps long waits at 24 hours', () => {
    expect(parseRetryAfter('999999999', now)).toBe(MAX_RETRY_AFTER_MS);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('ignores absent and unreadable values', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});

describe('shouldDisableForFailures', () => {
  const start = Date.parse('2025-01-01T00:00:00Z');

  it('disables once every delivery has failed for 5 days', () => {
    expect(shouldDisableForFailures(start, start + 5 * DAY - 1)).toBe(false);
    expect(shouldDisableForFailures(start, start + 5 * DAY)).toBe(true);
    expect(shouldDisableForFailures(new Date(start), new Date(start + 6 * DAY))).toBe(true);
  });

  it('never disables a subscription whose last delivery succeeded', () => {
    expect(shouldDisableForFailures(null, start)).toBe(false);
    expect(shouldDisableForFailures(undefined, start)).toBe(false);
  });
});
