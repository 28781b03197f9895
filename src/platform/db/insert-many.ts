import { type Insertable, PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import type { Db } from './database.ts';

/**
 * Many rows of one table in as few statements as each engine likes
 * (docs/decisions/0186-inviting-thousands-at-once.md).
 *
 * - SQLite: multi-row VALUES in chunks of CHUNK rows, as before: a statement is prepared once per
 *   distinct text and kept (node-sqlite-dialect.ts), so the chunks of one size share it. What is
 *   left after the full chunks goes in chunks of powers of two (256, 128, …, 1 rows): a prepared
 *   statement of 500 rows of 13 columns holds about 1 MB of native memory, and a remainder of any
 *   size would keep one more such statement for every count ever asked, up to the cache's 500
 *   texts; with powers of two a table and its columns have at most ten texts
 *   (docs/decisions/0189-serve-memory-bounded.md).
 * - PostgreSQL: one statement whatever the count, each column one array parameter unnested
 *   (`insert … select * from unnest($1::text[], $2::int8[], …)`). A VALUES list of 500 rows of 13
 *   columns is 6,500 parameters, which PostgreSQL parses and binds anew for every chunk: 15 to
 *   30 ms a chunk on the busy two-core machine, most of the time of 5,000 invitations.
 *
 * Every column must be given in every row (the same keys), with text, integer, boolean or null
 * values: the tables written this way keep times as ISO text.
 */
const CHUNK = 500;

type Table = keyof DB & string;

export interface InsertManyOptions {
  /** Columns of a unique constraint: rows that would break it are skipped (ON CONFLICT DO NOTHING). */
  skipConflictsOn?: readonly string[];
  /** A column to answer for each row written (skipped rows are not answered). */
  returning?: string;
}

export async function insertMany<T extends Table>(
  db: Db,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  options: InsertManyOptions = {},
): Promise<unknown[]> {
  if (rows.length === 0) return [];
  if (!isPostgres(db)) return insertInChunks(db, table, rows, options);
  const columns = Object.keys(rows[0]!);
  const arrays = columns.map((column) =>
    rows.map((row) => (row as Record<string, unknown>)[column] ?? null),
  );
  const unnested = sql.join(
    columns.map((column, index) => {
      const values = arrays[index]!;
      return sql`${values}::${sql.raw(arrayType(column, values))}`;
    }),
  );
  const conflict = options.skipConflictsOn
    ? sql` on conflict (${sql.join(options.skipConflictsOn.map((column) => sql.ref(column)))}) do nothing`
    : sql``;
  const returning = options.returning ? sql` returning ${sql.ref(options.returning)}` : sql``;
  const result = await sql<Record<string, unknown>>`insert into ${sql.table(table)} (${sql.join(
    columns.map((column) => sql.ref(column)),
  )}) select * from unnest(${unnested})${conflict}${returning}`.execute(db);
  return options.returning ? result.rows.map((row) => row[options.returning!]) : [];
}

/** The PostgreSQL array type a column's values travel as: they are assigned to the column's own. */
function arrayType(column: string, values: readonly unknown[]): string {
  const given = values.find((value) => value !== null);
  if (typeof given === 'number') return 'int8[]';
  if (typeof given === 'boolean') return 'bool[]';
  if (given === undefined || typeof given === 'string') return 'text[]';
  throw new TypeError(`insertMany: column ${column} holds a ${typeof given}`);
}

async function insertInChunks<T extends Table>(
  db: Db,
  table: T,
  rows: readonly Insertable<DB[T]>[],
  options: InsertManyOptions,
): Promise<unknown[]> {
  const answered: unknown[] = [];
  for (let start = 0; start < rows.length; ) {
    const size = chunkSize(rows.length - start);
    const chunk = rows.slice(start, start + size);
    start += size;
    // Kysely's typed builder cannot follow a table chosen at run time; the rows are typed above.
    let query = db.insertInto(table).values(chunk as never) as unknown as {
      onConflict: (build: (oc: OnConflict) => unknown) => typeof query;
      returning: (column: string) => typeof query;
      execute: () => Promise<Record<string, unknown>[]>;
    };
    if (options.skipConflictsOn) {
      const columns = options.skipConflictsOn;
      query = query.onConflict((oc) => oc.columns(columns).doNothing());
    }
    if (options.returning) query = query.returning(options.returning);
    const written = await query.execute();
    if (options.returning) for (const row of written) answered.push(row[options.returning]);
  }
  return answered;
}

/** CHUNK while that many rows are left, then the largest power of two not above what is left. */
export function chunkSize(left: number): number {
  if (left >= CHUNK) return CHUNK;
  return 2 ** Math.floor(Math.log2(left));
}

interface OnConflict {
  columns: (columns: readonly string[]) => { doNothing: () => unknown };
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
