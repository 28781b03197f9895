import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_HOURLY_RATE_CENTS,
  type PayFrequencyChange,
  type PayFrequencyState,
  planPayFrequency,
} from './pay-frequency.ts';

const draft: PayFrequencyState = {
  status: 'draft',
  payFrequency: 'one_time',
  incentiveCents: 1_500,
  platformFeeCents: 200,
  numParticipants: 10,
  oneTimeIncentiveCents: null,
};

const change: fc.Arbitrary<PayFrequencyChange> = fc.oneof(
  fc.constant({ frequency: 'one_time' as const }),
  fc.record({
    frequency: fc.constant('hourly' as const),
    hourlyRateCents: fc.integer({ min: 1, max: MAX_HOURLY_RATE_CENTS }),
  }),
  fc.record({
    frequency: fc.constant('per_task' as const),
    taskPriceCents: fc.integer({ min: 1, max: 10_000 }),
  }),
);

describe('planPayFrequency', () => {
  it('sets the one-time incentive aside on a draft going hourly: places then cost the fee', () => {
    const plan = planPayFrequency(draft, { frequency: 'hourly', hourlyRateCents: 2_500 });
    expect(plan).toEqual({
      ok: true,
      to: {
        pay_frequency: 'hourly',
        hourly_rate_cents: 2_500,
        task_price_cents: null,
        incentive_cents: 0,
        cost_per_participant_cents: 200,
        total_cost_cents: 2_000,
        one_time_incentive_cents: 1_500,
      },
    });
  });

  it('changes the rate of a launched opportunity but never its frequency', () => {
    const launched = { ...draft, status: 'active' as const, payFrequency: 'hourly' as const };
    expect(planPayFrequency(launched, { frequency: 'hourly', hourlyRateCents: 3_000 }).ok).toBe(
      true,
    );
    const refused = planPayFrequency(launched, { frequency: 'per_task', taskPriceCents: 500 });
    expect(refused).toEqual({
      ok: false,
      refusal: 'conflict',
      message: expect.stringContaining('only while it is a draft'),
    });
    expect(
      planPayFrequency({ ...draft, status: 'active' }, { frequency: 'hourly', hourlyRateCents: 1 })
        .ok,
    ).toBe(false);
  });

  it('refuses rates outside 1 cent to the maximum', () => {
    for (const rate of [0, -5, 1.5, MAX_HOURLY_RATE_CENTS + 1]) {
      expect(planPayFrequency(draft, { frequency: 'hourly', hourlyRateCents: rate }).ok).toBe(
        false,
      );
    }
  });

  it('any sequence of changes on a draft comes back to the original price on one_time', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 8 }), (changes) => {
        let state = draft;
        for (const next of [...changes, { frequency: 'one_time' as const }]) {
          const plan = planPayFrequency(state, next);
          expect(plan.ok).toBe(true);
          if (!plan.ok) return;
          // The price is always the incentive plus the fee, for every place.
          expect(plan.to.cost_per_participant_cents).toBe(plan.to.incentive_cents + 200);
          expect(plan.to.total_cost_cents).toBe(plan.to.cost_per_participant_cents * 10);
          expect(plan.to.incentive_cents === 0).toBe(plan.to.pay_frequency !== 'one_time');
          state = {
            ...state,
            payFrequency: plan.to.pay_frequency,
            incentiveCents: plan.to.incentive_cents,
            oneTimeIncentiveCents: plan.to.one_time_incentive_cents,
          };
        }
        expect(state.incentiveCents).toBe(draft.incentiveCents);
      }),
    );
  });
});
