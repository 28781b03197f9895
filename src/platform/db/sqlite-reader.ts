import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

const RESULT_CACHE_SIZE = 10_000;

/**
 * A second, read-only connection to the embedded database for the hot single-statement reads
 * (src/platform/db/prepared.ts). In WAL mode it sees exactly the committed data, never another
 * request's open transaction, so it needs neither the write connection's mutex nor a trip through
 * Kysely's executor: a key lookup becomes one synchronous indexed read.
 *
 * It also remembers results, and forgets them all whenever the database changes:
 *
 * - this process's write connection reports every write as it happens (`noteWrite`), so a request
 *   always reads what it, or any request before it, committed;
 * - a commit by any other connection (the CLI, another process) moves SQLite's `data_version`,
 *   which is checked once per event-loop turn rather than before every read: the check begins a
 *   read transaction, whose shared-memory locks cost more than the lookups it guards. A request
 *   handled in the same turn as an earlier check was already waiting when that check ran, so it
 *   sees every commit that finished before it arrived.
 *
 * The repeated reads of a read-heavy API (the same key on every request) then cost a map lookup.
 * Measured with prepared pages (rows shared until the data changes): GET /v2/projects?limit=25
 * from about 5,000 to 16,000 to 17,700 req/s (docs/decisions/0037-request-path-cpu-per-request.md).
 */
export class SqliteReader {
  readonly #connection: DatabaseSync;
  /** Per SQL text: its prepared statement and the results remembered by parameters. */
  readonly #queries = new Map<string, { statement: StatementSync; results: Remembered }>();
  #remembered = 0;
  /** Moves on every time the remembered results are forgotten. */
  #generation = 0;
  readonly #dataVersion: StatementSync;
  #version: unknown;
  /** True from a `data_version` check until the event loop's next check phase or a local write. */
  #checked = false;
  readonly #expireCheck = () => {
    this.#checked = false;
  };

  constructor(file: string) {
    this.#connection = new DatabaseSync(file, { readOnly: true });
    this.#connection.exec('pragma busy_timeout = 5000');
    this.#dataVersion = this.#connection.prepare('pragma data_version');
  }

  /** Called by this process's write connection after every statement that may have written. */
  noteWrite(): void {
    this.#checked = false;
  }

  #checkVersion(): void {
    this.#checked = true;
    setImmediate(this.#expireCheck);
    const version = (this.#dataVersion.get() as { data_version: number }).data_version;
    if (version !== this.#version) {
      this.#forget();
      this.#version = version;
    }
  }

  all<Row>(sql: string, parameters: readonly unknown[]): Row[] {
    if (!this.#checked) this.#checkVersion();
    let query = this.#queries.get(sql);
    if (!query) {
      query = { statement: this.#connection.prepare(sql), results: new Map() };
      this.#queries.set(sql, query);
    }
    const results = rememberedBy(query.results, parameters);
    const last = parameters[parameters.length - 1];
    const remembered = results?.get(last);
    if (remembered) return remembered as Row[];
    // Frozen: every caller gets the same rows, so none may change them.
    const rows = query.statement
      .all(...(parameters as SQLInputValue[]))
      .map((row) => Object.freeze(row));
    if (!results) return rows as Row[];
    if (this.#remembered >= RESULT_CACHE_SIZE) this.#forget();
    sharedResults.add(rows);
    results.set(last, rows);
    this.#remembered++;
    return rows as Row[];
  }

  /**
   * The rows of a read that is not remembered: one whose rows are large and seldom asked again,
   * such as the audience bitmaps a count combines (docs/decisions/0190-audience-bitmaps.md),
   * which would otherwise fill the process's memory with copies of a table the database holds.
   */
  allFresh<Row>(sql: string, parameters: readonly unknown[]): Row[] {
    let query = this.#queries.get(sql);
    if (!query) {
      query = { statement: this.#connection.prepare(sql), results: new Map() };
      this.#queries.set(sql, query);
    }
    return query.statement.all(...(parameters as SQLInputValue[])) as Row[];
  }

  /**
   * A number that moves on whenever the database may have changed since it was last asked (as
   * the remembered results are forgotten): for a caller remembering what it computed from several
   * reads, such as an audience count (src/audience/remembered-counts.ts).
   */
  generation(): number {
    if (!this.#checked) this.#checkVersion();
    return this.#generation;
  }

  #forget(): void {
    this.#generation++;
    for (const query of this.#queries.values()) query.results.clear();
    this.#remembered = 0;
  }

  close(): void {
    if (this.#connection.isOpen) this.#connection.close();
  }
}

/**
 * A query's remembered results, a map per parameter in turn: the results of `(a, b)` are at
 * `.get(a).get(b)`. Maps compare primitives by value and keep their types apart (1 is not '1'),
 * so no key string has to be made of the parameters: JSON.stringify of them, and hashing the new
 * string, were about half of this reader's own time on a project read (two reads per request;
 * docs/decisions/0145-reader-results-keyed-per-parameter.md).
 */
type Remembered = Map<unknown, unknown>;

/**
 * The map holding the results of these parameters by their last one, made on the way; none when a
 * parameter is an object (a blob), which a map would tell apart by identity rather than content.
 */
function rememberedBy(root: Remembered, parameters: readonly unknown[]): Remembered | undefined {
  for (const parameter of parameters) {
    if (typeof parameter === 'object' && parameter !== null) return undefined;
  }
  let results = root;
  for (let i = 0; i < parameters.length - 1; i++) {
    let next = results.get(parameters[i]) as Remembered | undefined;
    if (!next) {
      next = new Map();
      results.set(parameters[i], next);
    }
    results = next;
  }
  return results;
}

/**
 * The row arrays `all` hands out again until the database changes. They are not frozen (callers
 * may have built on arrays they own), so this set is what tells a shared result from a fresh one
 * (src/platform/db/prepared.ts, `keptPerSource`).
 */
const sharedResults = new WeakSet<object>();

/** True for a result or row the reader hands out again until the database changes. */
export function isSharedResult(value: object): boolean {
  return Object.isFrozen(value) || sharedResults.has(value);
}

const readers = new WeakMap<object, SqliteReader>();

/** Ties a reader to the root Kysely instance it mirrors; transactions are other objects. */
export function attachReader(db: object, reader: SqliteReader): void {
  readers.set(db, reader);
}

export function readerFor(db: object): SqliteReader | undefined {
  return readers.get(db);
}
