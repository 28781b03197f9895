import { sql } from 'kysely';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import { newId } from '../platform/ids.ts';
import type { LedgerEntryRow, LedgerKind } from './ledger-entries.table.ts';

export interface LedgerMovement {
  organizationId: string;
  kind: LedgerKind;
  /** Signed, from the organization's side: negative charges, positive refunds and credit. */
  amountCents: number;
  opportunityId?: string | null;
  submissionId?: string | null;
  participantId?: string | null;
  participantAmountCents?: number;
  memo?: string | null;
}

/**
 * The only way money moves. Must run inside the caller's transaction, together with the state
 * change that causes it: the balance update and the ledger row commit or roll back as one.
 */
export async function recordLedgerEntry(
  trx: Db,
  movement: LedgerMovement,
): Promise<LedgerEntryRow> {
  if (!Number.isSafeInteger(movement.amountCents)) {
    throw new Error(`ledger amounts are whole cents, got ${movement.amountCents}`);
  }
  const updated = await trx
    .updateTable('organizations')
    .set({
      balance_cents: sql`balance_cents + ${movement.amountCents}`,
      updated_at: isoNow(),
    })
    .where('id', '=', movement.organizationId)
    .returning('balance_cents')
    .executeTakeFirstOrThrow();
  return trx
    .insertInto('ledger_entries')
    .values({
      id: newId('ledger'),
      organization_id: movement.organizationId,
      kind: movement.kind,
      amount_cents: movement.amountCents,
      balance_after_cents: Number(updated.balance_cents),
      opportunity_id: movement.opportunityId ?? null,
      submission_id: movement.submissionId ?? null,
      participant_id: movement.participantId ?? null,
      participant_amount_cents: movement.participantAmountCents ?? 0,
      memo: movement.memo ?? null,
      created_at: isoNow(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function organizationExists(db: Db, organizationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function ledgerSumCents(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), sql<number>`0`).as('total'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The organization's ledger, newest first: a keyset scan of ledger_entries_organization. */
export async function listLedgerEntries(
  db: Db,
  organizationId: string,
  page: { limit: number; beforeId?: string },
): Promise<LedgerEntryRow[]> {
  let query = selectOwned(db, 'ledger_entries', organizationId).selectAll();
  if (page.beforeId) query = query.where('id', '<', page.beforeId);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  return rows.map((row) => ({
    ...row,
    amount_cents: Number(row.amount_cents),
    balance_after_cents: Number(row.balance_after_cents),
    participant_amount_cents: Number(row.participant_amount_cents),
  }));
}

/**
 * Every ledger row that names this participant (payouts, bonuses, payout-run lines, refunds of
 * their places), oldest first: what a participant's data export lists as payments.
 */
export async function ledgerEntriesOfParticipant(
  db: Db,
  participantId: string,
): Promise<LedgerEntryRow[]> {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
