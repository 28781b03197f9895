/** The contract's `pricing` object on an opportunity (2.2). */
export interface OpportunityPricing {
  cost_per_participant_cents: number;
  total_cost_cents: number;
  currency: 'usd';
}

function assertCents(name: string, value: number, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer of at least ${min}, got ${value}`);
  }
}

/** Cost per participant = incentive + platform fee; total = cost x places (docs/pricing.md). */
export function priceOpportunity(input: {
  incentiveCents: number;
  platformFeeCents: number;
  numParticipants: number;
}): OpportunityPricing {
  assertCents('incentiveCents', input.incentiveCents);
  assertCents('platformFeeCents', input.platformFeeCents);
  assertCents('numParticipants', input.numParticipants, 1);
  const cost = input.incentiveCents + input.platformFeeCents;
  return {
    cost_per_participant_cents: cost,
    total_cost_cents: cost * input.numParticipants,
    currency: 'usd',
  };
}

export interface FeasibilityPrice {
  incentiveCents: number;
  platformFeeCents: number;
  pricing: OpportunityPricing;
}

/** Problems with an operator's (or the automatic) CPI and fee; empty when they can be honoured. */
export function feasibilityPriceIssues(input: { cpiCents: number; feeCents: number }): string[] {
  const issues: string[] = [];
  if (!Number.isSafeInteger(input.cpiCents) || input.cpiCents <= 0) {
    issues.push('The CPI must be a positive amount in whole cents');
  }
  if (!Number.isSafeInteger(input.feeCents) || input.feeCents < 0) {
    issues.push('The fee must be zero or a positive amount in whole cents');
  }
  if (issues.length === 0 && input.feeCents > input.cpiCents) {
    issues.push('The fee cannot exceed the CPI: the participant incentive would be negative');
  }
  return issues;
}

/**
 * Contract 4.5 rules 3 and 4: the confirmed CPI is all-in and charged exactly per participant;
 * the confirmed fee becomes the flat platform fee, so the participant receives CPI - fee.
 */
export function priceFromFeasibility(input: {
  cpiCents: number;
  feeCents: number;
  numParticipants: number;
}): FeasibilityPrice {
  const issues = feasibilityPriceIssues(input);
  if (issues.length > 0) throw new RangeError(issues.join('; '));
  const incentiveCents = input.cpiCents - input.feeCents;
  return {
    incentiveCents,
    platformFeeCents: input.feeCents,
    pricing: priceOpportunity({
      incentiveCents,
      platformFeeCents: input.feeCents,
      numParticipants: input.numParticipants,
    }),
  };
}
