import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFunding } from './funding.ts';
import {
  feasibilityPriceIssues,
  priceFromFeasibility,
  priceOpportunity,
} from './price-opportunity.ts';

describe('priceOpportunity', () => {
  it('adds the fee to the incentive and multiplies by places', () => {
    expect(
      priceOpportunity({ incentiveCents: 1040, platformFeeCents: 200, numParticipants: 200 }),
    ).toEqual({
      cost_per_participant_cents: 1240,
      total_cost_cents: 248_000,
      currency: 'usd',
    });
  });

  it('refuses fractional or negative money', () => {
    expect(() =>
      priceOpportunity({ incentiveCents: 10.5, platformFeeCents: 0, numParticipants: 1 }),
    ).toThrow(RangeError);
    expect(() =>
      priceOpportunity({ incentiveCents: 10, platformFeeCents: -1, numParticipants: 1 }),
    ).toThrow(RangeError);
    expect(() =>
      priceOpportunity({ incentiveCents: 10, platformFeeCents: 0, numParticipants: 0 }),
    ).toThrow(RangeError);
  });
});

describe('priceFromFeasibility', () => {
  it('charges the confirmed all-in CPI exactly; the participant gets CPI minus fee', () => {
    const price = priceFromFeasibility({ cpiCents: 4500, feeCents: 1200, numParticipants: 10 });
    expect(price.incentiveCents).toBe(3300);
    expect(price.platformFeeCents).toBe(1200);
    expect(price.pricing).toEqual({
      cost_per_participant_cents: 4500,
      total_cost_cents: 45_000,
      currency: 'usd',
    });
  });

  it('refuses a fee above the CPI', () => {
    expect(feasibilityPriceIssues({ cpiCents: 100, feeCents: 101 })).toHaveLength(1);
    expect(feasibilityPriceIssues({ cpiCents: 100, feeCents: 100 })).toEqual([]);
    expect(() =>
      priceFromFeasibility({ cpiCents: 100, feeCents: 101, numParticipants: 1 }),
    ).toThrow(RangeError);
  });

  it('charges CPI x places for every valid price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(),
        fc.integer({ min: 1, max: 10_000 }),
        (cpi, fee, n) => {
          fc.pre(fee <= cpi);
          const price = priceFromFeasibility({ cpiCents: cpi, feeCents: fee, numParticipants: n });
          expect(price.pricing.cost_per_participant_cents).toBe(cpi);
          expect(price.pricing.total_cost_cents).toBe(cpi * n);
          expect(price.incentiveCents + price.platformFeeCents).toBe(cpi);
        },
      ),
    );
  });
});

describe('computeFunding', () => {
  const url = 'http://localhost:8080/dashboard/finance';
  it.each([
    // balance, overdraft, total -> affordable, draws_on_credit, shortfall
    [10_000, 0, 5_000, true, false, 0],
    [10_000, 0, 10_000, true, false, 0],
    [10_000, 0, 10_001, false, false, 1],
    [10_000, 5_000, 12_000, true, true, 0],
    [10_000, 5_000, 15_000, true, true, 0],
    [10_000, 5_000, 16_000, false, false, 1_000],
    [-2_000, 5_000, 1_000, true, true, 0],
    [-2_000, 1_000, 1_000, false, false, 2_000],
  ])(
    'balance %i, overdraft %i, total %i',
    (balance, overdraft, total, affordable, credit, shortfall) => {
      expect(
        computeFunding({
          balanceCents: balance,
          overdraftLimitCents: overdraft,
          totalCostCents: total,
          financeUrl: url,
        }),
      ).toEqual({
        affordable,
        draws_on_credit: credit,
        balance_cents: balance,
        shortfall_cents: shortfall,
        finance_url: url,
      });
    },
  );

  it('never reports a shortfall when affordable, nor credit when unaffordable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.nat(1e9),
        fc.nat(1e9),
        (balance, overdraft, total) => {
          const f = computeFunding({
            balanceCents: balance,
            overdraftLimitCents: overdraft,
            totalCostCents: total,
            financeUrl: null,
          });
          expect(f.affordable).toBe(f.shortfall_cents === 0);
          if (f.draws_on_credit) expect(f.affordable).toBe(true);
          if (!f.affordable) expect(balance + overdraft + f.shortfall_cents).toBe(total);
        },
      ),
    );
  });
});
