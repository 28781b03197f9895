import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateIncentive, priceOpportunity } from '../pricing/index.ts';
import { autoPriceFeasibility, formatCents } from './index.ts';

const doc = readFileSync(new URL('../../docs/pricing.md', import.meta.url), 'utf8');

describe('docs/pricing.md', () => {
  it('shows the numbers the code computes for the worked example', () => {
    const { incentiveCents, breakdown } = estimateIncentive({
      numParticipants: 200,
      durationMinutes: 30,
      audienceSelectivity: 0.25,
      screenerStrictness: 0.5,
      recruitmentWindowDays: 3,
      b2b: false,
    });
    expect(breakdown).toMatchObject({
      baseCents: 600,
      audienceFactor: 1.3,
      screenerFactor: 1.1,
      urgencyFactor: 1.2,
      reachFactor: 1.0102,
      rawCents: 1040.1019,
    });
    expect(incentiveCents).toBe(1040);
    const pricing = priceOpportunity({
      incentiveCents,
      platformFeeCents: 200,
      numParticipants: 200,
    });
    expect(pricing.cost_per_participant_cents).toBe(1240);
    expect(pricing.total_cost_cents).toBe(248_000);
    for (const shown of [
      '1,040.1019',
      '**1,040 cents**',
      '**1,240 cents**',
      '**248,000 cents**',
      '1.0102',
    ]) {
      expect(doc).toContain(shown);
    }
  });

  it('shows the automatic feasibility example as computed', () => {
    const result = autoPriceFeasibility({
      taskDescription: '45-minute interview about cloud cost tooling',
      panelDescription: 'Engineering managers at SaaS companies',
      submissionCount: 12,
      timelineHours: 120,
      payRateFrequency: 'ONE_TIME',
      loiMinutes: 45,
    });
    if (result.kind !== 'priced') throw new Error(result.reason);
    expect(result).toMatchObject({ incentiveCents: 10_618, feeCents: 2_655, cpiCents: 13_273 });
    expect(formatCents(result.cpiCents)).toBe('132.73');
    for (const shown of ['10,617.75', '10,618 cents', '2,655', '"132.73"'])
      expect(doc).toContain(shown);
  });
});
