import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import { batchedLookup } from '../platform/db/batched-lookup.ts';
import type { Db } from '../platform/db/database.ts';
import { commitWith } from '../platform/db/early-release.ts';
import { nameStatement } from '../platform/db/pg-driver.ts';
import { prepared } from '../platform/db/prepared.ts';
import { QUOTA_CELL_KEY_PREFIXES } from '../screening/index.ts';
import { POSTGRES_COUNTER_SHARDS, roomiestShard } from './counter-shards.ts';
import { PLACE_TAKING_STATUSES, PLACES_HELD_KEY, RECRUITING_KEY } from './places.ts';

/**
 * Adds `delta` to each named counter of an opportunity, creating counters on first use, and keeps
 * the places-held counter equal to the sum of the place-taking status counters. Call it in the
 * transaction of the change being counted (bumpCounterChanges says where each change lands).
 */
export async function bumpCounters(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
  delta = 1,
): Promise<void> {
  await bumpCounterChanges(
    trx,
    opportunityId,
    keys.map((key) => [key, delta]),
  );
}

/**
 * Adds each change to its counter in one statement, places held kept beside the place-taking
 * status counters (a move between two of them nets to nothing there). Changes land in one shard
 * chosen at random (counter-shards.ts), except an increase of a counter in `placement.caps`, which
 * lands where that counter has most room: the caller holds every shard of places held
 * (lockOpportunity, lockAdmissionCounters), so no other increment of a capped counter runs
 * meanwhile. `placement.values` are those counters' shard values if the caller has read them.
 *
 * Rows are written in one order, whoever calls (counterOrder, then shard): two transactions bumping
 * overlapping counters then wait for one another instead of deadlocking.
 */
export async function bumpCounterChanges(
  trx: Db,
  opportunityId: string,
  changes: Iterable<readonly [string, number]>,
  placement?: Placement,
): Promise<void> {
  const rows = await placedRows(trx, opportunityId, countTotals(changes), placement);
  if (rows.length > 0) await upsertCounters(rows.length)(trx, counterParams(opportunityId, rows));
}

/**
 * bumpCounterChanges (each key +1) as the transaction's last statement, sent on PostgreSQL with its
 * COMMIT (commitWith): every applicant bumps the same status and screening statistics counters,
 * and holds them only while the server runs it.
 */
export async function bumpCountersThenCommit(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
  placement?: Placement,
): Promise<void> {
  const totals = countTotals(keys.map((key) => [key, 1]));
  const rows = await placedRows(trx, opportunityId, totals, placement);
  await commitWith(
    trx,
    upsertCounters(rows.length).compile(trx, counterParams(opportunityId, rows)),
  );
}

/** Where increases of capped counters go (bumpCounterChanges). */
export interface Placement {
  /** The cap of each capped counter: places held, and the cells of maximum quota targets. */
  caps: ReadonlyMap<string, number>;
  /** Shard values already read of (some of) those counters, index = shard. */
  values?: ReadonlyMap<string, readonly number[]>;
}

/** Shards of each counter on this database (counter-shards.ts). */
export function counterShards(db: Db): number {
  return db.getExecutor().adapter instanceof PostgresAdapter ? POSTGRES_COUNTER_SHARDS : 1;
}

/** One row of a counter upsert: a shard of a counter and the change to it. */
interface CounterRow {
  key: string;
  shard: number;
  value: number;
}

/** The rows of these changes: capped increases where there is room, the rest in a random shard. */
async function placedRows(
  trx: Db,
  opportunityId: string,
  totals: ReadonlyMap<string, number>,
  placement: Placement | undefined,
): Promise<CounterRow[]> {
  const shards = counterShards(trx);
  const home = Math.floor(Math.random() * shards);
  const capped = placement
    ? [...totals].filter(([key, value]) => value > 0 && placement.caps.has(key)).map(([key]) => key)
    : [];
  const unread = capped.filter((key) => !placement?.values?.has(key));
  const read =
    shards > 1 && unread.length > 0 ? await readShardValues(trx, opportunityId, unread) : undefined;
  const rows: CounterRow[] = [];
  for (const [key, value] of totals) {
    let shard = home;
    if (shards > 1 && placement && capped.includes(key)) {
      const values = placement.values?.get(key) ?? read?.get(key) ?? [];
      shard = roomiestShard(values, placement.caps.get(key)!, shards);
    }
    rows.push({ key, shard, value });
  }
  return rows;
}

