import { PostgresAdapter } from 'kysely';
import type { Awaitable } from './awaitable.ts';
import type { Db } from './database.ts';

interface Waiting<Key, Row> {
  key: Key;
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * A lookup of one row by key whose concurrent calls on PostgreSQL share one statement
 * (docs/decisions/0134-postgresql-lookups-batched-per-event-loop-turn.md): the lookups of one
 * event-loop turn go together, and those that arrive while that statement is in flight go in the
 * next one, each distinct key once. So fifty clients reading projects cost a few statements rather
 * than fifty round trips, each with its PostgreSQL backend's parse, plan and protocol work. What a
 * caller sees does not change: its statement is sent after it asked, so it sees every commit before
 * that, as its own statement would.
 *
 * On the embedded database, and inside a transaction (whose reads must see its own writes), `one`
 * runs as before: SQLite's reads are synchronous and answered from the reader's memory.
 */
export function batchedLookup<Key, Row>(
  options: BatchOptions<Key, Row> & {
    /** The lookup of one key. */
    one: (db: Db, key: Key) => Awaitable<Row | undefined>;
  },
): (db: Db, key: Key) => Awaitable<Row | undefined> {
  const batches = new WeakMap<Db, Batch<Key, Row>>();
  return (db, key) => {
    if (db.isTransaction || !(db.getExecutor().adapter instanceof PostgresAdapter)) {
      return options.one(db, key);
    }
    let batch = batches.get(db);
    if (!batch) {
      batch = new Batch(db, options);
      batches.set(db, batch);
    }
    return batch.find(key);
  };
}

interface BatchOptions<Key, Row> {
  /** The rows of many distinct keys in one statement (PostgreSQL only). */
  many: (db: Db, keys: Key[]) => Promise<Row[]>;
  /** Names a key; keys with the same name are the same lookup. */
  nameOf: (key: Key) => string;
  /** The name of the key a row answers. */
  nameOfRow: (row: Row) => string;
}

class Batch<Key, Row> {
  readonly #db: Db;
  readonly #options: BatchOptions<Key, Row>;
  #waiting = new Map<string, Waiting<Key, Row>[]>();
  #busy = false;

  constructor(db: Db, options: BatchOptions<Key, Row>) {
    this.#db = db;
    this.#options = options;
  }

  find(key: Key): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      const name = this.#options.nameOf(key);
      const list = this.#waiting.get(name);
      if (list) list.push({ key, resolve, reject });
      else this.#waiting.set(name, [{ key, resolve, reject }]);
      if (!this.#busy) {
        this.#busy = true;
        setImmediate(() => this.#send());
      }
    });
  }

  #send(): void {
    const waiting = this.#waiting;
    this.#waiting = new Map();
    if (waiting.size === 0) {
      this.#busy = false;
      return;
    }
    const keys = [...waiting.values()].map((list) => list[0]!.key);
    this.#options
      .many(this.#db, keys)
      .then(
        (rows) => {
          const byName = new Map(rows.map((row) => [this.#options.nameOfRow(row), row]));
          for (const [name, list] of waiting) {
            const row = byName.get(name);
            for (const one of list) one.resolve(row);
          }
        },
        (error: unknown) => {
          for (const list of waiting.values()) for (const one of list) one.reject(error);
        },
      )
      .finally(() => this.#send());
  }
}
