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
  /**
   * The Idempotency-Key of the request that paid it, named with whose key it is (the API key):
   * a run of the same request after this one committed answers with these bonuses instead of
   * paying again (docs/decisions/0172-bonuses-keyed-in-the-database.md). Null without a key.
   */
  request_key: string | null;
  created_at: string;
}

export type BonusRow = Selectable<BonusesTable>;