/** Each key's total change, with places held beside the place-taking status counters; no zeros. */
function countTotals(changes: Iterable<readonly [string, number]>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const [key, delta] of changes) {
    totals.set(key, (totals.get(key) ?? 0) + delta);
    if (PLACE_STATUS_KEYS.has(key)) {
      totals.set(PLACES_HELD_KEY, (totals.get(PLACES_HELD_KEY) ?? 0) + delta);
    }
  }
  for (const [key, total] of totals) if (total === 0) totals.delete(key);
  return totals;
}

/** The parameters of an upsert of these rows, in the one order every counter lock follows. */
function counterParams(opportunityId: string, rows: readonly CounterRow[]) {
  const params: Record<string, unknown> = { opportunityId };
  const sorted = [...rows].sort((a, b) => counterOrder(a.key, b.key) || a.shard - b.shard);
  sorted.forEach((row, n) => {
    params[`key${n}`] = row.key;
    params[`shard${n}`] = row.shard;
    params[`value${n}`] = row.value;
  });
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
 * bumpCounters (each key +1, with places held) in one shard, where some counters must stay within
 * bounds in that shard: one upsert whose update of a bounded counter happens only if its new value
 * is within its bound (a bounded key not in `keys` is checked with no change). Returns the bounded
 * counters' new values in the shard, or undefined when a bound held one back; the others may then
 * have changed, so the caller undoes its transaction.
 *
 * This is an admission in one statement
 * (docs/decisions/0141-admissions-without-the-opportunitys-lock.md and
 * docs/decisions/0143-counter-shards.md), so it is made the transaction's last and, on PostgreSQL,
 * sent with its COMMIT (commitWith): the rows it locks, all in one shard, are held for the time the
 * server takes to run it, with no round trip to the application in between. There a bound that
 * holds fails the statement (a division by zero, below), so that nothing is committed.
 */
export async function bumpCountersWithinThenCommit(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
  bounds: ReadonlyMap<string, CounterBound>,
  shard = 0,
): Promise<Map<string, number> | undefined> {
  const totals = countTotals(keys.map((key) => [key, 1]));
  for (const key of bounds.keys()) if (!totals.has(key)) totals.set(key, 0);
  const params = counterParams(
    opportunityId,
    [...totals].map(([key, value]) => ({ key, shard, value })),
  );
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
    // Prepared once per connection, as the shapes are few: planning it afresh was a third of its
    // cost (docs/decisions/0193-statements-in-one-message-prepared-once.md).
    nameStatement(text);
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
            .columns(['opportunity_id', 'counter_key', 'shard'])
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
      shard: params[`shard${i}`] as number,
      value: params[`value${i}`] as number,
    })),
  );
}

/**
 * The upsert of n counters, compiled once per n: an application bumps a dozen (its status, each
 * answer's statistics, its quota cells), and building that statement with Kysely cost more than
 * SQLite's work for it (docs/decisions/0140-hot-statements-compiled-once.md).
 */
