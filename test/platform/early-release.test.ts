import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/platform/db/database.ts';
import { flushCommitted, releaseLocksBeforeFlush } from '../../src/platform/db/early-release.ts';
import { engines } from '../support/harness.ts';

/**
 * Early lock release (docs/decisions.md, "Launch stampede"): the relaxed commit stays inside the
 * one transaction that asked for it. A pooled connection that kept it would commit later writes
 * (a ledger entry, a payout) without waiting for the disk.
 */
describe.runIf(engines().includes('postgres'))('early lock release on postgres', () => {
  it('relaxes only its own transaction, and the flush runs as a durable statement', async () => {
    // One connection, so the statement after the transaction runs where the transaction ran.
    const database = openPostgres(inject('postgresUrl'), 1);
    try {
      const { db } = database;
      const setting = async () =>
        (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]!
          .synchronous_commit;
      await sql`set synchronous_commit = on`.execute(db);
      const inside = await db.transaction().execute(async (trx) => {
        await releaseLocksBeforeFlush(trx);
        return (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx))
          .rows[0]!.synchronous_commit;
      });
      expect(inside).toBe('off');
      expect(await setting()).toBe('on');
      await flushCommitted(db);
      expect(await setting()).toBe('on');
    } finally {
      await database.destroy();
    }
  });
});
