import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

/**
 * Adds `delta` to each named counter of an opportunity, creating counters on first use. Call it in
 * the transaction of the change being counted.
 */
export async function bumpCounters(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
  delta = 1,
): Promise<void> {
  if (keys.length === 0) return;
  // One row per key: an upsert may not touch the same row twice in one statement.
  const totals = new Map<string, number>();
  for (const key of keys) totals.set(key, (totals.get(key) ?? 0) + delta);
  await trx
    .insertInto('opportunity_counters')
    .values(
      [...totals].map(([key, value]) => ({
        opportunity_id: opportunityId,
        counter_key: key,
        value,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['opportunity_id', 'counter_key']).doUpdateSet({
        value: sql`opportunity_counters.value + excluded.value`,
      }),
    )
    .execute();
}

/** Every counter of an opportunity as a plain record; absent keys read as 0 by the callers. */
export async function readCounters(db: Db, opportunityId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('opportunity_counters')
    .select(['counter_key', 'value'])
    .where('opportunity_id', '=', opportunityId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.counter_key, Number(row.value)]));
}

export const statusCounterKey = (status: string) => `status:${status}`;
