import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

const RESULT_CACHE_SIZE = 10_000;

/**
 * A second, read-only connection to the embedded database for the hot single-statement reads
 * (src/store/prepared.ts). In WAL mode it sees exactly the committed data, never another request's
 * open transaction, so it needs neither the write connection's mutex nor a trip through Kysely's
 * executor: a key lookup becomes one synchronous indexed read.
 *
 * It also remembers results. SQLite's `data_version` on this connection changes whenever any other
 * connection (this process's writer, or another process such as the CLI) commits, so a remembered
 * result is served only while the database is exactly as it was when the result was read: never
 * stale. The repeated reads of a read-heavy API (the same key on every request) then cost one pragma
 * instead of one query each.
 */
export class SqliteReader {
  readonly #connection: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();
  readonly #dataVersion: StatementSync;
  readonly #results = new Map<string, unknown[]>();
  #version: unknown;

  constructor(file: string) {
    this.#connection = new DatabaseSync(file, { readOnly: true });
    this.#connection.exec('pragma busy_timeout = 5000');
    this.#dataVersion = this.#connection.prepare('pragma data_version');
  }

  all<Row>(sql: string, parameters: readonly unknown[]): Row[] {
    const version = (this.#dataVersion.get() as { data_version: number }).data_version;
    if (version !== this.#version) {
      this.#results.clear();
      this.#version = version;
    }
    const key = `${sql}\u0000${JSON.stringify(parameters)}`;
    const remembered = this.#results.get(key);
    if (remembered) return remembered as Row[];
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#connection.prepare(sql);
      this.#statements.set(sql, statement);
    }
    // Frozen: every caller gets the same rows, so none may change them.
    const rows = statement.all(...(parameters as SQLInputValue[])).map((row) => Object.freeze(row));
    if (this.#results.size >= RESULT_CACHE_SIZE) this.#results.clear();
    this.#results.set(key, rows);
    return rows as Row[];
  }

  close(): void {
    if (this.#connection.isOpen) this.#connection.close();
  }
}

const readers = new WeakMap<object, SqliteReader>();

/** Ties a reader to the root Kysely instance it mirrors; transactions are other objects. */
export function attachReader(db: object, reader: SqliteReader): void {
  readers.set(db, reader);
}

export function readerFor(db: object): SqliteReader | undefined {
  return readers.get(db);
}
