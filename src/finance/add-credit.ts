import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import { organizationExists, recordLedgerEntry } from './ledger.ts';
import type { LedgerEntryRow } from './ledger-entries.table.ts';

/**
 * An operator adds credit to an organization's balance (the CLI's `cohort credit add`, the
 * dashboard's finance page): one ledger entry, in its own transaction. Undefined when there is no
 * such organization. The amount is whole, positive cents; callers check what people typed.
 */
export async function addCredit(
  db: Db,
  input: { organizationId: string; amountCents: number; memo: string; actor?: AuditActor },
): Promise<LedgerEntryRow | undefined> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RangeError(`credit is a positive number of cents, got ${input.amountCents}`);
  }
  return db.transaction().execute(async (trx) => {
    if (!(await organizationExists(trx, input.organizationId))) return undefined;
    const entry = await recordLedgerEntry(trx, {
      organizationId: input.organizationId,
      kind: 'credit',
      amountCents: input.amountCents,
      memo: input.memo,
    });
    await recordActorEvent(trx, input.actor, {
      organizationId: input.organizationId,
      action: 'credit.added',
      subjectType: 'ledger_entry',
      subjectId: entry.id,
      details: { amount_cents: input.amountCents, memo: input.memo },
    });
    return entry;
  });
}
