import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPayoutDue, PAYOUT_INTERVAL_MS } from './schedule.ts';

describe('the weekly payout schedule', () => {
  const launched = '2026-01-01T00:00:00.000Z';
  const later = (ms: number) => new Date(Date.parse(launched) + ms);

  it('is due a week after launch, then a week after each run', () => {
    expect(
      isPayoutDue({ launched_at: launched, last_run_at: null }, later(PAYOUT_INTERVAL_MS - 1)),
    ).toBe(false);
    expect(
      isPayoutDue({ launched_at: launched, last_run_at: null }, later(PAYOUT_INTERVAL_MS)),
    ).toBe(true);
    const ran = later(PAYOUT_INTERVAL_MS).toISOString();
    expect(
      isPayoutDue({ launched_at: launched, last_run_at: ran }, later(PAYOUT_INTERVAL_MS + 1000)),
    ).toBe(false);
    expect(
      isPayoutDue({ launched_at: null, last_run_at: null }, later(10 * PAYOUT_INTERVAL_MS)),
    ).toBe(false);
  });

  it('once due, stays due as time passes', () => {
    fc.assert(
      fc.property(fc.nat(10 * PAYOUT_INTERVAL_MS), fc.nat(PAYOUT_INTERVAL_MS), (t, more) => {
        const candidate = { launched_at: launched, last_run_at: null };
        if (isPayoutDue(candidate, later(t)))
          expect(isPayoutDue(candidate, later(t + more))).toBe(true);
      }),
    );
  });
});
