import type { BonusRow } from './bonuses.table.ts';
import type { BonusResponse } from './schemas.ts';

export function bonusView(row: BonusRow): BonusResponse {
  return {
    id: row.id,
    opportunity_id: row.opportunity_id,
    submission_id: row.submission_id,
    participant_id: row.participant_id,
    amount_cents: Number(row.amount_cents),
    fee_cents: Number(row.fee_cents),
    reason: row.reason,
    created_at: row.created_at,
  };
}
