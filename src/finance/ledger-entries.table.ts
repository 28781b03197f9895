import type { Insertable, Selectable } from 'kysely';

/**
 * Kinds of balance movement. Amounts are signed cents from the organization's point of view:
 * a launch charge is negative, a refund or credit positive. Participant payouts move money that
 * was already charged at launch from the escrow of the opportunity to the participant, so they
 * carry the organization amount 0 and the participant amount. Bonuses and payout runs were not
 * charged before, so their rows carry both: the charge (negative) and the same amount paid.
 */
export type LedgerKind =
  | 'credit'
  | 'launch_charge'
  | 'stop_refund'
  | 'expiry_refund'
  | 'rejection_refund'
  | 'participant_payout'
  /** A bonus: charged to the organization and paid to the participant in one row. */
  | 'bonus'
  /** The platform's fee on a call's bonuses (BONUS_FEE_PERCENT), on its own row. */
  | 'bonus_fee'
  /** One submission's line of a payout run: charged and paid in one row. */
  | 'payout_run'
  /** A lab session's show-up fee to a reserve sent home: charged and paid in one row. */
  | 'show_up_fee';

export interface LedgerEntriesTable {
  id: string;
  organization_id: string;
  kind: LedgerKind;
  amount_cents: number;
  balance_after_cents: number;
  opportunity_id: string | null;
  submission_id: string | null;
  participant_id: string | null;
  /** Paid to the participant by this entry; 0 for entries that do not pay anyone. */
  participant_amount_cents: number;
  memo: string | null;
  created_at: string;
}

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type NewLedgerEntryRow = Insertable<LedgerEntriesTable>;
