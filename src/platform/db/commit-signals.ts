import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import type PgModule from 'pg';
import { pg } from './pg-driver.ts';

/**
 * Tables whose inserts wake the job runner once committed: `jobs` (a job was enqueued) and `events`
 * (the outbox has something for the webhook fan-out).
 * docs/decisions/0127-workers-woken-by-commits.md: the worker hears of new work when it commits
 * rather than at its next poll.
 */
export type SignalChannel = 'jobs' | 'events';

export const SIGNAL_CHANNELS: readonly SignalChannel[] = ['jobs', 'events'];

/** The PostgreSQL NOTIFY channel of each table (see signallingPool). */
export const pgChannel = (channel: SignalChannel) => `cohort_${channel}`;

type Listener = () => void;

/**
 * Who hears that a table received rows, after the transaction that wrote them committed. Never a
 * promise of delivery: a missed signal only means the worker finds the work at its next poll.
 */
export interface CommitSignals {
  /** Calls `listener` after every commit that inserted into the table; returns the unsubscribe. */
  on(channel: SignalChannel, listener: Listener): () => void;
}

class ListenerSet {
  readonly #listeners = new Map<SignalChannel, Set<Listener>>();

  get size(): number {
    let size = 0;
    for (const set of this.#listeners.values()) size += set.size;
    return size;
  }

  add(channel: SignalChannel, listener: Listener) {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  emit(channel: SignalChannel) {
    for (const listener of this.#listeners.get(channel) ?? []) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the others still hear the signal.
      }
    }
  }
}

/**
 * The embedded database: temporary triggers on the one write connection call `cohort_signal`, which
 * notes the table; the notes are announced when the write connection is next outside a transaction
 * (after the commit, or after the autocommitted statement itself; a rollback announces too, which
 * costs the worker one empty claim). Only this process hears them: a `cohort worker` in another
 * process polls.
 */
export class SqliteCommitSignals implements CommitSignals {
  readonly #listeners = new ListenerSet();
  readonly #pending = new Set<SignalChannel>();
  readonly #createTriggers: (statements: string[]) => Promise<void>;
  #triggers: Promise<void> | undefined;

  /**
   * `connection` is the write connection; `createTriggers` runs statements through the query queue
   * (the triggers are created when the first listener subscribes, by then the tables exist).
   */
  constructor(connection: DatabaseSync, createTriggers: (statements: string[]) => Promise<void>) {
    connection.function('cohort_signal', (channel) => {
      if (channel === 'jobs' || channel === 'events') this.#pending.add(channel);
      return null;
    });
    this.#createTriggers = createTriggers;
  }

  on(channel: SignalChannel, listener: Listener): () => void {
    this.#triggers ??= this.#createTriggers(
      SIGNAL_CHANNELS.map(
        (table) =>
          `create temp trigger if not exists cohort_signal_${table} after insert on main.${table} begin select cohort_signal('${table}'); end`,
      ),
    ).catch(() => {
      // Not migrated yet: the next subscriber tries again, and the poll covers the meantime.
      this.#triggers = undefined;
    });
    return this.#listeners.add(channel, listener);
  }

