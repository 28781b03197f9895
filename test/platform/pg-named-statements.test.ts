import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { lockNameWithNext } from '../../src/platform/db/advisory-lock.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { nameStatement } from '../../src/platform/db/pg-driver.ts';
import { openEmptyTestPostgres } from '../support/harness.ts';

/**
 * Registered statement texts run as named statements on PostgreSQL, prepared once per connection
 * (src/platform/db/pg-driver.ts; docs/decisions/0133-named-statements-on-postgresql.md), and a
 * migration that changes what one returns does not break a running process.
 */
describe.runIf(inject('postgresUrl'))('named statements on PostgreSQL', () => {
  // One connection per pool, so every statement below meets the same server session.
  let database: Database;
  const table = `named_${Math.random().toString(36).slice(2, 10)}`;
  const text = `select * from ${table} where id = $1`;
  const run = () => database.db.executeQuery(CompiledQuery.raw(text, [1])).then((r) => r.rows);

  beforeAll(async () => {
    database = await openEmptyTestPostgres(1);
    await sql.raw(`create table ${table} (id integer primary key, a text)`).execute(database.db);
    await sql.raw(`insert into ${table} values (1, 'one')`).execute(database.db);
    nameStatement(text);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('prepares a registered text once on the connection and runs it by name', async () => {
    expect(await run()).toEqual([{ id: 1, a: 'one' }]);
    expect(await run()).toEqual([{ id: 1, a: 'one' }]);
    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements`.execute(database.db);
    expect(rows.map((row) => row.statement)).toContain(text);
  });

  it('prepares the advisory lock an application takes once on the connection', async () => {
    const lockThenRead = (name: string) =>
      database.db.transaction().execute(async (trx) => {
        await lockNameWithNext(trx, name);
        return (await sql<{ one: number }>`select 1 as one`.execute(trx)).rows;
      });
    expect(await lockThenRead('network:a')).toEqual([{ one: 1 }]);
    expect(await lockThenRead('network:b')).toEqual([{ one: 1 }]);
    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements`.execute(database.db);
    const locks = rows.filter((row) => row.statement.includes('pg_advisory_xact_lock'));
    expect(locks).toHaveLength(1);
    // The statement column holds the whole message that prepared it.
    expect(locks[0]!.statement).toMatch(/prepare cohort_\d+_sql as select pg_advisory_xact_lock/i);
  });

  it('answers with the new columns after a migration changed them under the prepared statement', async () => {
    expect(await run()).toEqual([{ id: 1, a: 'one' }]);
    await sql.raw(`alter table ${table} add column b text default 'bee'`).execute(database.db);
    // PostgreSQL refuses the prepared statement now ("cached plan must not change result type").
    expect(await run()).toEqual([{ id: 1, a: 'one', b: 'bee' }]);
    expect(await run()).toEqual([{ id: 1, a: 'one', b: 'bee' }]);
  });
});