function upsertCounters(n: number) {
  let statement = upsertsBySize.get(n);
  if (!statement) {
    statement = prepared((db, params: Record<string, unknown>) =>
      insertCounterRows(db, n, params).onConflict((oc) =>
        oc.columns(['opportunity_id', 'counter_key', 'shard']).doUpdateSet({
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

/**
 * Sets a flag counter (1 or 0) on every shard of an opportunity, creating it if need be: an
 * admission reads the flag of its own shard (`recruiting`, RECRUITING_KEY).
 */
export async function setFlag(
  trx: Db,
  opportunityId: string,
  key: string,
  on: boolean,
): Promise<void> {
  const value = on ? 1 : 0;
  await trx
    .insertInto('opportunity_counters')
    .values(everyShard(trx, opportunityId, [key], value))
    .onConflict((oc) =>
      oc.columns(['opportunity_id', 'counter_key', 'shard']).doUpdateSet({ value }),
    )
    .execute();
}

/**
 * Creates the named counters of an opportunity at zero on every shard, leaving those that exist as
 * they are: places held at launch, so that locking its shards (lockOpportunity) locks them all.
 */
export async function openCounters(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
): Promise<void> {
  await trx
    .insertInto('opportunity_counters')
    .values(everyShard(trx, opportunityId, keys, 0))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

function everyShard(db: Db, opportunityId: string, keys: readonly string[], value: number) {
  return keys.flatMap((key) =>
    Array.from({ length: counterShards(db) }, (_, shard) => ({
      opportunity_id: opportunityId,
      counter_key: key,
      shard,
      value,
    })),
  );
}

/** The counters an admission decides on: places held, `recruiting` and these, each once. */
function admissionKeys(keys: readonly string[]): string[] {
  return [...new Set([PLACES_HELD_KEY, RECRUITING_KEY, ...keys])];
}

/** The admission counters, locked: their totals, and each one's values by shard. */
export interface AdmissionCounters {
  /** Each counter's total; `recruiting` is 1 only when every shard says so. */
  counts: Record<string, number>;
  byShard: Map<string, number[]>;
}

/**
 * Locks and reads the counters an admission decides on: every shard of places held first, the rows
 * every increment of a place locks (counter-shards.ts), then `recruiting` and the quota cells in
 * one order (counterOrder, then shard), so admissions wait for one another and for status changes
 * without deadlocking. Once it holds places held, no other increment of a place or a cell is under
 * way, so cells absent here read 0. PostgreSQL only takes row locks; on SQLite the write
 * transaction already excludes all.
 */
export async function lockAdmissionCounters(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
): Promise<AdmissionCounters> {
  const wanted = admissionKeys(keys);
  return admissionView(trx, wanted, await admissionCounters(trx, opportunityId, wanted));
}

/**
 * The admission counters as committed, without a lock: what an application is routed on, and
 * where it looks for a shard with room (admissionShard).
 */
export async function readAdmissionCounters(
  db: Db,
  opportunityId: string,
  keys: readonly string[],
): Promise<AdmissionCounters> {
  const wanted = admissionKeys(keys);
  return admissionView(db, wanted, await shardRows(db, opportunityId, wanted));
}

/** A counter's row in one shard, as read. */
type ShardRow = { counter_key: string; shard: number; value: number | string };

/** An opportunity's admission counters, read ahead of an application's transaction. */
export interface CountersAhead {
  opportunityId: string;
  rows: ShardRow[];
}

/**
 * The counters an application to this opportunity will be routed on, read ahead of its
 * transaction on PostgreSQL: places held, `recruiting` and every quota cell, by shard, without a
 * lock, as readAdmissionCounters reads them in the transaction. The read goes in its turn's message
 * with the opportunity and the applicant's earlier applications (batched-lookup.ts), one statement
 * for every application of the turn, and the transaction then waits for no answer before its last
 * statement (docs/decisions/0200-applications-in-one-message.md). Undefined on the embedded
 * database, where the transaction's own read costs no round trip and sees the admissions ahead of
 * it in its group commit (group-commit.ts).
 */
export async function admissionCountersAhead(
  db: Db,
  opportunityId: string,
): Promise<CountersAhead | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  return (await countersAheadBatched(db, opportunityId)) ?? { opportunityId, rows: [] };
}

/** The admission counters of these opportunities: places held, recruiting, the quota cells. */
const admissionRowsOf = prepared((db, p: { opportunityIds: string[] }) =>
  db
    .selectFrom('opportunity_counters')
    .select(['opportunity_id', 'counter_key', 'shard', 'value'])
    .where('opportunity_id', '=', sql<string>`any(${p.opportunityIds}::text[])`)
    .where((eb) =>
      eb.or([
        eb('counter_key', 'in', [PLACES_HELD_KEY, RECRUITING_KEY]),
        ...QUOTA_CELL_KEY_PREFIXES.map((prefix) => eb('counter_key', 'like', `${prefix}%`)),
      ]),
    ),
);

const countersAheadBatched = batchedLookup({
  one: async (db, opportunityId: string): Promise<CountersAhead> => ({
    opportunityId,
    rows: await admissionRowsOf(db, { opportunityIds: [opportunityId] }),
  }),
  many: (db, opportunityIds: string[]) => admissionRowsOf.compile(db, { opportunityIds }),
  rowsOf: (rows) => {
    const byOpportunity = new Map<string, CountersAhead>();
    for (const { opportunity_id, ...row } of rows) {
      let entry = byOpportunity.get(opportunity_id);
      if (!entry) {
        entry = { opportunityId: opportunity_id, rows: [] };
        byOpportunity.set(opportunity_id, entry);
      }
      entry.rows.push(row);
    }
    return [...byOpportunity.values()];
  },
  nameOf: (opportunityId) => opportunityId,
  nameOfRow: (entry) => entry.opportunityId,
  // By the primary key (opportunity_id, counter_key, shard), however many opportunities.
  genericPlan: true,
});

/**
 * The admission counters an application is routed on: those read ahead (admissionCountersAhead),
 * else read now, in its transaction.
 */
export async function seenAdmissionCounters(
  trx: Db,
  opportunityId: string,
  keys: readonly string[],
  ahead: CountersAhead | undefined,
): Promise<AdmissionCounters> {
  if (!ahead) return readAdmissionCounters(trx, opportunityId, keys);
  const wanted = admissionKeys(keys);
  const named = new Set(wanted);
  return admissionView(
    trx,
    wanted,
    ahead.rows.filter((row) => named.has(row.counter_key)),
  );
}

/** The shard rows of these (distinct) counters, as committed. */
function shardRows(db: Db, opportunityId: string, keys: readonly string[]) {
  const params: Record<string, string> = { opportunityId };
  for (const [i, key] of keys.entries()) params[`key${i}`] = key;
  return shardsNamed(keys.length)(db, params);
}

/** The read of n named counters by shard, compiled once per n: every application makes one. */
function shardsNamed(n: number) {
  let statement = shardsBySize.get(n);
  if (!statement) {
    statement = prepared((db, params: Record<string, string>) =>
      db
        .selectFrom('opportunity_counters')
        .select(['counter_key', 'shard', 'value'])
        .where('opportunity_id', '=', params.opportunityId!)
        .where(
          'counter_key',
          'in',
          Array.from({ length: n }, (_, i) => params[`key${i}`]!),
        ),
    );
    shardsBySize.set(n, statement);
  }
  return statement;
}

const shardsBySize = new Map<
  number,
  ReturnType<
    typeof prepared<
      Record<string, string>,
      { counter_key: string; shard: number; value: number | string }
    >
  >
>();

/** Totals and shard values of the wanted counters; `recruiting` is 1 only if so on every shard. */
function admissionView(
  db: Db,
  wanted: readonly string[],
  rows: readonly { counter_key: string; shard: number; value: number | string }[],
): AdmissionCounters {
  const byShard = valuesByShard(rows);
  for (const key of wanted) if (!byShard.has(key)) byShard.set(key, []);
  const counts: Record<string, number> = {};
  for (const [key, values] of byShard) counts[key] = values.reduce((a, b) => a + (b ?? 0), 0);
  const recruiting = byShard.get(RECRUITING_KEY)!;
  counts[RECRUITING_KEY] = Array.from(
    { length: counterShards(db) },
    (_, shard) => recruiting[shard] ?? 0,
  ).every((value) => value === 1)
    ? 1
    : 0;
  return { counts, byShard };
}

/**
 * The rows of lockAdmissionCounters. On PostgreSQL in two statements: places held, then the rest,
 * read after the wait for places held, since a statement sees only the rows committed before it
 * began, and the admission it waited for may have made a cell's row in another shard.
 */
async function admissionCounters(trx: Db, opportunityId: string, keys: readonly string[]) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) {
    return countersInLockOrder(trx, opportunityId, keys).execute();
  }
  const gate = await countersInLockOrder(trx, opportunityId, [PLACES_HELD_KEY])
    .forUpdate()
    .execute();
  const rest = keys.filter((key) => key !== PLACES_HELD_KEY);
  return [...gate, ...(await countersInLockOrder(trx, opportunityId, rest).forUpdate().execute())];
}

function countersInLockOrder(trx: Db, opportunityId: string, keys: readonly string[]) {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return (
    trx
      .selectFrom('opportunity_counters')
      .select(['counter_key', 'shard', 'value'])
      .where('opportunity_id', '=', opportunityId)
      .where('counter_key', 'in', keys)
      .orderBy(sql`counter_key <> ${PLACES_HELD_KEY}`)
      // The order of counterOrder: PostgreSQL's default collation is not byte order, SQLite's is.
      .orderBy(postgres ? sql`counter_key collate "C"` : sql`counter_key`)
      .orderBy('shard')
  );
}

/** These counters' values by shard (index = shard; shards without a row are absent). */
async function readShardValues(
  db: Db,
  opportunityId: string,
  keys: readonly string[],
): Promise<Map<string, number[]>> {
  return valuesByShard(await shardRows(db, opportunityId, keys));
}

function valuesByShard(
  rows: readonly { counter_key: string; shard: number; value: number | string }[],
): Map<string, number[]> {
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    let values = byKey.get(row.counter_key);
    if (!values) {
      values = [];
      byKey.set(row.counter_key, values);
    }
    values[row.shard] = Number(row.value);
  }
  return byKey;
}

/** Every counter of an opportunity (the sum of its shards) as a plain record; absent keys read 0. */
export async function readCounters(db: Db, opportunityId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('opportunity_counters')
    .select(['counter_key', sql<number | string>`sum(value)`.as('value')])
    .where('opportunity_id', '=', opportunityId)
    .groupBy('counter_key')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.counter_key, Number(row.value)]));
}

export const statusCounterKey = (status: string) => `status:${status}`;

const PLACE_STATUS_KEYS = new Set<string>(PLACE_TAKING_STATUSES.map(statusCounterKey));
