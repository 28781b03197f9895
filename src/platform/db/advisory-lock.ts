import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import type { Db } from './database.ts';
import { sendWithNext } from './early-release.ts';
import { nameStatement } from './pg-driver.ts';

/**
 * Takes a lock on a name until the transaction ends, for transactions that must take turns without
 * a row to lock (PostgreSQL's transaction-level advisory lock, on a 64-bit hash of the name; two
 * names sharing a hash only wait for one another). SQLite transactions already take turns.
 *
 * The lock is sent with the transaction's next statement (early-release.ts, sendWithNext): it is
 * for a lock followed at once by the read it guards, which, as a statement of its own, takes its
 * snapshot once the lock is held. Its text is prepared once per connection (nameStatement): every
 * application takes this lock, and written in each time it was parsed and planned each time
 * (docs/decisions/0197-applications-measured-with-a-lighter-client.md).
 */
export async function lockNameWithNext(trx: Db, name: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const lock = sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.compile(trx);
    nameStatement(lock.sql);
    await sendWithNext(trx, lock);
  }
}

/**
 * Runs `work` while this process holds a lock on a name, for steps that must take turns across
 * processes and span several transactions (start-up's migrations): PostgreSQL's session-level
 * advisory lock, held on a connection of its own while `work` uses the pool, so it is let go when
 * `work` ends or, should the process die, when its connection closes. On the embedded database,
 * which one process serves, `work` simply runs.
 */
export async function whileLocked<T>(
  db: Kysely<DB>,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtextextended(${name}, 0))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtextextended(${name}, 0))`.execute(connection);
    }
  });
}
