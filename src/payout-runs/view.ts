import type { PayoutRunLineRow, PayoutRunRow } from './payout-runs.table.ts';
import type { PayoutRunDetailResponse, PayoutRunResponse } from './schemas.ts';

export function payoutRunView(row: PayoutRunRow): PayoutRunResponse {
  return {
    id: row.id,
    opportunity_id: row.opportunity_id,
    pay_frequency: row.pay_frequency,
    rate_cents: Number(row.rate_cents),
    until: row.until,
    total_cents: Number(row.total_cents),
    currency: 'usd',
    line_count: Number(row.line_count),
    trigger: row.trigger,
    created_at: row.created_at,
  };
}

export function payoutRunDetailView(
  row: PayoutRunRow,
  lines: readonly PayoutRunLineRow[],
): PayoutRunDetailResponse {
  return {
    ...payoutRunView(row),
    lines: lines.map((line) => ({
      submission_id: line.submission_id,
      participant_id: line.participant_id,
      seconds: line.seconds === null ? null : Number(line.seconds),
      tasks: line.tasks === null ? null : Number(line.tasks),
      amount_cents: Number(line.amount_cents),
    })),
  };
}
