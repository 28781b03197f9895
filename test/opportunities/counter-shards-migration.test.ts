import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { counterShards, readCounters } from '../../src/admission/counters.ts';
import { migrateToLatest } from '../../src/platform/db/database.ts';
import { engines, openDatabaseBefore } from '../support/harness.ts';

/**
 * Migration 0023 (docs/decisions/0143-counter-shards.md) on a database that already holds counters:
 * every counter keeps its value as shard 0, and `places_held` and `recruiting` exist on every
 * shard, `recruiting` with its value, so that an admission on any shard reads it and locking the
 * places gate locks every row of it.
 */
const SHARDS_MIGRATION = '0023-counter-shards';

describe.each(engines())('migration 0023 on %s', (engine) => {
  it('keeps every counter as shard 0 and opens places held and recruiting on every shard', async () => {
    const database = await openDatabaseBefore(engine, SHARDS_MIGRATION);
    const { db } = database;
    try {
      // Counters of two opportunities whose rows this test does not make: the references are
      // not checked while they are written and migrated. On PostgreSQL for this connection and
      // for the one the migrations run on while another holds their lock (the database's own
      // setting reaches connections opened after it); on SQLite for the one writer.
      if (engine === 'postgres') {
        await sql`set session_replication_role = replica`.execute(db);
        await sql
          .raw(
            `do $$ begin execute format('alter database %I set session_replication_role = replica', current_database()); end $$`,
          )
          .execute(db);
      } else {
        await sql`pragma foreign_keys = off`.execute(db);
      }
      const rows: [string, string, number][] = [
        ['opp_active', 'places_held', 3],
        ['opp_active', 'recruiting', 1],
        ['opp_active', 'status:screen_passed', 3],
        ['opp_active', 'quota:["role","Designer"]', 2],
        ['opp_paused', 'places_held', 1],
        ['opp_paused', 'recruiting', 0],
        ['opp_paused', 'stat:role:Designer', 5],
      ];
      for (const [opportunity, key, value] of rows) {
        await sql`insert into opportunity_counters (opportunity_id, counter_key, value) values (${opportunity}, ${key}, ${value})`.execute(
          db,
        );
      }
      await migrateToLatest(db);

      const shards = counterShards(db);
      const after = await db
        .selectFrom('opportunity_counters')
        .select(['opportunity_id', 'counter_key', 'shard', 'value'])
        .orderBy('opportunity_id')
        .orderBy('counter_key')
        .orderBy('shard')
        .execute();
      const of = (opportunity: string, key: string) =>
        after
          .filter((row) => row.opportunity_id === opportunity && row.counter_key === key)
          .map((row) => [row.shard, Number(row.value)]);
      const everyShard = (first: number, rest: number) =>
        Array.from({ length: shards }, (_, shard) => [shard, shard === 0 ? first : rest]);
      expect(of('opp_active', 'places_held')).toEqual(everyShard(3, 0));
      expect(of('opp_active', 'recruiting')).toEqual(everyShard(1, 1));
      expect(of('opp_active', 'status:screen_passed')).toEqual([[0, 3]]);
      expect(of('opp_active', 'quota:["role","Designer"]')).toEqual([[0, 2]]);
      expect(of('opp_paused', 'places_held')).toEqual(everyShard(1, 0));
      expect(of('opp_paused', 'recruiting')).toEqual(everyShard(0, 0));
      expect(of('opp_paused', 'stat:role:Designer')).toEqual([[0, 5]]);
      expect(await readCounters(db, 'opp_active')).toMatchObject({
        places_held: 3,
        'status:screen_passed': 3,
        'quota:["role","Designer"]': 2,
      });
    } finally {
      await database.destroy();
    }
  });
});
