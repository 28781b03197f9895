import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateIncentive, priceOpportunity } from '../../src/pricing/index.ts';

/** The worked example of the opportunities guide, as the pricing function computes it. */
const guide = readFileSync(new URL('../../docs/api/opportunities.md', import.meta.url), 'utf8');

describe('the pricing example of docs/api/opportunities.md', () => {
  it('shows what the pricing function computes', () => {
    const { incentiveCents, breakdown } = estimateIncentive({
      numParticipants: 200,
      durationMinutes: 30,
      audienceSelectivity: 0.25,
      screenerStrictness: 0.5,
      recruitmentWindowDays: 3,
      b2b: false,
    });
    const pricing = priceOpportunity({
      incentiveCents,
      platformFeeCents: 200,
      numParticipants: 200,
    });
    expect(breakdown.reachFactor).toBe(1.0102);
    expect(guide).toContain(`**${incentiveCents.toLocaleString('en-US')} cents**`);
    expect(guide).toContain(
      `**${pricing.cost_per_participant_cents.toLocaleString('en-US')} cents**`,
    );
    expect(guide).toContain(`**${pricing.total_cost_cents.toLocaleString('en-US')} cents**`);
    expect(guide).toContain('[docs/pricing.md](../pricing.md)');
  });
});
