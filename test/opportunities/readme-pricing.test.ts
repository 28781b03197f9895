import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateIncentive, priceOpportunity } from '../../src/opportunities/pricing/index.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the README pricing example', () => {
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
    expect(readme).toContain(`**${incentiveCents.toLocaleString('en-US')} cents**`);
    expect(readme).toContain(
      `**${pricing.cost_per_participant_cents.toLocaleString('en-US')} cents**`,
    );
    expect(readme).toContain(`**${pricing.total_cost_cents.toLocaleString('en-US')} cents**`);
    expect(readme).toContain('[docs/pricing.md](docs/pricing.md)');
  });
});
