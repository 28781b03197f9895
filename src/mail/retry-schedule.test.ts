import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIRST_RETRY_MS,
  givesUp,
  MAIL_GIVE_UP_ATTEMPTS,
  MAX_RETRY_MS,
  mailRetryDelayMs,
} from './retry-schedule.ts';

describe('mailRetryDelayMs', () => {
  it('waits 30 s after the first failure, doubling up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(mailRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it('never waits less than the first delay, more than an hour, or less than last time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (failures) => {
        const delay = mailRetryDelayMs(failures);
        expect(delay).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
        expect(delay).toBeLessThanOrEqual(MAX_RETRY_MS);
        expect(delay).toBeGreaterThanOrEqual(mailRetryDelayMs(failures - 1));
      }),
    );
  });
});

describe('givesUp', () => {
  it('gives a mail up on a permanent refusal at its eighth send, about an hour in', () => {
    expect(MAIL_GIVE_UP_ATTEMPTS).toBe(8);
    const waited = Array.from({ length: MAIL_GIVE_UP_ATTEMPTS - 1 }, (_, i) =>
      mailRetryDelayMs(i + 1),
    ).reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBe(3_810_000);
    expect([1, 2, 7].map((attempts) => givesUp(attempts, true))).toEqual([false, false, false]);
    expect(givesUp(8, true)).toBe(true);
  });

  it('never gives up on a server it could not reach or one that said to try later', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (attempts) => {
        expect(givesUp(attempts, false)).toBe(false);
        expect(givesUp(attempts, true)).toBe(attempts >= MAIL_GIVE_UP_ATTEMPTS);
      }),
    );
  });
});
