import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Takes a lock on a name until the transaction ends, for transactions that must take turns without
 * a row to lock (PostgreSQL's transaction-level advisory lock, on a 64-bit hash of the name; two
 * names sharing a hash only wait for one another). SQLite transactions already take turns.
 */
export async function lockName(trx: Db, name: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
  }
}
