import { CompiledQuery, PostgresAdapter } from 'kysely';
import { coalesced } from './coalesced.ts';
import type { Db } from './database.ts';
import { inGroupCommit } from './group-commit.ts';
import { COMMIT_THEN_FLUSH_WITH, COMMIT_WITH, DURABLE_FLUSH, SEND_WITH_NEXT } from './pg-driver.ts';

/**
 * Early lock release for a transaction that holds a hot row
 * (docs/decisions/0138-early-lock-release-then-a-shared-flush.md): runs `work` in a transaction and
 * returns once its commit is durable.
 *
 * On PostgreSQL a transaction's row locks are released only after its commit record is on disk,
 * so every application to one opportunity waited for the fsync of the one before it: 8 to 9
 * applications a second on this machine's disk. Here the transaction commits with
 * `synchronous_commit = off` (for itself alone: `set local`), so its commit returns (and releases
 * the locks, and becomes visible) once the commit record is written, before it is flushed; then
 * the disk is waited for before the caller answers, so nothing is acknowledged before it is
 * durable. A transaction ending with commitWith is answered by the driver only once durable: sent
 * whole, it shares its batch's flush (pg-pipeline.ts); otherwise a durable flush (DURABLE_FLUSH)
 * follows its COMMIT in its message. Any other waits for `flushCommitted`, whose flushes its
 * callers share (docs/decisions/0201-whole-transactions-pipelined.md). (Running such transactions
 * on the relaxed pool instead, whose sessions are relaxed throughout, saves the `set local` but
 * measured slower: twice the connections for PostgreSQL's two cores, launch stampede p99 1.5-1.75 s
 * against 1.15-1.25 s.)
 *
 * Why this is safe: the write-ahead log is flushed in order. A transaction that read this one's
 * rows (a later applicant seeing a place taken) wrote its commit record after this one's, so once
 * the later one is durable, so is this one; a crash loses only a suffix of commits, none of them
 * acknowledged. A place or quota cell is never overfilled, since the lock is still held until the
 * commit. On the embedded database, whose single writer commits without a lock wait per row,
 * transactions arriving together share a commit instead (group-commit.ts).
 */
export async function inEarlyReleaseTransaction<T>(
  db: Db,
  work: (trx: Db) => Promise<T>,
): Promise<T> {
  if (!isPostgres(db)) return inGroupCommit(db, work);
  let flushed = false;
  const result = await db.transaction().execute(async (trx) => {
    // With the BEGIN and the transaction's first statement, in one round trip (pg-driver.ts).
    await sendWithNext(trx, RELAXED_COMMIT);
    relaxed.add(trx);
    const answer = await work(trx);
    flushed = flushedWithCommit.has(trx);
    return answer;
  });
  if (!flushed) await flushCommitted(db);
  return result;
}

const RELAXED_COMMIT = CompiledQuery.raw('set local synchronous_commit = off');

/** The transactions inEarlyReleaseTransaction runs, committed without waiting for the disk. */
const relaxed = new WeakSet<Db>();

/**
 * Those of them whose commit was sent by commitWith, in a message ending with a durable flush: they
 * need no flushCommitted after.
 */
const flushedWithCommit = new WeakSet<Db>();

/**
 * Sends a statement whose answer the caller does not need with the transaction's next statement,
 * in one round trip on PostgreSQL (pg-driver.ts, SEND_WITH_NEXT): an application's transaction
 * was eight round trips, each costing the busy `serve` process a turn of its event loop while the
 * transaction waited (docs/decisions/0176-applications-on-postgresql-in-two-transactions.md). Its
 * values must be strings, integers, booleans or null (written into the text); others make it an
 * ordinary statement. An error of it is reported by the next statement, and fails the transaction
 * as its own would. Something must follow it in the transaction (commitWith counts). On the
 * embedded database it runs now.
 */
export async function sendWithNext(trx: Db, query: CompiledQuery): Promise<void> {
  if (!isPostgres(trx)) {
    await trx.executeQuery(query);
    return;
  }
  await trx.executeQuery(CompiledQuery.raw(query.sql + SEND_WITH_NEXT, [...query.parameters]));
}

/**
 * Runs a transaction's last statement and, on PostgreSQL, its COMMIT with it in one round trip
 * (pg-driver.ts, COMMIT_WITH): the rows it locks are released as soon as the server has run it,
 * rather than after the application has read its answer and sent the COMMIT, which under load
 * waits for a turn of a busy event loop. Nothing may be run, nor thrown, in the transaction after
 * it. If the statement fails, nothing is committed and the transaction rolls back as usual. On
 * the embedded database it is an ordinary statement, committed with its transaction.
 */
export async function commitWith<Row>(trx: Db, query: CompiledQuery<Row>): Promise<Row[]> {
  if (!isPostgres(trx)) return (await trx.executeQuery(query)).rows;
  const flushes = relaxed.has(trx);
  const { rows } = await trx.executeQuery(
    CompiledQuery.raw(query.sql + (flushes ? COMMIT_THEN_FLUSH_WITH : COMMIT_WITH), [
      ...query.parameters,
    ]) as CompiledQuery<Row>,
  );
  if (flushes) flushedWithCommit.add(trx);
  return rows;
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
  let flush = flushes.get(db);
  if (!flush) {
    flush = coalesced(async () => {
      await db.executeQuery(CompiledQuery.raw(DURABLE_FLUSH));
    });
    flushes.set(db, flush);
  }
  return flush();
}

const flushes = new WeakMap<Db, () => Promise<void>>();

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;
