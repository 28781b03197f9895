import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedLookup, readInTurn } from '../../src/platform/db/batched-lookup.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { engines, openEmptyTestPostgres } from '../support/harness.ts';

/**
 * Lookups batched per event-loop turn on PostgreSQL (src/platform/db/batched-lookup.ts): the
 * statements of different lookups due in one turn go in one message
 * (docs/decisions/0193-statements-in-one-message-prepared-once.md), and each caller still gets the
 * row of its own key, or its own lookup's error.
 */
describe.runIf(engines().includes('postgres'))('lookups batched per turn on postgres', () => {
  let database: Database;
  const suffix = Math.random().toString(36).slice(2, 10);
  const people = `people_${suffix}`;
  const places = `places_${suffix}`;

  type Person = { id: string; name: string };
  type Place = { code: number; city: string };

  const person = batchedLookup<string, Person>({
    one: async (db, id) =>
      (await sql<Person>`select id, name from ${sql.table(people)} where id = ${id}`.execute(db))
        .rows[0],
    many: (db, ids) =>
      sql<Person>`select id, name from ${sql.table(people)} where id = any(${ids}::text[])`.compile(
        db,
      ),
    nameOf: (id) => id,
    nameOfRow: (row) => row.id,
  });
  // Its rows come back as counts per city, reshaped by rowsOf.
  const place = batchedLookup<number, Place, { code: number; city: string }>({
    one: async () => undefined,
    many: (db, codes) =>
      sql<Place>`select code, city from ${sql.table(places)} where code = any(${codes}::int[])`.compile(
        db,
      ),
    rowsOf: (rows) => rows.map((row) => ({ code: Number(row.code), city: row.city.toUpperCase() })),
    nameOf: (code) => String(code),
    nameOfRow: (row) => String(row.code),
  });
  // Fails whenever it is sent: its callers, and only they, get its error.
  const broken = batchedLookup<string, Person>({
    one: async () => undefined,
    many: (db, ids) =>
      sql<Person>`select id, 1 / 0 as name from ${sql.table(people)} where id = any(${ids}::text[])`.compile(
        db,
      ),
    nameOf: (id) => id,
    nameOfRow: (row) => row.id,
  });

  // A lookup by key on generic plans: each row says which plan mode its statement ran under.
  const planned = batchedLookup<string, { id: string; mode: string }>({
    one: async () => undefined,
    many: (db, ids) =>
      sql<{
        id: string;
        mode: string;
      }>`select id, current_setting('plan_cache_mode') as mode from ${sql.table(people)} where id = any(${ids}::text[])`.compile(
        db,
      ),
    nameOf: (id) => id,
    nameOfRow: (row) => row.id,
    genericPlan: true,
  });
  const modeNow = (db: Database['db']) =>
    sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`
      .execute(db)
      .then(({ rows }) => rows[0]!.mode);

  beforeAll(async () => {
    database = await openEmptyTestPostgres(4);
    await sql
      .raw(`create table ${people} (id text primary key, name text not null)`)
      .execute(database.db);
    await sql
      .raw(`create table ${places} (code integer primary key, city text not null)`)
      .execute(database.db);
    await sql
      .raw(`insert into ${people} values ('a', 'Ada'), ('b', 'Bo'), ('q''t', 'Quote')`)
      .execute(database.db);
    await sql.raw(`insert into ${places} values (1, 'Lyon'), (2, 'Oslo')`).execute(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('answers each caller of each lookup due in one turn with its own row', async () => {
    const { db } = database;
    const asked = await Promise.all([
      person(db, 'a'),
      place(db, 2),
      person(db, 'b'),
      person(db, 'a'),
      place(db, 3),
      person(db, "q't"),
      place(db, 1),
      person(db, 'nobody'),
    ]);
    expect(asked).toEqual([
      { id: 'a', name: 'Ada' },
      { code: 2, city: 'OSLO' },
      { id: 'b', name: 'Bo' },
      { id: 'a', name: 'Ada' },
      undefined,
      { id: "q't", name: 'Quote' },
      { code: 1, city: 'LYON' },
      undefined,
    ]);
    // The turns after, while and after the first statements are in flight, answer the same way.
    const waves = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        n % 2 === 0 ? person(db, n % 4 === 0 ? 'a' : 'b') : place(db, (n % 3) + 1),
      ),
    );
    for (const [n, row] of waves.entries()) {
      if (n % 2 === 0)
        expect(row).toEqual({ id: n % 4 === 0 ? 'a' : 'b', name: n % 4 ? 'Bo' : 'Ada' });
      else
        expect(row).toEqual(
          n % 3 === 2 ? undefined : { code: (n % 3) + 1, city: n % 3 ? 'OSLO' : 'LYON' },
        );
    }
  });

  it('gives a failing lookup its error and the others of its turn their rows', async () => {
    const { db } = database;
    const [good, bad, other] = await Promise.allSettled([
      person(db, 'b'),
      broken(db, 'a'),
      place(db, 1),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: { id: 'b', name: 'Bo' } });
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(other).toEqual({ status: 'fulfilled', value: { code: 1, city: 'LYON' } });
    // The lookups are still usable afterwards.
    expect(await person(db, 'a')).toEqual({ id: 'a', name: 'Ada' });
    await expect(
      database.db.executeQuery(CompiledQuery.raw(`select count(*)::int as n from ${people}`)),
    ).resolves.toMatchObject({ rows: [{ n: 3 }] });
  });

  it('sends reads asked in one turn in its message, each answered with its own rows', async () => {
    const { db } = database;
    type Moment = { at: string; backend: number };
    const moment = () =>
      readInTurn(
        db,
        sql<Moment>`select transaction_timestamp()::text as at, pg_backend_pid() as backend`.compile(
          db,
        ),
      );
    const [first, second, someone, names] = await Promise.all([
      moment(),
      moment(),
      person(db, 'b'),
      readInTurn(
        db,
        sql<{ name: string }>`select name from ${sql.table(people)} order by id`.compile(db),
      ),
    ]);
    // One message is one implicit transaction on one connection: the same start and backend. Sent
    // apart, on a pool of four, they would be two transactions at least.
    expect(second).toEqual(first);
    expect(someone).toEqual({ id: 'b', name: 'Bo' });
    expect(names.map((row) => row.name)).toEqual(['Ada', 'Bo', 'Quote']);
    // A failing read has its own error; the others of its turn their rows.
    const [failed, fine] = await Promise.allSettled([
      readInTurn(db, sql`select 1 / 0 as n`.compile(db)),
      readInTurn(db, sql<{ n: number }>`select 2 as n`.compile(db)),
    ]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: '22012' } });
    expect(fine).toEqual({ status: 'fulfilled', value: [{ n: 2 }] });
    // Inside a transaction a read runs at once, seeing the transaction's own writes.
    const inside = await db.transaction().execute(async (trx) => {
      await sql`insert into ${sql.table(places)} values (9, 'Nice')`.execute(trx);
      return readInTurn(
        trx,
        sql<{ city: string }>`select city from ${sql.table(places)} where code = 9`.compile(trx),
      );
    });
    expect(inside).toEqual([{ city: 'Nice' }]);
  });

  it('runs a lookup marked for generic plans on them, alone or with others, and only it', async () => {
    const { db } = database;
    const server = await modeNow(db);
    expect(server).not.toBe('force_generic_plan');
    expect(await planned(db, 'a')).toEqual({ id: 'a', mode: 'force_generic_plan' });
    const [generic, other, read] = await Promise.all([
      planned(db, 'b'),
      person(db, 'a'),
      readInTurn(
        db,
        sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.compile(db),
      ),
    ]);
    expect(generic).toEqual({ id: 'b', mode: 'force_generic_plan' });
    expect(other).toEqual({ id: 'a', name: 'Ada' });
    expect(read).toEqual([{ mode: server }]);
    // The setting ends with its message: every connection of the pool keeps the server's.
    const after = await Promise.all(Array.from({ length: 8 }, () => modeNow(db)));
    expect(new Set(after)).toEqual(new Set([server]));
  });
});
