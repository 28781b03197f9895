import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/platform/db/database.ts';
import {
  flushCommitted,
  inEarlyReleaseTransaction,
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
 * Statements sent with the transaction's next one (sendWithNext, pg-driver.ts SEND_WITH_NEXT): they
 * run in their place in that statement's message, and their failure is the message's.
 */
describe.runIf(engines().includes('postgres'))(
  'statements sent with the next statement on postgres',
  () => {
    const table = `send_next_${Math.random().toString(36).slice(2, 10)}`;

    it('runs them in order before the next statement, and fails with the message', async () => {
      const database = await openEmptyTestPostgres(1);
      try {
        const { db } = database;
        await sql.raw(`create table ${table} (id integer primary key)`).execute(db);
        const count = sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`;
        const counted = await db.transaction().execute(async (trx) => {
          await sendWithNext(trx, sql`insert into ${sql.table(table)} values (${1})`.compile(trx));
          await sendWithNext(trx, sql`insert into ${sql.table(table)} values (${2})`.compile(trx));
          return (await count.execute(trx)).rows;
        });
        expect(counted).toEqual([{ n: 2 }]);

        // A held statement fails: the next statement's message fails with its error, and the
        // transaction undoes everything.
        await expect(
          db.transaction().execute(async (trx) => {
            await sendWithNext(
              trx,
              sql`insert into ${sql.table(table)} values (${3})`.compile(trx),
            );
            await sendWithNext(
              trx,
              sql`insert into ${sql.table(table)} values (${1})`.compile(trx),
            );
            await count.execute(trx);
          }),
        ).rejects.toMatchObject({ code: '23505' });
        expect((await count.execute(db)).rows).toEqual([{ n: 2 }]);

        // The transaction ends by throwing before anything follows: nothing held was sent.
        await expect(
          db.transaction().execute(async (trx) => {
            await sendWithNext(
              trx,
              sql`insert into ${sql.table(table)} values (${4})`.compile(trx),
            );
            throw new Error('stopped');
          }),
        ).rejects.toThrow('stopped');
        expect((await count.execute(db)).rows).toEqual([{ n: 2 }]);

        // A value that cannot be written in: the statement goes on its own, still before the next.
        const stamped = await db.transaction().execute(async (trx) => {
          await sendWithNext(
            trx,
            sql`insert into ${sql.table(table)} select 5 where ${new Date(0)} < now()`.compile(trx),
          );
          return (await count.execute(trx)).rows;
        });
        expect(stamped).toEqual([{ n: 3 }]);
      } finally {
        await database.destroy();
      }
    });
  },
);
