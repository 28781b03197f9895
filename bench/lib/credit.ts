import path from 'node:path';
import { recordLedgerEntry } from '../../src/finance/ledger.ts';
import { findKeyByHash } from '../../src/organizations/index.ts';
import { hashSecret } from '../../src/platform/credentials.ts';
import { openSqlite } from '../../src/platform/db/database.ts';

/**
 * Credit for a benchmark's studies, through the ledger, to the organization whose key a
 * `cohort serve` started on the embedded database (processes.ts, startCohort) was given: written
 * in that database directly, as an operator's top-up would be.
 */
export async function creditStartedCohort(
  cohort: { dataDir: string; apiKey: string },
  amountCents = 1_000_000_000,
): Promise<void> {
  const database = openSqlite(path.join(cohort.dataDir, 'cohort.sqlite'));
  try {
    const owner = await findKeyByHash(database.db, hashSecret(cohort.apiKey));
    if (!owner) throw new Error('the started cohort has no organization for its key');
    await database.db.transaction().execute((trx) =>
      recordLedgerEntry(trx, {
        organizationId: owner.organization.id,
        kind: 'credit',
        amountCents,
        memo: 'Benchmark credit',
      }),
    );
  } finally {
    await database.destroy();
  }
}
