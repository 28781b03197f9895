import type { Selectable } from 'kysely';

/** A bonus paid to the participant of a submission (docs/decisions/0089-bonuses.md). */
export interface BonusesTable {
  id: string;
  organization_id: string;
  opportunity_id: string;
  submission_id: string;
  participant_id: string;
  /** What the participant received. */
  amount_cents: number;
  /** The platform's fee on it (BONUS_FEE_PERCENT), charged as its own ledger line. */
  fee_cents: number;
  reason: string | null;
  created_at: string;
}

export type BonusRow = Selectable<BonusesTable>;
