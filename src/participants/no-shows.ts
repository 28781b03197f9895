import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError } from '../platform/errors.ts';

/**
 * A participant's no-shows (docs/decisions/0179-no-shows.md): the unexcused ones of the last twelve
 * months since they were last forgiven, kept in columns so the `integer--no_shows` filter and the
 * eligibility of scheduled studies read the row. Sessions' attendance adds to them in its
 * transaction; the recount job takes out those older than twelve months.
 */

/** How long a no-show counts. */
export const NO_SHOW_MONTHS = 12;

export function noShowExpiry(at: Date): string {
  const expiry = new Date(at.getTime());
  expiry.setUTCMonth(expiry.getUTCMonth() + NO_SHOW_MONTHS);
  return expiry.toISOString();
}

/**
 * Adds one no-show, in the caller's transaction: one UPDATE that adds to the stored count (two at
 * once each add theirs), bars the person at `limit`, and sets when the count is to be made again
 * if none was due. Answers the count after it and whether the person is now barred.
 */
export async function recordNoShow(
  trx: Db,
  participantId: string,
  input: { at: Date; limit: number },
): Promise<{ count: number; barred: boolean }> {
  const limit = sql.lit(input.limit);
  const row = await trx
    .updateTable('participants')
    .set({
      no_shows: sql<number>`no_shows + 1`,
      no_show_barred: sql<number>`case when no_shows + 1 >= ${limit} then 1 else no_show_barred end`,
      no_shows_recount_at: sql<string>`coalesce(no_shows_recount_at, ${noShowExpiry(input.at)})`,
    })
    .where('id', '=', participantId)
    .returning(['no_shows', 'no_show_barred'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.no_shows), barred: Number(row.no_show_barred) === 1 };
}

/** Stores a recount (the recount job's): the count, when to count again, and the bar at `limit`. */
export async function storeNoShowCount(
  trx: Db,
  participantId: string,
  input: { count: number; recountAt: string | null; limit: number },
): Promise<void> {
  await trx
    .updateTable('participants')
    .set({
      no_shows: input.count,
      no_shows_recount_at: input.recountAt,
      no_show_barred: input.count >= input.limit ? 1 : 0,
    })
    .where('id', '=', participantId)
    .execute();
}

/** Participants whose count is due to be made again (participants_no_shows_recount). */
export async function noShowRecountsDue(
  db: Db,
  now: Date,
  limit: number,
): Promise<{ id: string; no_shows_forgiven_at: string | null }[]> {
  return db
    .selectFrom('participants')
    .select(['id', 'no_shows_forgiven_at'])
    .where('no_shows_recount_at', '<=', now.toISOString())
    .orderBy('no_shows_recount_at')
    .limit(limit)
    .execute();
}

/**
 * `cohort participant forgive ID`: no-shows so far no longer count, and scheduled studies are open
 * to them again.
 */
export async function forgiveNoShows(db: Db, participantId: string, now: Date): Promise<void> {
  const result = await db
    .updateTable('participants')
    .set({
      no_shows: 0,
      no_show_barred: 0,
      no_shows_recount_at: null,
      no_shows_forgiven_at: now.toISOString(),
    })
    .where('id', '=', participantId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError('Participant', participantId);
}
