import { sql } from 'kysely';
import type { Db, Engine } from '../platform/db/database.ts';

/**
 * The audience bitmaps' insert triggers (docs/decisions/0190-audience-bitmaps.md) mark each
 * participant dirty once per row written: about eleven upserts into `audience_dirty` per seeded
 * person, one for the participant and one per attribute row. In a seed's batch they are set aside
 * for that transaction only and the batch's participants marked once each, in one statement,
 * before the commit (docs/decisions/0188-panel-seed-in-order.md). Nobody else sees them missing:
 *
 * - on SQLite the triggers are dropped and made again from their own text inside the batch's
 *   transaction, which holds the write lock from its BEGIN IMMEDIATE;
 * - on PostgreSQL `alter table ... disable trigger` in the transaction takes a lock that holds
 *   other writers of the table (not readers) until the commit, which enables them again.
 *
 * Marking a participant who is not the seed's (one of a concurrent writer's on PostgreSQL, whose
 * key fell inside the batch's range) only makes a count read them as they are now: never wrong.
 */
const SQLITE_TRIGGERS = ['participants_dirty_insert', 'attributes_dirty_insert'];
const POSTGRES_TRIGGERS = [
  ['participants', 'participants_dirty'],
  ['participant_attributes', 'participant_attributes_dirty'],
] as const;

/** Runs `write` with the dirty-marking insert triggers set aside, then marks keys `low..high`. */
export async function withDirtyMarksInBulk<T>(
  trx: Db,
  engine: Engine,
  write: () => Promise<{ low: number; high: number; result: T }>,
): Promise<T> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ name: string; definition: string }>`
      select name, sql as definition from sqlite_master
      where type = 'trigger' and name in (${sql.join(SQLITE_TRIGGERS)})
    `.execute(trx);
    for (const { name } of rows) await sql`drop trigger ${sql.id(name)}`.execute(trx);
    const { low, high, result } = await write();
    if (rows.length > 0) await markDirty(trx, low, high);
    for (const { definition } of rows) await sql.raw(definition).execute(trx);
    return result;
  }
  const { rows } = await sql<{ table: string; name: string }>`
    select c.relname as table, t.tgname as name from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = current_schema()::regnamespace
      and (c.relname, t.tgname) in (${sql.join(POSTGRES_TRIGGERS.map(([table, name]) => sql`(${table}, ${name})`))})
      and t.tgenabled <> 'D'
  `.execute(trx);
  for (const { table, name } of rows) {
    await sql`alter table ${sql.id(table)} disable trigger ${sql.id(name)}`.execute(trx);
  }
  const { low, high, result } = await write();
  if (rows.length > 0) await markDirty(trx, low, high);
  for (const { table, name } of rows) {
    await sql`alter table ${sql.id(table)} enable trigger ${sql.id(name)}`.execute(trx);
  }
  return result;
}

/** What the triggers would have left: each participant keyed `low..high` dirty, version moved. */
async function markDirty(trx: Db, low: number, high: number): Promise<void> {
  if (high < low) return;
  await sql`
    insert into audience_dirty (audience_key, version)
    select audience_key, 1 from participants where audience_key between ${low} and ${high}
    on conflict (audience_key) do update set version = audience_dirty.version + 1
  `.execute(trx);
}
