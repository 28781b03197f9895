import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Early lock release for a transaction that holds a hot row (docs/decisions.md, "Launch
 * stampede"). On PostgreSQL a transaction's row locks are released only after its commit record is
 * on disk, so every application to one opportunity waited for the fsync of the one before it:
 * 8 to 9 applications a second on this machine's disk. Called first in such a transaction, this
 * makes its commit return (and release the locks, and become visible) once the commit record is
 * written, before it is flushed; the caller then awaits `flushCommitted` before answering, so
 * nothing is acknowledged before it is durable, and the flushes of many applications share one
 * fsync (PostgreSQL's group commit).
 *
 * Why this is safe: the write-ahead log is flushed in order. A transaction that read this one's
 * rows (a later applicant seeing a place taken) wrote its commit record after this one's, so once
 * the later one is durable, so is this one; a crash loses only a suffix of commits, none of them
 * acknowledged. A place or quota cell is never overfilled, since the lock is still held until the
 * commit. SQLite has nothing to do: its single writer commits without a lock wait per row.
 */
export async function releaseLocksBeforeFlush(trx: Db): Promise<void> {
  if (isPostgres(trx)) await sql`set local synchronous_commit = off`.execute(trx);
}

/**
 * Returns once every commit this connection's server has made so far is on disk: one durable
 * commit of a transactional WAL message (no table written, allowed to every role) flushes the log
 * up to itself, which includes every earlier commit record.
 *
 * Callers share flushes: one sent after a caller's commit covers it, so while one is on its way the
 * callers that arrive wait for the next, which starts when it returns and covers them all. Under a
 * launch stampede that is one flush per round trip instead of one statement per application.
 */
export function flushCommitted(db: Db): Promise<void> {
  if (!isPostgres(db)) return Promise.resolve();
  let shared = flushers.get(db);
  if (!shared) {
    shared = {};
    flushers.set(db, shared);
  }
  if (!shared.running) {
    shared.running = flushOnce(db).finally(() => {
      shared.running = undefined;
    });
    return shared.running;
  }
  // The flush on its way may have been sent before this caller's commit: the next one covers it.
  if (!shared.next) {
    shared.next = shared.running
      .catch(() => {})
      .then(() => {
        shared.next = undefined;
        return flushCommitted(db);
      });
  }
  return shared.next;
}

const flushers = new WeakMap<Db, { running?: Promise<void>; next?: Promise<void> }>();

async function flushOnce(db: Db): Promise<void> {
  await sql`select pg_logical_emit_message(true, 'cohort', 'flush')`.execute(db);
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
