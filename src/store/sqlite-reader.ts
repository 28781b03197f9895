import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

/**
 * A second, read-only connection to the embedded database for the hot single-statement reads
 * (src/store/prepared.ts). In WAL mode it sees exactly the committed data, never another request's
 * open transaction, so it needs neither the write connection's mutex nor a trip through Kysely's
 * executor: a key lookup becomes one synchronous indexed read.
 */
export class SqliteReader {
  readonly #connection: DatabaseSync;
  readonly #statements = new Map<string, StatementSync>();

  constructor(file: string) {
    this.#connection = new DatabaseSync(file, { readOnly: true });
    this.#connection.exec('pragma busy_timeout = 5000');
  }

  all<Row>(sql: string, parameters: readonly unknown[]): Row[] {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#connection.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement.all(...(parameters as SQLInputValue[])) as Row[];
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
