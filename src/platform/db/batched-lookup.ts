import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { Awaitable } from './awaitable.ts';
import type { Db } from './database.ts';
import { readsTogether } from './pg-driver.ts';

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
 * The statements of different lookups due in the same turn (an application's participant,
 * opportunity and earlier applications, each for other requests) go in one message, one round trip
 * and one commit for all (TurnReads; docs/decisions/0193-statements-in-one-message-prepared-once.md).
 *
 * On the embedded database, and inside a transaction (whose reads must see its own writes), `one`
 * runs as before: SQLite's reads are synchronous and answered from the reader's memory.
 */
export function batchedLookup<Key, Row, Read = Row>(
  options: BatchOptions<Key, Row, Read> & {
    /** The lookup of one key. */
    one: (db: Db, key: Key) => Awaitable<Row | undefined>;
  },
): (db: Db, key: Key) => Awaitable<Row | undefined> {
  const batches = new WeakMap<Db, Batch<Key, Row, Read>>();
  return (db, key) => {
    if (!readsInTurns(db)) {
      return options.one(db, key);
    }
    let batch = batches.get(db);
    if (!batch) {
      batch = new Batch(turnReadsOf(db), options);
      batches.set(db, batch);
    }
    return batch.find(key);
  };
}

interface BatchOptions<Key, Row, Read> {
  /** The statement reading the rows of many distinct keys (PostgreSQL only). */
  many: (db: Db, keys: Key[]) => CompiledQuery<Read>;
  /** The lookup's rows from the statement's (by default, the statement's own). */
  rowsOf?: (rows: Read[]) => Row[];
  /** Names a key; keys with the same name are the same lookup. */
  nameOf: (key: Key) => string;
  /** The name of the key a row answers. */
  nameOfRow: (row: Row) => string;
  /**
   * Its statement is a read by key whose best plan is the same whatever the keys (an index on
   * them): it is run with PostgreSQL's generic plan (TurnReads). For an array of keys the generic
   * plan assumes ten, so its estimated cost always lost to a custom plan of the few keys asked, and
   * each statement was planned afresh (docs/decisions/0198-key-lookups-on-generic-plans.md).
   */
  genericPlan?: boolean;
}

/** A batch with keys due in a turn. */
interface DueBatch {
  take(): Taken | undefined;
}

/** A batch's statement for the keys waiting when it was taken, and how to answer them. */
interface Taken {
  statement: CompiledQuery;
  /** Run with a generic plan (BatchOptions.genericPlan). */
  genericPlan?: boolean;
  answer(rows: unknown[]): void;
  fail(error: unknown): void;
  /** Its statement was answered: keys that arrived meanwhile are due now. */
  done(): void;
}

class Batch<Key, Row, Read> implements DueBatch {
  readonly #turn: TurnReads;
  readonly #options: BatchOptions<Key, Row, Read>;
  #waiting = new Map<string, Waiting<Key, Row>[]>();
  #busy = false;

  constructor(turn: TurnReads, options: BatchOptions<Key, Row, Read>) {
    this.#turn = turn;
    this.#options = options;
  }

