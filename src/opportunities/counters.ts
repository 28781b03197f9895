import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';

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
  const params: Record<string, unknown> = { opportunityId };
  let n = 0;
  for (const [key, value] of totals) {
    params[`key${n}`] = key;
    params[`value${n}`] = value;
    n++;
  }
  await upsertCounters(n)(trx, params);
}

/**
 * The upsert of n counters, compiled once per n: an application bumps a dozen (its status, each
 * answer's statistics, its quota cells), and building that statement with Kysely cost more than
 * SQLite's work for it (docs/decisions.md, "Applications at speed").
 */
function upsertCounters(n: number) {
  let statement = upsertsBySize.get(n);
  if (!statement) {
    statement = prepared((db, params: Record<string, unknown>) =>
      db
        .insertInto('opportunity_counters')
        .values(
          Array.from({ length: n }, (_, i) => ({
            opportunity_id: params.opportunityId as string,
            counter_key: params[`key${i}`] as string,
            value: params[`value${i}`] as number,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['opportunity_id', 'counter_key']).doUpdateSet({
            value: sql`opportunity_counters.value + excluded.value`,
          }),
        ),
    );
    upsertsBySize.set(n, statement);
  }
  return statement;
}

const upsertsBySize = new Map<
  number,
  ReturnType<typeof prepared<Record<string, unknown>, unknown>>
>();

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
