import type { LedgerKind } from './ledger-entries.table.ts';

export interface MonthStatement {
  /** YYYY-MM, UTC. */
  month: string;
  /** What launches, bonuses, payout runs and fees cost that month (a positive figure). */
  charged_cents: number;
  /** What stops, expiry and rejected places gave back. */
  refunded_cents: number;
  credit_cents: number;
}

const REFUNDS: ReadonlySet<LedgerKind> = new Set([
  'stop_refund',
  'expiry_refund',
  'rejection_refund',
]);

/** Month by month from ledger sums by kind (pure: the query below feeds it). */
export function statementFromSums(
  sums: readonly { month: string; kind: LedgerKind; amount_cents: number }[],
): MonthStatement[] {
  const months = new Map<string, MonthStatement>();
  for (const { month, kind, amount_cents } of sums) {
    const row = months.get(month) ?? {
      month,
      charged_cents: 0,
      refunded_cents: 0,
      credit_cents: 0,
    };
    if (kind === 'credit') row.credit_cents += amount_cents;
    else if (REFUNDS.has(kind)) row.refunded_cents += amount_cents;
    else row.charged_cents -= amount_cents;
    months.set(month, row);
  }
  return [...months.values()].sort((a, b) => b.month.localeCompare(a.month));
}