  find(key: Key): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      const name = this.#options.nameOf(key);
      const list = this.#waiting.get(name);
      if (list) list.push({ key, resolve, reject });
      else this.#waiting.set(name, [{ key, resolve, reject }]);
      if (!this.#busy) this.#turn.due(this);
    });
  }

  /** The statement for the keys waiting now, unless none wait or one is already in flight. */
  take(): Taken | undefined {
    if (this.#busy || this.#waiting.size === 0) return undefined;
    const waiting = this.#waiting;
    this.#waiting = new Map();
    const keys = [...waiting.values()].map((list) => list[0]!.key);
    const options = this.#options;
    const fail = (error: unknown) => {
      for (const list of waiting.values()) for (const one of list) one.reject(error);
    };
    let statement: CompiledQuery;
    try {
      statement = options.many(this.#turn.db, keys);
    } catch (error) {
      fail(error);
      return undefined;
    }
    this.#busy = true;
    return {
      statement,
      genericPlan: options.genericPlan === true,
      answer(read) {
        const rows = options.rowsOf ? options.rowsOf(read as Read[]) : (read as Row[]);
        const byName = new Map(rows.map((row) => [options.nameOfRow(row), row]));
        for (const [name, list] of waiting) {
          const row = byName.get(name);
          for (const one of list) one.resolve(row);
        }
      },
      fail,
      done: () => {
        this.#busy = false;
        if (this.#waiting.size > 0) this.#turn.due(this);
      },
    };
  }
}

/**
 * Whether this database's reads go in event-loop turns: PostgreSQL outside a transaction. The
 * embedded database answers reads at once from memory, and a transaction's reads must see its own
 * writes.
 */
export const readsInTurns = (db: Db): boolean =>
  !db.isTransaction && db.getExecutor().adapter instanceof PostgresAdapter;

const turns = new WeakMap<Db, TurnReads>();

function turnReadsOf(db: Db): TurnReads {
  let turn = turns.get(db);
  if (!turn) {
    turn = new TurnReads(db);
    turns.set(db, turn);
  }
  return turn;
}

/**
 * The batches of one database due in a turn: their statements go in one message (readsTogether,
 * pg-driver.ts), or as a statement of its own when one alone is due and needs no generic plan (a
 * plan mode is set only within a message). Each batch still has at most one statement in flight,
 * and never waits for another's: one still in flight when the turn comes goes in the turn after
 * its answer. Should the message fail, each statement is sent on its own, so that one read's error
 * is only its own callers'.
 */
class TurnReads {
  readonly db: Db;
  readonly #due = new Set<DueBatch>();
  #scheduled = false;

  constructor(db: Db) {
    this.db = db;
  }

  due(batch: DueBatch): void {
    this.#due.add(batch);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#send());
  }

  #send(): void {
    this.#scheduled = false;
    const taken: Taken[] = [];
    for (const batch of this.#due) {
      const one = batch.take();
      if (one) taken.push(one);
    }
    this.#due.clear();
    if (taken.length === 0) return;
    // Those on generic plans last, after the message sets the plan mode for the rest of it.
    taken.sort((a, b) => Number(a.genericPlan === true) - Number(b.genericPlan === true));
    const genericFrom = taken.findIndex((one) => one.genericPlan);
    void this.#read(
      taken.map((one) => one.statement),
      genericFrom === -1 ? taken.length : genericFrom,
    ).then((answers) => {
      for (const [index, one] of taken.entries()) {
        const answer = answers[index]!;
        try {
          if (answer.status === 'fulfilled') one.answer(answer.value);
          else one.fail(answer.reason);
        } catch (error) {
          // A lookup's rows it cannot read (rowsOf, nameOfRow): its callers get the error.
          one.fail(error);
        } finally {
          one.done();
        }
      }
    });
  }

  async #read(
    statements: CompiledQuery[],
    genericFrom: number,
  ): Promise<PromiseSettledResult<unknown[]>[]> {
    if (statements.length > 1 || genericFrom < statements.length) {
      try {
        const { rows } = await this.db.executeQuery(
          CompiledQuery.raw(readsTogether(statements, genericFrom), []),
        );
        return (rows as unknown[][]).map((value) => ({ status: 'fulfilled', value }));
      } catch {
        // Each on its own below: its own error, or its rows.
      }
    }
    return Promise.allSettled(
      statements.map((statement) => this.db.executeQuery(statement).then(({ rows }) => rows)),
    );
  }
}

/**
 * A read that rides in its event-loop turn's message (TurnReads) with the batched lookups and the
 * other such reads due then, answered with its rows: on PostgreSQL the reads a request makes
 * together (discovery's scan, a page's places and whole rows) cost one message and one round trip
 * rather than one each (docs/decisions/0175-discovery-and-applications-at-scale.md). On the
 * embedded database, and in a transaction (whose reads must see its own writes), it runs at once.
 */
export function readInTurn<Row>(db: Db, statement: CompiledQuery<Row>): Promise<Row[]> {
  if (!readsInTurns(db)) {
    return db.executeQuery(statement).then((result) => result.rows);
  }
  return new Promise((resolve, reject) => {
    let taken = false;
    turnReadsOf(db).due({
      take: () => {
        if (taken) return undefined;
        taken = true;
        return {
          statement,
          answer: (rows) => resolve(rows as Row[]),
          fail: reject,
          done: () => {},
        };
      },
    });
  });
}
