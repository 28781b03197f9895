import { type Kysely, PostgresAdapter, sql } from 'kysely';

// docs/decisions/0183-review-at-a-glance.md. The dashboard's submissions table sorts a study's work
// by when it was handed in and by the time it took (handed in less started), a page at a time by
// keyset, as GET /v2/opportunities/{id}/submissions pages by id. Each sort is one index range
// scan: partial indexes, so an application that was never handed in (most rows during a launch
// stampede) writes no entry in them.
//
// The time taken is an expression of two ISO 8601 UTC texts. SQLite indexes julianday() of
// them (deterministic without 'now'). PostgreSQL's text-to-timestamptz cast is only stable (a
// text without an offset reads in the session's zone), so the index goes through a function
// declared immutable: every stored time ends in "Z", so the zone never applies. The query in
// src/submissions/review-table.ts writes the same expression, character for character, so each
// planner matches it to the index.

const SQLITE_TAKEN = '((julianday(submitted_at) - julianday(started_at)) * 86400.0)';
const POSTGRES_TAKEN = 'cohort_seconds_between(started_at, submitted_at)';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql
      .raw(
        `create function cohort_seconds_between(started text, ended text) returns double precision
         language sql immutable strict parallel safe
         as $$ select extract(epoch from (ended::timestamptz - started::timestamptz))::double precision $$`,
      )
      .execute(db);
  }
  await sql
    .raw(
      'create index submissions_opportunity_submitted on submissions (opportunity_id, submitted_at, id) where submitted_at is not null',
    )
    .execute(db);
  await sql
    .raw(
      `create index submissions_opportunity_time_taken on submissions (opportunity_id, ${postgres ? POSTGRES_TAKEN : SQLITE_TAKEN}, id) where submitted_at is not null and started_at is not null`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('submissions_opportunity_time_taken').execute();
  await db.schema.dropIndex('submissions_opportunity_submitted').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw('drop function cohort_seconds_between(text, text)').execute(db);
  }
}
