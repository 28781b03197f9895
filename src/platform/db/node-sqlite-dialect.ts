import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely over Node's built-in `node:sqlite`.
 *
 * Kysely's own SqliteDialect expects better-sqlite3 (a native addon, which we do not allow), so this
 * adapter drives `DatabaseSync` directly. There is one connection; a mutex hands it to one query or
 * one transaction at a time, because the statements of a transaction span awaits and must not
 * interleave with another request's statements.
 */
export interface NodeSqliteDialectOptions {
  /**
   * Called after every statement that may have changed the database (anything but a SELECT,
   * commits included), so a cache of reads can forget what it remembered.
   */
  onWrite?: () => void;
}

export class NodeSqliteDialect implements Dialect {
  readonly #database: DatabaseSync;
  readonly #options: NodeSqliteDialectOptions;

  constructor(database: DatabaseSync, options: NodeSqliteDialectOptions = {}) {
    this.#database = database;
    this.#options = options;
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.#database, this.#options.onWrite);
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
}

const STATEMENT_CACHE_SIZE = 500;

interface PreparedStatement {
  statement: StatementSync;
  returnsRows: boolean;
  /** Judged from the text once: only a plain SELECT is known to leave the database as it was. */
  mayWrite: boolean;
}

class NodeSqliteConnection implements DatabaseConnection {
  readonly #database: DatabaseSync;
  readonly #onWrite: (() => void) | undefined;
  /** Prepared once per distinct SQL text: Kysely compiles the same text for every request. */
  readonly #statements = new Map<string, PreparedStatement>();

  constructor(database: DatabaseSync, onWrite?: () => void) {
    this.#database = database;
    this.#onWrite = onWrite;
  }

  #prepare(sql: string): PreparedStatement {
    let entry = this.#statements.get(sql);
    if (entry) {
      // Refresh recency so the cache evicts the least recently used text.
      this.#statements.delete(sql);
      this.#statements.set(sql, entry);
      return entry;
    }
    const statement = this.#database.prepare(sql);
    entry = {
      statement,
      returnsRows: statement.columns().length > 0,
      mayWrite: !/^\s*select\b/i.test(sql),
    };
    this.#statements.set(sql, entry);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) this.#statements.delete(oldest);
    }
    return entry;
  }

  executeSql(sql: string, parameters: readonly unknown[] = []): QueryResult<unknown> {
    const entry = this.#prepare(sql);
    try {
      return run(entry, parameters.map(toSqliteValue));
    } finally {
      // Also when the statement failed: a failed COMMIT or statement may still have changed state.
      if (entry.mayWrite) this.#onWrite?.();
    }
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.executeSql(compiledQuery.sql, compiledQuery.parameters) as QueryResult<R>;
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { statement, mayWrite } = this.#prepare(compiledQuery.sql);
    const values = compiledQuery.parameters.map(toSqliteValue);
    try {
      for (const row of statement.iterate(...values)) {
        yield { rows: [row as R] };
      }
    } finally {
      if (mayWrite) this.#onWrite?.();
    }
  }
}

function run({ statement, returnsRows }: PreparedStatement, values: SQLInputValue[]) {
  if (returnsRows) return { rows: statement.all(...values) };
  const { changes, lastInsertRowid } = statement.run(...values);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}

function toSqliteValue(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'string' ||
    value instanceof Uint8Array
  ) {
    return value;
  }
  return JSON.stringify(value);
}

class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(database: DatabaseSync, onWrite?: () => void) {
    this.#connection = new NodeSqliteConnection(database, onWrite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    // IMMEDIATE takes the write lock up front, so a read-then-write transaction cannot fail
    // half-way with SQLITE_BUSY when another process shares the file.
    (connection as NodeSqliteConnection).executeSql('begin immediate');
  }

  async commitTransaction(connection: DatabaseConnection) {
    (connection as NodeSqliteConnection).executeSql('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    (connection as NodeSqliteConnection).executeSql('rollback');
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {}
}
