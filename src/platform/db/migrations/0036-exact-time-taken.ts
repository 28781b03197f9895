import { type Kysely, PostgresAdapter, sql } from 'kysely';

// docs/decisions/0183-review-at-a-glance.md. Migration 0034 indexed SQLite's time taken as
// julianday(submitted_at) less julianday(started_at), times 86,400: a day fraction in a double, so
// two pieces of work that each took exactly sixty seconds came out as 59.99999… and 60.00000…,
// whichever way the rounding of their absolute times fell. The table then ordered equal times by
// that noise instead of by id, as its keyset promises. The index is rebuilt on the time rounded to
// the millisecond, the finest a stored time holds, so equal durations are equal numbers.
// PostgreSQL's interval arithmetic is exact already; its index stays as it is.

const OLD_TAKEN = '((julianday(submitted_at) - julianday(started_at)) * 86400.0)';
const NEW_TAKEN =
  '(round((julianday(submitted_at) - julianday(started_at)) * 86400000.0) / 1000.0)';

async function rebuild(db: Kysely<unknown>, taken: string): Promise<void> {
  await db.schema.dropIndex('submissions_opportunity_time_taken').execute();
  await sql
    .raw(
      `create index submissions_opportunity_time_taken on submissions (opportunity_id, ${taken}, id) where submitted_at is not null and started_at is not null`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await rebuild(db, NEW_TAKEN);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await rebuild(db, OLD_TAKEN);
}
