import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/database.ts';
import { commitWith, sendWithNext } from '../../src/platform/db/early-release.ts';
import { nameStatement } from '../../src/platform/db/pg-driver.ts';
import { engines, openEmptyTestPostgres } from '../support/harness.ts';

/**
 * Registered statements inside a message of several statements (a transaction's BEGIN with its
 * first statement, sendWithNext, commitWith) are prepared once per connection with SQL's PREPARE
 * and run with EXECUTE (src/platform/db/pg-executed-statements.ts;
 * docs/decisions/0193-statements-in-one-message-prepared-once.md), and a PREPARE whose message
 * failed is never sent again on that connection, which PostgreSQL would refuse.
 */
describe.runIf(engines().includes('postgres'))(
  'statements prepared in a message on postgres',
  () => {
    // One connection, so every statement below meets the same server session.
    let database: Database;
    const table = `executed_${Math.random().toString(36).slice(2, 10)}`;
    const insert = `insert into ${table} (id, label, amount) values ($1, $2, $3)`;
    const read = `select id, label, amount from ${table} where id = $1`;
    const total = `update ${table} set amount = amount + $2 where id = $1 returning id, amount`;

    /**
     * The statements prepared by SQL on the connection, as the types PostgreSQL inferred for their
     * parameters (the texts' own are not kept apart from the rest of the message that carried them).
     */
    const preparedBySql = async () =>
      (
        await sql<{ types: string }>`
        select parameter_types::text as types from pg_prepared_statements
        where from_sql order by name`.execute(database.db)
      ).rows.map((row) => row.types);

    /** One transaction: the insert sent with the read after it, the update sent with the COMMIT. */
    const transaction = (id: number, label: string | null, amount: number) =>
      database.db.transaction().execute(async (trx) => {
        await sendWithNext(trx, CompiledQuery.raw(insert, [id, label, amount]));
        const [row] = (await trx.executeQuery(CompiledQuery.raw(read, [id]))).rows;
        const updated = await commitWith(trx, CompiledQuery.raw(total, [id, -1]));
        return { row, updated };
      });

    beforeAll(async () => {
      database = await openEmptyTestPostgres(1);
      await sql
        .raw(`create table ${table} (id integer primary key, label text, amount bigint not null)`)
        .execute(database.db);
      for (const text of [insert, read, total]) nameStatement(text);
    });
    afterAll(async () => {
      await database.destroy();
    });

    it('prepares each registered text once and answers each statement with its own rows', async () => {
      const first = await transaction(1, "it's", -7);
      expect(first).toEqual({
        row: { id: 1, label: "it's", amount: -7 },
        updated: [{ id: 1, amount: -8 }],
      });
      // The insert's, the read's and the update's parameters, as inferred from each text.
      const three = ['{integer,text,bigint}', '{integer}', '{integer,bigint}'].sort();
      expect((await preparedBySql()).sort()).toEqual(three);
      // Run again by name: the same three, each once.
      expect(await transaction(2, null, 5)).toEqual({
        row: { id: 2, label: null, amount: 5 },
        updated: [{ id: 2, amount: 4 }],
      });
      expect((await preparedBySql()).sort()).toEqual(three);
    });

    it('keeps working after a message that prepared a statement failed, never preparing it again', async () => {
      const other = `insert into ${table} (id, label, amount) values ($1, 'other', $2)`;
      nameStatement(other);
      // The PREPARE runs, then its EXECUTE breaks the primary key: the transaction fails, and
      // whether the statement exists on the server is not known to the connection.
      const failing = database.db.transaction().execute(async (trx) => {
        await sendWithNext(trx, CompiledQuery.raw(other, [1, 0]));
        await trx.executeQuery(CompiledQuery.raw(read, [1]));
      });
      await expect(failing).rejects.toMatchObject({ code: '23505' });
      // Sent again with a PREPARE, PostgreSQL would refuse it ("already exists"); written in, it runs.
      await database.db.transaction().execute(async (trx) => {
        await sendWithNext(trx, CompiledQuery.raw(other, [3, 9]));
        await trx.executeQuery(CompiledQuery.raw(read, [3]));
      });
      const { rows } = await database.db.executeQuery(CompiledQuery.raw(read, [3]));
      expect(rows).toEqual([{ id: 3, label: 'other', amount: 9 }]);
    });

    it('prepares a statement whose message was dropped unsent the next time it is sent', async () => {
      const late = `select count(*)::int as n from ${table} where amount > $1`;
      nameStatement(late);
      const before = (await preparedBySql()).length;
      // A transaction rolled back before its held statements went: nothing was sent.
      await expect(
        database.db.transaction().execute(async (trx) => {
          await sendWithNext(trx, CompiledQuery.raw(late, [0]));
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await preparedBySql()).toHaveLength(before);
      // Its first message that goes prepares it.
      const counted = await database.db.transaction().execute(async (trx) => {
        await sendWithNext(trx, CompiledQuery.raw(`select 1`, []));
        return (await trx.executeQuery(CompiledQuery.raw(late, [0]))).rows;
      });
      expect(counted).toEqual([{ n: 2 }]);
      expect(await preparedBySql()).toHaveLength(before + 1);
    });

    it('writes a statement in once a migration changed what its prepared form returns', async () => {
      const everything = `select * from ${table} where id = $1`;
      nameStatement(everything);
      const readInTransaction = () =>
        database.db.transaction().execute(async (trx) => {
          await sendWithNext(trx, CompiledQuery.raw(`select 1`, []));
          return (await trx.executeQuery(CompiledQuery.raw(everything, [2]))).rows;
        });
      expect(await readInTransaction()).toEqual([{ id: 2, label: null, amount: 4 }]);
      await sql.raw(`alter table ${table} add column note text default 'n'`).execute(database.db);
      // PostgreSQL refuses the prepared form once ("cached plan must not change result type"), as
      // it does a named statement inside a transaction; from then on the text is written in.
      await expect(readInTransaction()).rejects.toMatchObject({ code: '0A000' });
      expect(await readInTransaction()).toEqual([{ id: 2, label: null, amount: 4, note: 'n' }]);
    });
  },
);
