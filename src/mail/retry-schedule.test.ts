import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_RETRY_MS, mailRetryDelayMs } from './retry-schedule.ts';

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
