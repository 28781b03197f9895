import type { DatabaseSync } from 'node:sqlite';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import pg from 'pg';

/**
 * Tables whose inserts wake the job runner once committed: `jobs` (a job was enqueued) and `events`
 * (the outbox has something for the webhook fan-out). docs/decisions.md, "Webhooks, scale-out and
 * stampedes": the worker hears of new work when it commits rather than at its next poll.
 */
export type SignalChannel = 'jobs' | 'events';

export const SIGNAL_CHANNELS: readonly SignalChannel[] = ['jobs', 'events'];

/** The PostgreSQL NOTIFY channel of each table (see migration 0019-wake-on-commit). */
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
 * PostgreSQL: statement-level triggers NOTIFY on commit (migration 0019-wake-on-commit), heard by
 * one LISTEN connection per process, opened when the first listener subscribes and closed with the
 * last one. A lost connection is reopened after a pause; what was committed meanwhile is found by
 * the poll.
 */
export class PostgresCommitSignals implements CommitSignals {
  readonly #listeners = new ListenerSet();
  readonly #url: string;
  #client: pg.Client | undefined;
  #reconnect: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(url: string) {
    this.#url = url;
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
    const client = new pg.Client({ connectionString: this.#url });
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

/** Creates the NOTIFY triggers (migration 0019-wake-on-commit); a no-op on the embedded database. */
export async function createNotifyTriggers(db: Kysely<unknown>): Promise<void> {
  for (const channel of SIGNAL_CHANNELS) {
    await sql
      .raw(`
        create or replace function cohort_notify_${channel}() returns trigger language plpgsql as $$
        begin
          perform pg_notify('${pgChannel(channel)}', '');
          return null;
        end $$
      `)
      .execute(db);
    await sql
      .raw(`
        create trigger cohort_notify_${channel} after insert on ${channel}
          for each statement execute function cohort_notify_${channel}()
      `)
      .execute(db);
  }
}
