import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { commitWith } from '../platform/db/early-release.ts';
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
  const totals = countTotals(keys, delta);
  await upsertCounters(totals.size)(trx, counterParams(opportunityId, totals));
}

/**
 * bumpCounters as the transaction's last statement, sent on PostgreSQL with its COMMIT
 * (commitWith): every applicant bumps the same status and screening statistics counters, and holds
 * them only while the server runs it.
 */
export async function bumpCountersThenCommit(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
): Promise<void> {
  const totals = countTotals(keys, 1);
  await commitWith(
    trx,
    upsertCounters(totals.size).compile(trx, counterParams(opportunityId, totals)),
  );
}

/** Each key's total change, with places held beside the place-taking status counters. */
function countTotals(keys: readonly string[], delta: number): Map<string, number> {
  const totals = new Map<string, number>();
  for (const key of keys) {
    totals.set(key, (totals.get(key) ?? 0) + delta);
    if (PLACE_STATUS_KEYS.has(key)) {
      totals.set(PLACES_HELD_KEY, (totals.get(PLACES_HELD_KEY) ?? 0) + delta);
    }
  }
  return totals;
}

/** The parameters of an upsert of these totals, in the one order every counter lock follows. */
function counterParams(opportunityId: string, totals: ReadonlyMap<string, number>) {
  const params: Record<string, unknown> = { opportunityId };
  let n = 0;
  for (const [key, value] of [...totals].sort(([a], [b]) => counterOrder(a, b))) {
    params[`key${n}`] = key;
    params[`value${n}`] = value;
    n++;
  }
  return params;
}

/**
 * The order in which a transaction locks an opportunity's counters, whoever it is: places held
 * first (status changes take it right after the opportunity's row, lockOpportunity), then by code
 * point, which is the byte order PostgreSQL's "C" collation and SQLite use
 * (lockAdmissionCounters). Transactions that lock overlapping counters then wait for one another
 * instead of deadlocking.
 */
export function counterOrder(a: string, b: string): number {
  if (a === b) return 0;
  if (a === PLACES_HELD_KEY) return -1;
  if (b === PLACES_HELD_KEY) return 1;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** A bound on a counter's value after a change: at least `min`, at most `max`. */
export interface CounterBound {
  min: number;
  max: number;
}

/**
 * bumpCounters (each key +1, with places held) where some counters must stay within bounds: one
 * upsert whose update of a bounded counter happens only if its new value is within its bound
 * (a bounded key not in `keys` is checked with no change). Returns the bounded counters' new
 * values, or undefined when a bound held one back; the others may then have changed, so the
 * caller undoes its transaction.
 *
 * This is an admission in one statement (docs/decisions.md, "Admissions without the opportunity's
 * lock"), so it is made the transaction's last and, on PostgreSQL, sent with its COMMIT
 * (commitWith): the rows every admission locks are held for the time the server takes to run it,
 * with no round trip to the application in between. There a bound that holds fails the statement
 * (a division by zero, below), so that nothing is committed.
 */
export async function bumpCountersWithinThenCommit(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
  bounds: ReadonlyMap<string, CounterBound>,
): Promise<Map<string, number> | undefined> {
  const totals = countTotals(keys, 1);
  for (const key of bounds.keys()) if (!totals.has(key)) totals.set(key, 0);
  const params = counterParams(opportunityId, totals);
  let m = 0;
  for (const [key, bound] of [...bounds].sort(([a], [b]) => counterOrder(a, b))) {
    params[`bounded${m}`] = key;
    params[`min${m}`] = bound.min;
    params[`max${m}`] = bound.max;
    m++;
  }
  let rows: { counter_key: string; value: number | string }[];
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    try {
      rows = await commitWith(trx, checkedUpsert(trx, totals.size, m, params));
    } catch (error) {
      if ((error as { code?: string }).code === DIVISION_BY_ZERO) return undefined;
      throw error;
    }
  } else {
    rows = await guardedUpsert(totals.size, m)(trx, params);
  }
  const values = new Map<string, number>();
  for (const row of rows) {
    const bound = bounds.get(row.counter_key);
    const value = Number(row.value);
    // A row that did not exist was inserted unchecked: checked here, and undone by the caller.
    if (bound && (value < bound.min || value > bound.max)) return undefined;
    if (bound) values.set(row.counter_key, value);
  }
  return values.size === bounds.size ? values : undefined;
}

