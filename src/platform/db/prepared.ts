import { type Compilable, CompiledQuery } from 'kysely';
import type { Awaitable } from './awaitable.ts';
import type { Db } from './database.ts';
import { nameStatement } from './pg-driver.ts';
import { readerFor } from './sqlite-reader.ts';

type Slot = { name: string } | { value: unknown };

const SENTINEL = '\u0000param:';

/**
 * A query built and compiled once per SQL dialect, then run with new parameters: hot paths (the key
 * lookup on every request, single-resource reads) skip Kysely's per-call tree building and
 * compiling, which costs more than SQLite's own work for an indexed lookup. Placeholders are
 * sentinel strings, swapped for values by position. Outside a transaction on the embedded database
 * the statement runs on the read-only connection (src/platform/db/sqlite-reader.ts), and its rows are
 * returned as they are rather than in a promise (see src/platform/db/awaitable.ts). Measured gain:
 * the project list on prepared pages took GET /v2/projects?limit=25 from about 5,000 to 16,000 to
 * 17,700 req/s (docs/decisions.md, "Performance of the request path").
 */
export function prepared<Params extends Record<string, unknown>, Row>(
  build: (db: Db, params: { [K in keyof Params]: Params[K] }) => Compilable<Row>,
) {
  const byDialect = new Map<unknown, { sql: string; slots: Slot[] }>();
  const placeholders = new Proxy({} as { [K in keyof Params]: Params[K] }, {
    get: (_target, name) => `${SENTINEL}${String(name)}`,
  });
  return function run(db: Db, params: Params): Awaitable<Row[]> {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const query = build(db, placeholders).compile();
      compiled = {
        sql: query.sql,
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
    const values = compiled.slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value));
    const reader = readerFor(db);
    if (reader) return reader.all<Row>(compiled.sql, values);
    return db
      .executeQuery<Row>(CompiledQuery.raw(compiled.sql, values))
      .then((result) => result.rows);
  };
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
