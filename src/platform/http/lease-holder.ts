import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Database } from '../db/database.ts';
import {
  beat,
  forgetProcess,
  releaseLeasesOf,
  releaseLeasesOfOthers,
  releaseLeasesOfStaleHolders,
} from './server-processes.store.ts';

/** How often a serving process says it is alive. */
export const HEARTBEAT_MS = 2_000;
/**
 * Silence after which a process is taken for gone and its Idempotency-Key leases are released: a
 * key in flight at a kill answers again within this plus one heartbeat. Five missed beats, so an
 * event loop busy for a few seconds does not lose its leases.
 */
export const STALE_AFTER_MS = 10_000;

/**
 * The process as a holder of Idempotency-Key leases
 * (docs/decisions/0110-idempotency-leases-name-their-holder.md). Every key it takes names `id`.
 * Once started (src/server.ts, before it listens): on the embedded database, which one serving
 * process uses, it releases at once every lease taken before; on PostgreSQL, it beats every
 * HEARTBEAT_MS and releases the leases of processes silent for STALE_AFTER_MS, its own start
 * included. A holder never started (tests that build the app alone) still names its keys, which
 * then wait out their lease as before.
 */
export class LeaseHolder {
  readonly id = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly #database: Database;
  #onError: (error: unknown) => void = () => {};
  #timer: NodeJS.Timeout | undefined;
  #beating: Promise<void> | undefined;

  constructor(database: Database) {
    this.#database = database;
  }

  /**
   * Registers the process and releases what gone processes held; answers how many keys. A failed
   * heartbeat later goes to `onError` and the next one tries again.
   */
  async start(onError: (error: unknown) => void): Promise<number> {
    this.#onError = onError;
    const { db, engine } = this.#database;
    await beat(db, engine, this.id);
    const released =
      engine === 'sqlite'
        ? await releaseLeasesOfOthers(db, this.id)
        : await releaseLeasesOfStaleHolders(db, engine, STALE_AFTER_MS);
    if (engine === 'postgres') {
      this.#timer = setInterval(() => {
        this.#beating ??= this.#tick().finally(() => {
          this.#beating = undefined;
        });
      }, HEARTBEAT_MS);
      this.#timer.unref();
    }
    return released;
  }

  async #tick(): Promise<void> {
    const { db, engine } = this.#database;
    try {
      await beat(db, engine, this.id);
      await releaseLeasesOfStaleHolders(db, engine, STALE_AFTER_MS);
    } catch (error) {
      this.#onError(error);
    }
  }

  /**
   * When the process stops taking requests and those in flight have been answered, or its grace
   * ran out: stops beating, hands back the keys it still holds (a request cut off by the end of the
   * grace), and forgets the process. Answers how many keys it handed back.
   */
  async stop(): Promise<number> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#beating;
    let released = 0;
    try {
      released = await releaseLeasesOf(this.#database.db, this.id);
      await forgetProcess(this.#database.db, this.id);
    } catch (error) {
      this.#onError(error);
    }
    return released;
  }
}
