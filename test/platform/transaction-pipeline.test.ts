import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/platform/db/database.ts';
import {
  commitWith,
  inEarlyReleaseTransaction,
  sendWithNext,
} from '../../src/platform/db/early-release.ts';
import { engines, openEmptyTestPostgres } from '../support/harness.ts';

/**
 * Whole transactions sent in batches on one pipelined connection
 * (docs/decisions/0201-whole-transactions-pipelined.md): a transaction held from its BEGIN to its
 * COMMIT goes with the others ready in the same turn, in one write, each still its own
 * transaction; one that fails leaves the others, before and after it, as they would be alone.
 */
describe.runIf(engines().includes('postgres'))('whole transactions pipelined on postgres', () => {
  const table = `pipelined_${Math.random().toString(36).slice(2, 10)}`;
  const insert = (trx: Db, id: number) =>
    sql`insert into ${sql.table(table)} values (${id})`.compile(trx);
  /** A whole transaction's statements: two held inserts, then a third sent with the COMMIT. */
  const statements = async (trx: Db, ids: readonly [number, number, number]) => {
    await sendWithNext(trx, insert(trx, ids[0]));
    await sendWithNext(trx, insert(trx, ids[1]));
    return commitWith(
      trx,
      sql<{ id: number }>`insert into ${sql.table(table)} values (${ids[2]}) returning id`.compile(
        trx,
      ),
    );
  };
  const whole = (db: Db, ids: readonly [number, number, number]) =>
    db.transaction().execute((trx) => statements(trx, ids));
  /** The same, committed without waiting for the disk and answered once durable. */
  const relaxed = (db: Db, ids: readonly [number, number, number]) =>
    inEarlyReleaseTransaction(db, (trx) => statements(trx, ids));
  const ids = async (db: Db) =>
    (
      await sql<{ id: number }>`select id from ${sql.table(table)} order by id`.execute(db)
    ).rows.map((row) => row.id);
  /** The backends other than this session's, by what they last ran. */
  const pipelineBackends = async (db: Db) =>
    (
      await sql<{ pid: number }>`
        select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and query like 'rollback;%'`.execute(db)
    ).rows.map((row) => row.pid);

  it('commits each of a batch on its own, one failing among them', async () => {
    const database = await openEmptyTestPostgres(5);
    try {
      const { db } = database;
      await sql.raw(`create table ${table} (id integer primary key)`).execute(db);
      // Five pooled connections made, so that the five transactions reach their commits together
      // and share batches.
      await Promise.all(Array.from({ length: 5 }, () => sql`select pg_sleep(0.05)`.execute(db)));
      const answers = await Promise.allSettled([
        whole(db, [1, 2, 3]),
        // Its second insert repeats the first transaction's: it fails whole.
        whole(db, [4, 1, 5]),
        whole(db, [6, 7, 8]),
        relaxed(db, [9, 10, 11]),
        // Fails last in its batch, before the batch's flush: the flush still answers the others.
        relaxed(db, [12, 13, 12]),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'rejected',
      ]);
      expect(answers[0]).toMatchObject({ value: [{ id: 3 }] });
      expect(answers[1]).toMatchObject({ reason: { code: '23505' } });
      expect(answers[3]).toMatchObject({ value: [{ id: 11 }] });
      expect(answers[4]).toMatchObject({ reason: { code: '23505' } });
      expect(await ids(db)).toEqual([1, 2, 3, 6, 7, 8, 9, 10, 11]);
      // The pooled connections were never told of them: none is left in a transaction.
      expect(
        (
          await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`.execute(db)
        ).rows,
      ).toEqual([{ n: 0 }]);
    } finally {
      await database.destroy();
    }
  });

  it('connects again when its connection is lost', async () => {
    const database = await openEmptyTestPostgres(2);
    try {
      const { db } = database;
      await sql.raw(`create table ${table} (id integer primary key)`).execute(db);
      await relaxed(db, [1, 2, 3]);
      const [pid] = await pipelineBackends(db);
      expect(pid).toBeGreaterThan(0);
      await sql`select pg_terminate_backend(${pid}::int)`.execute(db);
      // The first transaction after the loss may meet the dying connection; a later one goes on
      // a new one.
      await relaxed(db, [4, 5, 6]).catch(() => undefined);
      await relaxed(db, [7, 8, 9]);
      expect(await ids(db)).toEqual(expect.arrayContaining([1, 2, 3, 7, 8, 9]));
      expect(await pipelineBackends(db)).not.toContain(pid);
    } finally {
      await database.destroy();
    }
  });
});