const DIVISION_BY_ZERO = '22012';

/**
 * The PostgreSQL form of the guarded upsert: the same statement (guardedUpsert) wrapped with its
 * check, so that a bound that holds fails it. Every bounded counter must come back changed (or
 * new) and within its bound, else `1 / 0`; the divisor compares a count the planner cannot fold,
 * so a statement that passes never divides by zero. The text is made once per (n, m).
 */
function checkedUpsert(
  trx: Db,
  n: number,
  m: number,
  params: Record<string, unknown>,
): CompiledQuery<{ counter_key: string; value: number | string }> {
  const upsert = guardedUpsert(n, m).compile(trx, params);
  const first = upsert.parameters.length + 1;
  const shape = `${n} ${m}`;
  let text = checkedBySize.get(shape);
  if (!text) {
    const within = Array.from({ length: m }, (_, i) => {
      const key = first + 3 * i;
      return `(counter_key = $${key} and value between $${key + 1} and $${key + 2})`;
    });
    text = [
      `with changed as (${upsert.sql})`,
      'select counter_key, value,',
      `  1 / ((select count(*) from changed where ${within.join(' or ')}) = ${m})::int as checked`,
      'from changed',
    ].join('\n');
    checkedBySize.set(shape, text);
  }
  const values = [...upsert.parameters];
  for (let i = 0; i < m; i++) {
    values.push(params[`bounded${i}`], params[`min${i}`], params[`max${i}`]);
  }
  return CompiledQuery.raw(text, values) as CompiledQuery<{
    counter_key: string;
    value: number | string;
  }>;
}

const checkedBySize = new Map<string, string>();

/** The guarded upsert of n counters with m bounds, compiled once per (n, m) and dialect. */
function guardedUpsert(n: number, m: number) {
  let statement = guardedBySize.get(`${n} ${m}`);
  if (!statement) {
    statement = prepared((db, params: Record<string, unknown>) => {
      const within = Array.from(
        { length: m },
        (_, i) =>
          sql`(excluded.counter_key <> ${params[`bounded${i}`]} or opportunity_counters.value + excluded.value between ${params[`min${i}`]} and ${params[`max${i}`]})`,
      );
      return insertCounterRows(db, n, params)
        .onConflict((oc) =>
          oc
            .columns(['opportunity_id', 'counter_key'])
            .doUpdateSet({ value: sql`opportunity_counters.value + excluded.value` })
            .where(sql<boolean>`${sql.join(within, sql` and `)}`),
        )
        .returning(['counter_key', 'value']);
    });
    guardedBySize.set(`${n} ${m}`, statement);
  }
  return statement;
}

const guardedBySize = new Map<
  string,
  ReturnType<typeof prepared<Record<string, unknown>, { counter_key: string; value: number }>>
>();

/** The insert of n counter rows, the values named as counterParams names them. */
function insertCounterRows(db: Db, n: number, params: Record<string, unknown>) {
  return db.insertInto('opportunity_counters').values(
    Array.from({ length: n }, (_, i) => ({
      opportunity_id: params.opportunityId as string,
      counter_key: params[`key${i}`] as string,
      value: params[`value${i}`] as number,
    })),
  );
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
      insertCounterRows(db, n, params).onConflict((oc) =>
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
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const query = trx
    .selectFrom('opportunity_counters')
    .select(['counter_key', 'value'])
    .where('opportunity_id', '=', opportunityId)
    .where('counter_key', 'in', keys)
    .orderBy(sql`counter_key <> ${PLACES_HELD_KEY}`)
    // The order of counterOrder: PostgreSQL's default collation is not byte order, SQLite's is.
    .orderBy(postgres ? sql`counter_key collate "C"` : sql`counter_key`);
  return (postgres ? query.forUpdate() : query).execute();
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
