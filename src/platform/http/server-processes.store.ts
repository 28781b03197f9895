import { type RawBuilder, sql } from 'kysely';
import type { Db, Engine } from '../db/database.ts';

/** Now, in milliseconds of the database's clock: every process compares heartbeats with one clock. */
function databaseNowMs(engine: Engine): RawBuilder<number> {
  return engine === 'postgres'
    ? sql<number>`cast(extract(epoch from clock_timestamp()) * 1000 as bigint)`
    : sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;
}

/** Records the process as alive now (inserting its row again if a sweep took it for gone). */
export async function beat(db: Db, engine: Engine, id: string): Promise<void> {
  const now = databaseNowMs(engine);
  await db
    .insertInto('server_processes')
    .values({ id, started_at: now, heartbeat_at: now })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ heartbeat_at: now }))
    .execute();
}

/**
 * Ends the lease of every in-flight key `id` holds (a process shutting down with requests it could
 * not finish in its grace), so a retry through another process runs at once. Answers how many.
 */
export async function releaseLeasesOf(db: Db, id: string): Promise<number> {
  const released = await db
    .updateTable('idempotency_keys')
    .set((eb) => ({ locked_until: eb.ref('created_at'), holder: null }))
    .where('status', '=', 'in_flight')
    .where('holder', '=', id)
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}

export async function forgetProcess(db: Db, id: string): Promise<void> {
  await db.deleteFrom('server_processes').where('id', '=', id).execute();
}

/**
 * Ends the lease of every in-flight key whose holder has not beaten within `staleAfterMs`, and
 * forgets those holders. A released key is taken by the next request with the same key and body
 * (its lease ends where it began). Answers how many keys were released.
 *
 * A holder with no row at all is gone too, once its key is older than two such intervals: a
 * process taken for dead (its row deleted by another's sweep) that took a key before its next
 * beat wrote the row again, and was then killed, left a key no row named (the chaos run of
 * docs/decisions/0170-chaos-run.md found them twice). A holder beating as it should writes its
 * row again within one interval, so such a release is no more eager than the stale sweep's: both
 * take a process stalled past `staleAfterMs` for dead, and a write whose second run would not be
 * refused by its own state is keyed in the database as well (bonuses:
 * docs/decisions/0172-bonuses-keyed-in-the-database.md).
 */
export async function releaseLeasesOfStaleHolders(
  db: Db,
  engine: Engine,
  staleAfterMs: number,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = sql<number>`${databaseNowMs(engine)} - ${staleAfterMs}`;
  const stale = db.selectFrom('server_processes').select('id').where('heartbeat_at', '<', cutoff);
  const known = db.selectFrom('server_processes').select('id');
  const orphanedBefore = new Date(now.getTime() - 2 * staleAfterMs).toISOString();
  const released = await db
    .updateTable('idempotency_keys')
    .set((eb) => ({ locked_until: eb.ref('created_at'), holder: null }))
    .where('status', '=', 'in_flight')
    .where((eb) =>
      eb.or([
        eb('holder', 'in', stale),
        eb.and([
          eb('holder', 'is not', null),
          eb('holder', 'not in', known),
          eb('created_at', '<', orphanedBefore),
        ]),
      ]),
    )
    .executeTakeFirst();
  await db.deleteFrom('server_processes').where('heartbeat_at', '<', cutoff).execute();
  return Number(released.numUpdatedRows);
}

/**
 * The embedded database has one serving process: every in-flight key not taken by `id` was taken
 * by a process that is gone. Releases them all, and forgets every other process.
 */
export async function releaseLeasesOfOthers(db: Db, id: string): Promise<number> {
  const released = await db
    .updateTable('idempotency_keys')
    .set((eb) => ({ locked_until: eb.ref('created_at'), holder: null }))
    .where('status', '=', 'in_flight')
    .where((eb) => eb.or([eb('holder', 'is', null), eb('holder', '<>', id)]))
    .executeTakeFirst();
  await db.deleteFrom('server_processes').where('id', '<>', id).execute();
  return Number(released.numUpdatedRows);
}
