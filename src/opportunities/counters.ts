import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import { PLACE_TAKING_STATUSES, PLACES_HELD_KEY, RECRUITING_KEY } from './places.ts';

/**
 * Adds `delta` to each named counter of an opportunity, creating counters on first use, and keeps
 * the places-held counter equal to the sum of the place-taking status counters. Call it in the
 * transaction of the change being counted.
 *
 * Rows are written in key order, whoever calls: two transactions bumping overlapping counters
 * (concurrent applications, each with a dozen) then wait for one another instead of deadlocking.
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
  for (const key of keys) {
    totals.set(key, (totals.get(key) ?? 0) + delta);
    if (PLACE_STATUS_KEYS.has(key)) {
      totals.set(PLACES_HELD_KEY, (totals.get(PLACES_HELD_KEY) ?? 0) + delta);
    }
  }
  const params: Record<string, unknown> = { opportunityId };
  let n = 0;
  for (const [key, value] of [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
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

/** Sets one counter of an opportunity to a value, creating it if need be. */
export async function setCounter(
  trx: Db,
  opportunityId: string,
  key: string,
  value: number,
): Promise<void> {
  await trx
    .insertInto('opportunity_counters')
    .values({ opportunity_id: opportunityId, counter_key: key, value })
    .onConflict((oc) => oc.columns(['opportunity_id', 'counter_key']).doUpdateSet({ value }))
    .execute();
}

/** Creates the named counters of an opportunity at zero, leaving those that exist as they are. */
export async function openCounters(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
): Promise<void> {
  await trx
    .insertInto('opportunity_counters')
    .values(keys.map((key) => ({ opportunity_id: opportunityId, counter_key: key, value: 0 })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Locks and reads the counters an admission decides on: places held first, the one row every
 * lock of an opportunity's places starts with, then `recruiting` and the quota cells in one order,
 * so admissions wait for one another and for status changes without deadlocking. Counters absent
 * here are created at zero and locked (a quota cell no admission has filled yet). PostgreSQL only
 * takes row locks; on SQLite the write transaction already excludes all.
 */
export async function lockAdmissionCounters(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
): Promise<Record<string, number>> {
  const wanted = [...new Set([PLACES_HELD_KEY, RECRUITING_KEY, ...keys])];
  let rows = await admissionCounters(trx, opportunityId, wanted);
  if (rows.length < wanted.length) {
    const found = new Set(rows.map((row) => row.counter_key));
    await openCounters(
      trx,
      opportunityId,
      wanted.filter((key) => !found.has(key)),
    );
    rows = await admissionCounters(trx, opportunityId, wanted);
  }
  return Object.fromEntries(rows.map((row) => [row.counter_key, Number(row.value)]));
}

function admissionCounters(trx: Db, opportunityId: string, keys: readonly string[]) {
  const query = trx
    .selectFrom('opportunity_counters')
    .select(['counter_key', 'value'])
    .where('opportunity_id', '=', opportunityId)
    .where('counter_key', 'in', keys)
    .orderBy(sql`counter_key <> ${PLACES_HELD_KEY}`)
    .orderBy('counter_key');
  return (
    trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query
  ).execute();
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

const PLACE_STATUS_KEYS = new Set<string>(PLACE_TAKING_STATUSES.map(statusCounterKey));