  /** The write connection is outside any transaction: announce what it wrote. */
  settled(): void {
    if (this.#pending.size === 0) return;
    const channels = [...this.#pending];
    this.#pending.clear();
    for (const channel of channels) this.#listeners.emit(channel);
  }
}

/**
 * PostgreSQL: the NOTIFYs sent after commits (signallingPool), heard by
 * one LISTEN connection per process, opened when the first listener subscribes and closed with the
 * last one. A lost connection is reopened after a pause; what was committed meanwhile is found by
 * the poll.
 */
export class PostgresCommitSignals implements CommitSignals {
  readonly #listeners = new ListenerSet();
  readonly #url: string;
  #client: PgModule.Client | undefined;
  #reconnect: NodeJS.Timeout | undefined;
  #closed = false;

  /**
   * Names this process in the NOTIFYs it sends (their payload), so its own LISTEN connection can
   * skip them: the process heard of its commits at once (committedHere).
   */
  readonly sender = randomBytes(8).toString('hex');

  constructor(url: string) {
    this.#url = url;
  }

  /**
   * A commit of this process inserted into these tables: its own workers hear it now rather than
   * when the NOTIFY comes back from the server, two trips later (on a busy machine each waits for
   * the scheduler; docs/decisions/0127-workers-woken-by-commits.md).
   */
  committedHere(channels: ReadonlySet<SignalChannel>): void {
    for (const channel of channels) this.#listeners.emit(channel);
  }

  on(channel: SignalChannel, listener: Listener): () => void {
    const remove = this.#listeners.add(channel, listener);
    if (!this.#client && !this.#reconnect) this.#connect();
    return () => {
      remove();
      if (this.#listeners.size === 0) this.#disconnect();
    };
  }

  #connect() {
    if (this.#closed) return;
    const client = new (pg().Client)({ connectionString: this.#url });
    this.#client = client;
    const retry = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      client.end().catch(() => {});
      if (this.#listeners.size === 0 || this.#closed) return;
      this.#reconnect = setTimeout(() => {
        this.#reconnect = undefined;
        this.#connect();
      }, 1000);
      this.#reconnect.unref?.();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      if (message.payload === this.sender) return;
      const channel = SIGNAL_CHANNELS.find((name) => pgChannel(name) === message.channel);
      if (channel) this.#listeners.emit(channel);
    });
    client
      .connect()
      .then(() => client.query(SIGNAL_CHANNELS.map((c) => `listen ${pgChannel(c)};`).join('')))
      .catch(retry);
  }

  #disconnect() {
    if (this.#reconnect) clearTimeout(this.#reconnect);
    this.#reconnect = undefined;
    const client = this.#client;
    this.#client = undefined;
    client?.end().catch(() => {});
  }

  close(): void {
    this.#closed = true;
    this.#disconnect();
  }
}

const BEGINS = /^\s*(begin|start transaction)\b/i;
const COMMITS = /^\s*(commit|end)\b/i;
const ROLLS_BACK = /^\s*rollback\b/i;
const INSERTS = /^\s*insert\s+into\s+"?(jobs|events)"?[\s(]/i;

/**
 * PostgreSQL: a pool whose connections note inserts into `jobs` and `events` and, once the
 * transaction that made them commits (or the statement itself, outside one), call `committed`
 * with the tables. Why not a trigger that NOTIFYs: PostgreSQL holds one database-wide lock from a
 * notifying transaction's commit until its WAL is flushed, so every transaction writing an event
 * would wait for the fsyncs of all the others; measured with twenty clients committing one insert
 * each, 495 commits/s with such a trigger against 2,968 without
 * (docs/decisions/0127-workers-woken-by-commits.md). The NOTIFY is sent after the commit instead,
 * on a relaxed connection.
 */
export function signallingPool(
  pool: PgModule.Pool,
  committed: (channels: ReadonlySet<SignalChannel>) => void,
): PgModule.Pool {
  const wrapped = new WeakMap<PgModule.PoolClient, PgModule.PoolClient>();
  const wrap = (client: PgModule.PoolClient): PgModule.PoolClient => {
    const known = wrapped.get(client);
    if (known) return known;
    let inTransaction = false;
    let pending = new Set<SignalChannel>();
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    const proxy = new Proxy(client, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver);
        return (...args: unknown[]) => {
          const text = typeof args[0] === 'string' ? args[0] : undefined;
          if (text === undefined) return query(...args);
          const table = INSERTS.exec(text)?.[1]?.toLowerCase() as SignalChannel | undefined;
          if (BEGINS.test(text)) {
            inTransaction = true;
            pending = new Set();
          } else if (ROLLS_BACK.test(text)) {
            inTransaction = false;
            pending = new Set();
          }
          const commits = COMMITS.test(text);
          return query(...args).then((result) => {
            if (table) {
              if (inTransaction) pending.add(table);
              else committed(new Set([table]));
            }
            if (commits && inTransaction) {
              inTransaction = false;
              if (pending.size > 0) committed(pending);
              pending = new Set();
            }
            return result;
          });
        };
      },
    });
    wrapped.set(client, proxy);
    return proxy;
  };
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'connect') return Reflect.get(target, property, receiver);
      return async () => wrap(await target.connect());
    },
  });
}

/**
 * The least time between two NOTIFYs of one process. A commit after a quiet spell is announced at
 * once; under a stream of commits the announcements wait for this window and carry every channel
 * committed to meanwhile. Two `serve` processes taking 350 applications a second sent one NOTIFY
 * every two applications, each a transaction of its own, and each woke the worker in another
 * process for a fan-out of four or five more: 4.3 transactions per application in all; with a
 * 25 ms window, 3.0 (docs/decisions/0176-applications-on-postgresql-in-two-transactions.md). A
 * listener in another process hears of a commit within this window and a round trip; this
 * process's own workers hear at once (committedHere).
 */
export const NOTIFY_WINDOW_MS = 100;

/**
 * Sends the NOTIFYs of commits (signallingPool) on `pool`, a relaxed one: one statement at a time,
 * carrying every channel committed to since the previous one was sent (all those of one turn of
 * the event loop at least), at most one per NOTIFY_WINDOW_MS, and a failure only leaves the work
 * to the poll. Under a launch stampede on PostgreSQL a NOTIFY per application was one statement in
 * seventeen; with one in flight at a time there is one per round trip whatever the rate, and a
 * listener still hears of every commit within a window and a round trip of it.
 */
export function notifier(
  pool: PgModule.Pool,
  sender: string,
  windowMs = NOTIFY_WINDOW_MS,
): (channels: ReadonlySet<SignalChannel>) => void {
  let queued: Set<SignalChannel> | undefined;
  let sending = false;
  let lastSent = Number.NEGATIVE_INFINITY;
  const send = () => {
    const channels = [...(queued ?? [])];
    queued = undefined;
    if (channels.length === 0) {
      sending = false;
      return;
    }
    lastSent = performance.now();
    const calls = channels
      .map((channel) => `pg_notify('${pgChannel(channel)}', '${sender}')`)
      .join(', ');
    pool
      .query(`select ${calls}`)
      .catch(() => {})
      .finally(later);
  };
  /** The next NOTIFY once the window since the last one has passed. */
  const later = () => {
    const wait = lastSent + windowMs - performance.now();
    if (wait <= 0) setImmediate(send);
    else setTimeout(send, wait);
  };
  return (channels) => {
    if (!queued) queued = new Set();
    for (const channel of channels) queued.add(channel);
    if (!sending) {
      sending = true;
      later();
    }
  };
}
