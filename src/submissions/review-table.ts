import { PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { decodeCursor } from '../platform/http/pagination.ts';
import type { SubmissionRow } from './submissions.table.ts';

/** What the dashboard's submissions table sorts by (docs/decisions/0183-review-at-a-glance.md). */
export const REVIEW_SORTS = ['applied', 'submitted', 'time_taken'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export interface ReviewTablePage {
  opportunityId: string;
  status?: string;
  /** Only submissions with a quality flag (quality-flags.ts). */
  flagged?: boolean;
  sort: ReviewSort;
  order: 'asc' | 'desc';
  cursor?: string;
  limit: number;
}

/**
 * The time taken, in seconds: handed in less started. The same text as the index of
 * src/platform/db/migrations/0036-exact-time-taken.ts (0034 on PostgreSQL), so the planner reads
 * the index in order. SQLite's is rounded to the millisecond, so equal durations tie exactly.
 */
function timeTaken(db: Db): RawBuilder<number> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<number>`cohort_seconds_between(started_at, submitted_at)`
    : sql<number>`(round((julianday(submitted_at) - julianday(started_at)) * 86400000.0) / 1000.0)`;
}

/** A row of the review table: the submission and its time taken, as the database worked it out. */
export type ReviewTableRow = SubmissionRow & { seconds_taken: number | null };

/**
 * One page of a study's submissions as the review table sorts them, one more row than the page
 * holds (src/platform/http/pagination.ts): by application (the id, as GET
 * /v2/opportunities/{id}/submissions lists them), by when the work was handed in, or by the time it
 * took. Each is a keyset scan of one index (submissions_opportunity, _submitted, _time_taken), the
 * cursor the last row's sort value and id; the status and flag filters are checked along it.
 * Sorting by hand-in or time taken lists only work handed in: the rest has no value to sort by.
 */
export async function listSubmissionsForReview(
  db: Db,
  page: ReviewTablePage,
): Promise<ReviewTableRow[]> {
  const rows = await reviewTableQuery(db, page).execute();
  return rows.map((row) => ({
    ...row,
    // PostgreSQL's driver may hand a double back as text; the cursor needs the number.
    seconds_taken: row.seconds_taken === null ? null : Number(row.seconds_taken),
  }));
}

/** The statement of one page, apart so a test can read its plan. */
export function reviewTableQuery(db: Db, page: ReviewTablePage) {
  const taken = timeTaken(db);
  let query = db
    .selectFrom('submissions')
    .selectAll()
    .select(taken.as('seconds_taken'))
    .where('opportunity_id', '=', page.opportunityId)
    .where('test', '=', 0);
  query = page.status
    ? query.where('status', '=', page.status)
    : query.where('status', '!=', 'awaiting_decision');
  if (page.flagged) query = query.where('quality_flags', '!=', '[]');
  if (page.sort === 'applied') return keysetPage(query, 'id', page.order, page);

  const value = page.sort === 'submitted' ? sql<string>`submitted_at` : taken;
  query = query.where('submitted_at', 'is not', null);
  if (page.sort === 'time_taken') query = query.where('started_at', 'is not', null);
  if (page.cursor) {
    const [after, id] = decodeCursor(page.cursor, 2);
    const past = sql.raw(page.order === 'desc' ? '<' : '>');
    query = query.where(sql<boolean>`(${value}, id) ${past} (${after}, ${String(id)})`);
  }
  return query
    .orderBy(value, page.order)
    .orderBy('id', page.order)
    .limit(page.limit + 1);
}

/**
 * The keyset of a row under a sort: what the next page's cursor holds. The time taken is the
 * database's own value of the row, so the next page starts exactly after it.
 */
export function reviewTableKeys(sort: ReviewSort, row: ReviewTableRow): (string | number)[] {
  if (sort === 'applied') return [row.id];
  if (sort === 'submitted') return [row.submitted_at ?? '', row.id];
  return [row.seconds_taken ?? 0, row.id];
}
