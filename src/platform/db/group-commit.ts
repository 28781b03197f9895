import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { Db } from './database.ts';

/** Transactions joined into one commit at most: bounds how long the first one waits for its answer. */
const MAX_GROUP = 64;

interface Member {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit on the embedded database
 * (docs/decisions/0139-group-commit-on-the-embedded-database.md): `work` runs as a transaction of
 * its own, but transactions that arrive while the write connection is busy wait, and then run one
 * after another inside a single SQLite transaction, each in a savepoint, with one commit for all.
 * An application writes a submission (nine indexes), counters and an event: committed alone, each
 * of those pages went to the write-ahead log once per application; committed together, a page they
 * all touch (the newest leaf of each index, the counters, the outbox) goes once per group.
 *
 * What each caller sees is what a transaction of its own would give: its work runs alone on the
 * connection, after every earlier member and seeing their writes (the order is arrival, as the
 * write connection's queue already serialized them); if it throws, its savepoint is rolled back, so
 * none of its writes stay, and it gets its own error; it settles only after the commit that made
 * its writes durable, so nothing is answered before it is on disk. If the commit itself fails,
 * every member of the group gets that error and nothing of the group was written.
 *
 * PostgreSQL has many connections and commits concurrently (its own group commit of WAL flushes),
 * so there `work` is simply a transaction.
 */
export function inGroupCommit<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction || db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.isTransaction ? work(db) : db.transaction().execute(work);
  }
  let group = groups.get(db);
  if (!group) {
    group = new Group(db);
    groups.set(db, group);
  }
  return group.join(work) as Promise<T>;
}

const groups = new WeakMap<Db, Group>();

const SAVEPOINT = CompiledQuery.raw('savepoint cohort_member');
const RELEASE = CompiledQuery.raw('release cohort_member');
const ROLLBACK_TO = CompiledQuery.raw('rollback to cohort_member');

class Group {
  readonly #db: Db;
  #waiting: Member[] = [];
  #running = false;

  constructor(db: Db) {
    this.#db = db;
  }

  join(work: (trx: Db) => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ work, resolve, reject });
      if (!this.#running) {
        // The statements of node:sqlite are synchronous: a group started at once would run and
        // commit before the event loop reads the next request. Started after this turn's I/O, it
        // takes every application the turn brought (setImmediate runs after the poll phase).
        this.#running = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  /** Commits groups until no transaction waits. */
  async #drain(): Promise<void> {
    try {
      while (this.#waiting.length > 0) {
        const members = this.#waiting.splice(0, MAX_GROUP);
        await this.#commit(members);
      }
    } finally {
      this.#running = false;
    }
  }

  async #commit(members: Member[]): Promise<void> {
    const outcomes: Array<() => void> = [];
    try {
      await this.#db.transaction().execute(async (trx) => {
        for (const member of members) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await member.work(trx);
            await trx.executeQuery(RELEASE);
            outcomes.push(() => member.resolve(value));
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            outcomes.push(() => member.reject(error));
          }
        }
      });
    } catch (error) {
      for (const member of members) member.reject(error);
      return;
    }
    for (const settle of outcomes) settle();
  }
}
