/** The contract's `funding` object on a draft (2.8). */
export interface Funding {
  affordable: boolean;
  draws_on_credit: boolean;
  balance_cents: number;
  shortfall_cents: number;
  finance_url: string | null;
}

/**
 * Whether launching would be covered: the balance plus the overdraft limit must reach the total.
 * An affordable launch that takes the balance below zero draws on credit (invoiced later).
 */
export function computeFunding(input: {
  balanceCents: number;
  overdraftLimitCents: number;
  totalCostCents: number;
  financeUrl: string | null;
}): Funding {
  const available = input.balanceCents + Math.max(0, input.overdraftLimitCents);
  const affordable = available >= input.totalCostCents;
  return {
    affordable,
    draws_on_credit: affordable && input.balanceCents - input.totalCostCents < 0,
    balance_cents: input.balanceCents,
    shortfall_cents: affordable ? 0 : input.totalCostCents - available,
    finance_url: input.financeUrl,
  };
}
