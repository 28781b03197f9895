import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/platform/db/database.ts';
import {
  flushCommitted,
  inEarlyReleaseTransaction,
  readWithNext,
  sendWithNext,
} from '../../src/platform/db/early-release.ts';
import { engines, openEmptyTestPostgres } from '../support/harness.ts';

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

/**
 * A read sent with the transaction's next statement (readWithNext, pg-driver.ts READ_WITH_NEXT):
 * its rows come once that statement's message is answered, and its failure is the message's.
 */
describe.runIf(engines().includes('postgres'))(
  'reads sent with the next statement on postgres',
  () => {
    const table = `read_next_${Math.random().toString(36).slice(2, 10)}`;

    it('answers with the rows as of its place in the message, and fails with the message', async () => {
      const database = await openEmptyTestPostgres(1);
      try {
        const { db } = database;
        await sql.raw(`create table ${table} (id integer primary key)`).execute(db);
        const count = sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`;
        const answered = await db.transaction().execute(async (trx) => {
          await sendWithNext(trx, sql`insert into ${sql.table(table)} values (${1})`.compile(trx));
          const before = await readWithNext(trx, count.compile(trx));
          await sendWithNext(trx, sql`insert into ${sql.table(table)} values (${2})`.compile(trx));
          const after = await readWithNext(trx, count.compile(trx));
          const next = await count.execute(trx);
          return { before: await before.rows, after: await after.rows, next: next.rows };
        });
        expect(answered).toEqual({ before: [{ n: 1 }], after: [{ n: 2 }], next: [{ n: 2 }] });

        // The message fails on its last statement: the read, answered, fails with it.
        let read: Promise<unknown[]> | undefined;
        await expect(
          db.transaction().execute(async (trx) => {
            read = (await readWithNext(trx, count.compile(trx))).rows;
            await sql`insert into ${sql.table(table)} values (${1})`.execute(trx);
          }),
        ).rejects.toMatchObject({ code: '23505' });
        await expect(read).rejects.toMatchObject({ code: '23505' });

        // The transaction ends before anything follows the read: it was never sent.
        await expect(
          db.transaction().execute(async (trx) => {
            read = (await readWithNext(trx, count.compile(trx))).rows;
            throw new Error('stopped');
          }),
        ).rejects.toThrow('stopped');
        await expect(read).rejects.toThrow('ended before its read was sent');

        // A value that cannot be written in: the read goes on its own, still before the next.
        const alone = await db.transaction().execute(async (trx) => {
          const stamped = await readWithNext(
            trx,
            sql<{
              n: number;
            }>`select count(*)::int as n from ${sql.table(table)} where ${new Date(0)} < now()`.compile(
              trx,
            ),
          );
          await sql`delete from ${sql.table(table)}`.execute(trx);
          return stamped.rows;
        });
        expect(alone).toEqual([{ n: 2 }]);
      } finally {
        await database.destroy();
      }
    });
  },
);
