import { type Kysely, sql } from 'kysely';
import type { Database } from './database.ts';

/**
 * Empties SQLite's write-ahead log into the database file and truncates it to zero bytes, so the
 * page images of earlier transactions (which hold values an erasure overwrote) are gone from the
 * `-wal` file (docs/participant-data.md). A reader holding an old snapshot makes the checkpoint
 * answer busy; it is tried again for a while. PostgreSQL has nothing to do here: its WAL is the
 * operator's (docs/participant-data.md, "PostgreSQL").
 */
export async function truncateWriteAheadLog(database: Database): Promise<boolean> {
  if (database.engine !== 'sqlite') return true;
  const db = database.db as Kysely<unknown>;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    if (rows[0]?.busy === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
