import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateIncentive, type IncentiveInput, PRICING_POLICY } from './estimate-incentive.ts';

const share = fc.double({ min: 0.0001, max: 1, noNaN: true });
const input = fc.record({
  numParticipants: fc.integer({ min: 1, max: 10_000 }),
  durationMinutes: fc.integer({ min: 1, max: 600 }),
  audienceSelectivity: share,
  screenerStrictness: share,
  recruitmentWindowDays: fc.integer({ min: 1, max: 90 }),
  b2b: fc.boolean(),
});

const cents = (value: IncentiveInput) => estimateIncentive(value).incentiveCents;

describe('estimateIncentive', () => {
  it('pays the plain consumer hourly rate for a general, unhurried study', () => {
    const estimate = estimateIncentive({
      numParticipants: 50,
      durationMinutes: 60,
      audienceSelectivity: 1,
      screenerStrictness: 1,
      recruitmentWindowDays: 14,
      b2b: false,
    });
    expect(estimate.incentiveCents).toBe(1_200);
    expect(estimate.breakdown.minimumApplied).toBe(false);
  });

  it('pays professionals far more than a consumer panel for the same hour', () => {
    const base = {
      numParticipants: 10,
      durationMinutes: 60,
      audienceSelectivity: 1,
      screenerStrictness: 1,
      recruitmentWindowDays: 14,
    };
    expect(cents({ ...base, b2b: true })).toBe(9_000);
    expect(cents({ ...base, b2b: true })).toBeGreaterThan(5 * cents({ ...base, b2b: false }));
  });

  it('never pays below the minimum', () => {
    const tiny = { numParticipants: 1, durationMinutes: 1, audienceSelectivity: 1 };
    const consumer = estimateIncentive({
      ...tiny,
      screenerStrictness: 1,
      recruitmentWindowDays: 30,
      b2b: false,
    });
    expect(consumer.incentiveCents).toBe(PRICING_POLICY.consumerMinimumCents);
    expect(consumer.breakdown.minimumApplied).toBe(true);
    expect(cents({ ...tiny, screenerStrictness: 1, recruitmentWindowDays: 30, b2b: true })).toBe(
      PRICING_POLICY.b2bMinimumCents,
    );
  });

  it('caps the narrowness premiums', () => {
    const estimate = estimateIncentive({
      numParticipants: 1_000_000,
      durationMinutes: 60,
      audienceSelectivity: 1e-9,
      screenerStrictness: 1e-9,
      recruitmentWindowDays: 1,
      b2b: false,
    });
    expect(estimate.breakdown.audienceFactor).toBe(PRICING_POLICY.audienceCap);
    expect(estimate.breakdown.screenerFactor).toBe(PRICING_POLICY.screenerCap);
    expect(estimate.breakdown.reachFactor).toBe(PRICING_POLICY.reachCap);
    expect(estimate.breakdown.urgencyFactor).toBe(1.3);
    expect(estimate.incentiveCents).toBe(Math.round(1_200 * 2 * 1.5 * 1.3 * 1.25));
  });

  it('refuses inputs outside its domain', () => {
    const good = {
      numParticipants: 5,
      durationMinutes: 10,
      audienceSelectivity: 0.5,
      screenerStrictness: 0.5,
      recruitmentWindowDays: 5,
      b2b: false,
    };
    expect(() => estimateIncentive({ ...good, audienceSelectivity: 0 })).toThrow(RangeError);
    expect(() => estimateIncentive({ ...good, screenerStrictness: 1.5 })).toThrow(RangeError);
    expect(() => estimateIncentive({ ...good, durationMinutes: 0 })).toThrow(RangeError);
    expect(() => estimateIncentive({ ...good, numParticipants: 0 })).toThrow(RangeError);
    expect(() => estimateIncentive({ ...good, recruitmentWindowDays: Number.NaN })).toThrow();
  });

  it('always answers whole cents, deterministically', () => {
    fc.assert(
      fc.property(input, (value) => {
        const first = estimateIncentive(value);
        expect(Number.isSafeInteger(first.incentiveCents)).toBe(true);
        expect(estimateIncentive(value)).toEqual(first);
      }),
    );
  });

  it('is non-decreasing in duration', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 600 }), (value, more) => {
        const longer = { ...value, durationMinutes: value.durationMinutes + more };
        expect(cents(longer)).toBeGreaterThanOrEqual(cents(value));
      }),
    );
  });

  it('is non-decreasing as the audience narrows', () => {
    fc.assert(
      fc.property(input, share, (value, factor) => {
        const narrower = { ...value, audienceSelectivity: value.audienceSelectivity * factor };
        fc.pre(narrower.audienceSelectivity > 0);
        expect(cents(narrower)).toBeGreaterThanOrEqual(cents(value));
      }),
    );
  });

  it('is non-decreasing as the screener gets stricter', () => {
    fc.assert(
      fc.property(input, share, (value, factor) => {
        const stricter = { ...value, screenerStrictness: value.screenerStrictness * factor };
        fc.pre(stricter.screenerStrictness > 0);
        expect(cents(stricter)).toBeGreaterThanOrEqual(cents(value));
      }),
    );
  });

  it('is non-decreasing as the recruitment window shortens', () => {
    fc.assert(
      fc.property(input, fc.double({ min: 0.01, max: 1, noNaN: true }), (value, factor) => {
        const sooner = { ...value, recruitmentWindowDays: value.recruitmentWindowDays * factor };
        expect(cents(sooner)).toBeGreaterThanOrEqual(cents(value));
      }),
    );
  });

  it('is non-decreasing in participant count and for B2B', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 100_000 }), (value, more) => {
        const bigger = { ...value, numParticipants: value.numParticipants + more };
        expect(cents(bigger)).toBeGreaterThanOrEqual(cents(value));
        expect(cents({ ...value, b2b: true })).toBeGreaterThanOrEqual(
          cents({ ...value, b2b: false }),
        );
      }),
    );
  });

  it('strictly rewards a shorter window below a week', () => {
    const base = {
      numParticipants: 100,
      durationMinutes: 20,
      audienceSelectivity: 1,
      screenerStrictness: 1,
      b2b: false,
    };
    expect(cents({ ...base, recruitmentWindowDays: 2 })).toBeGreaterThan(
      cents({ ...base, recruitmentWindowDays: 6 }),
    );
    expect(cents({ ...base, recruitmentWindowDays: 7 })).toBe(
      cents({ ...base, recruitmentWindowDays: 60 }),
    );
  });
});
