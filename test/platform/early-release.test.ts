import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/platform/db/database.ts';
import { flushCommitted, inEarlyReleaseTransaction } from '../../src/platform/db/early-release.ts';
import { engines } from '../support/harness.ts';

/**
 * Early lock release (docs/decisions/0138-early-lock-release-then-a-shared-flush.md): only the
 * transactions that ask for it commit without waiting for the disk, and they answer after a durable
 * flush. A pooled connection that stayed relaxed would let later writes (a ledger entry, a payout)
 * be acknowledged before they were on disk.
 */
describe.runIf(engines().includes('postgres'))('early lock release on postgres', () => {
  it('relaxes only its own transactions, and shares durable flushes', async () => {
    // One connection, so the statements after the transaction run where the transaction ran.
    const database = openPostgres(inject('postgresUrl'), 1);
    try {
      const { db } = database;
      const setting = async (on: typeof db) =>
        (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(on)).rows[0]!
          .synchronous_commit;
      // The test cluster runs relaxed throughout (scripts/postgres.ts): this session is not.
      await sql`set synchronous_commit = on`.execute(db);
      const inside = await inEarlyReleaseTransaction(db, (trx) => setting(trx));
      expect(inside).toBe('off');
      expect(await setting(db)).toBe('on');
      // Twenty callers at once: every one is answered, and each after a flush sent after it asked.
      const flushes = await Promise.all(Array.from({ length: 20 }, () => flushCommitted(db)));
      expect(flushes).toHaveLength(20);
      expect(await setting(db)).toBe('on');
    } finally {
      await database.destroy();
    }
  });
});
