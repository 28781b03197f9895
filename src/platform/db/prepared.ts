import { CompiledQuery, type QueryExecutorProvider } from 'kysely';
import type { Awaitable } from './awaitable.ts';
import { readInTurn, readsInTurns } from './batched-lookup.ts';
import type { Db } from './database.ts';
import { nameStatement } from './pg-driver.ts';
import { isSharedResult, readerFor, type SqliteReader } from './sqlite-reader.ts';

type Slot = { name: string } | { value: unknown };

const SENTINEL = '\u0000param:';

/**
 * A query built and compiled once per SQL dialect, then run with new parameters: hot paths (the key
 * lookup on every request, single-resource reads) skip Kysely's per-call tree building and
 * compiling, which costs more than SQLite's own work for an indexed lookup. Placeholders are
 * sentinel strings, swapped for values by position. Outside a transaction on the embedded database
 * the statement runs on the read-only connection (src/platform/db/sqlite-reader.ts), and its rows
 * are returned as they are rather than in a promise (see src/platform/db/awaitable.ts). Measured
 * gain: the project list on prepared pages took GET /v2/projects?limit=25 from about 5,000 to
 * 16,000 to 17,700 req/s (docs/decisions/0037-request-path-cpu-per-request.md).
 */
/**
 * What `prepared` compiles: a Kysely query builder, or raw `sql` (which compiles against the
 * database it is given; a builder ignores the argument).
 */
interface CompilableWith<Row> {
  compile(executorProvider: QueryExecutorProvider): CompiledQuery<Row>;
}

export function prepared<Params extends Record<string, unknown>, Row>(
  build: (db: Db, params: { [K in keyof Params]: Params[K] }) => CompilableWith<Row>,
) {
  const byDialect = new Map<unknown, { sql: string; slots: Slot[]; reads: boolean }>();
  const placeholders = new Proxy({} as { [K in keyof Params]: Params[K] }, {
    get: (_target, name) => `${SENTINEL}${String(name)}`,
  });
  function compiledFor(db: Db) {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const query = build(db, placeholders).compile(db);
      compiled = {
        sql: query.sql,
        // An insert or update (a hot path's write, in its transaction) never goes to the reader.
        reads: /^\s*select\b/i.test(query.sql),
        slots: query.parameters.map((value) =>
          typeof value === 'string' && value.startsWith(SENTINEL)
            ? { name: value.slice(SENTINEL.length) }
            : { value },
        ),
      };
      byDialect.set(dialect, compiled);
      // On PostgreSQL, prepared once per connection as well (pg-driver.ts, nameStatement).
      nameStatement(compiled.sql);
    }
    return compiled;
  }
  // Per database object (a transaction is another one): the statement and the reader, found with
  // one lookup rather than the executor's, the dialect's and the reader's on every call, and the
  // values filled in by a loop rather than a closure per call. In the profile of a project read
  // (two prepared reads per request) this file's own share of busy samples went from 2.0% to 1.3%.
  const bound = new WeakMap<Db, { sql: string; slots: Slot[]; reader: SqliteReader | undefined }>();
  function boundTo(db: Db) {
    let statement = bound.get(db);
    if (!statement) {
      const compiled = compiledFor(db);
      statement = { ...compiled, reader: compiled.reads ? readerFor(db) : undefined };
      bound.set(db, statement);
    }
    return statement;
  }
  function valuesOf(slots: Slot[], params: Params): unknown[] {
    const values: unknown[] = new Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      values[i] = 'name' in slot ? params[slot.name] : slot.value;
    }
    return values;
  }
  function run(db: Db, params: Params): Awaitable<Row[]> {
    const { sql, slots, reader } = boundTo(db);
    const values = valuesOf(slots, params);
    if (reader) return reader.all<Row>(sql, values);
    return db.executeQuery<Row>(CompiledQuery.raw(sql, values)).then((result) => result.rows);
  }
  /** The statement with these values, to run another way (commitWith, early-release.ts). */
  run.compile = (db: Db, params: Params): CompiledQuery<Row> => {
    const { sql, slots } = boundTo(db);
    return CompiledQuery.raw(sql, valuesOf(slots, params)) as CompiledQuery<Row>;
  };
  /**
   * A read sent in its turn's message on PostgreSQL (readInTurn, batched-lookup.ts), with other
   * reads asked at the same time; elsewhere as `run`.
   */
  run.inTurn = (db: Db, params: Params): Awaitable<Row[]> =>
    readsInTurns(db) ? readInTurn(db, run.compile(db, params)) : run(db, params);
  return run;
}

/**
 * Wraps a mapper of rows so that each shared row is mapped once. On the embedded database the
 * rows `prepared` returns are frozen and handed out again until the database changes, so what is
 * built from one can be handed out again too (frozen in turn). Rows that are not frozen (every row
 * on PostgreSQL) are mapped afresh each time.
 */
export function rowMapper<Row extends object, Out extends object>(
  map: (row: Row) => Out,
): (row: Row) => Out {
  const mapped = new WeakMap<Row, Out>();
  return (row) => {
    if (!Object.isFrozen(row)) return map(row);
    let out = mapped.get(row);
    if (!out) {
      out = Object.freeze(map(row));
      mapped.set(row, out);
    }
    return out;
  };
}

/**
 * Wraps a builder of an answer from one shared source (a row or a whole result the embedded
 * database's reader hands out again until the database changes, sqlite-reader.ts) so that the
 * answer is built once per source and per value of its other inputs, and handed out frozen: a
 * response serializer then writes its JSON once too (src/platform/http/kept-json.ts). Inputs are
 * compared with `===`, so pass primitives or objects that are themselves kept. A fresh source
 * (every one on PostgreSQL) is built afresh each time, unfrozen. The pages and the opportunity
 * full form rebuilt on every read were 10-20% of those reads' busy profile samples; for the CPU
 * figures with kept JSON see src/platform/http/kept-json.ts.
 */
export function keptPerSource<Source extends object, Inputs extends readonly unknown[], Out>(
  build: (source: Source, ...inputs: Inputs) => Out,
): (source: Source, ...inputs: Inputs) => Out {
  const kept = new WeakMap<Source, { inputs: Inputs; out: Out }>();
  return (source, ...inputs) => {
    if (!isSharedResult(source)) return build(source, ...inputs);
    const entry = kept.get(source);
    if (entry?.inputs.every((input, i) => input === inputs[i])) return entry.out;
    const out = Object.freeze(build(source, ...inputs));
    kept.set(source, { inputs, out });
    return out;
  };
}
