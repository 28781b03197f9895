import {
  NO_SHOW_MONTHS,
  noShowExpiry,
  noShowRecountsDue,
  storeNoShowCount,
} from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { defineJob } from '../platform/jobs/define.ts';
import { noShowRecount } from './jobs.ts';

/** How long the recount job waits between rounds: a no-show stops counting within the hour. */
const ROUND_EVERY_MS = 3_600_000;
const BATCH = 500;

/**
 * Makes one participant's no-show count again from their attendance: unexcused no-shows of the
 * last twelve months since they were forgiven (docs/decisions/0179-no-shows.md), and the next
 * time to count, when the oldest of them leaves the twelve months.
 */
export async function recountNoShows(
  trx: Db,
  participant: { id: string; no_shows_forgiven_at: string | null },
  now: Date,
  limit: number,
): Promise<void> {
  const windowStart = new Date(now.getTime());
  windowStart.setUTCMonth(windowStart.getUTCMonth() - NO_SHOW_MONTHS);
  const from = [windowStart.toISOString(), participant.no_shows_forgiven_at ?? ''].sort().at(-1)!;
  const rows = await trx
    .selectFrom('session_enrollments')
    .select('attendance_at')
    .where('participant_id', '=', participant.id)
    .where('attendance', '=', 'no_show')
    .where('attendance_at', '>', from)
    .orderBy('attendance_at')
    .execute();
  const oldest = rows[0]?.attendance_at;
  await storeNoShowCount(trx, participant.id, {
    count: rows.length,
    recountAt: oldest ? noShowExpiry(new Date(oldest)) : null,
    limit,
  });
}

export const noShowRecountJob = defineJob({
  ...noShowRecount,
  async handle(context) {
    const now = context.now();
    const due = await noShowRecountsDue(context.database.db, now, BATCH);
    for (const participant of due) {
      await context.database.db
        .transaction()
        .execute((trx) => recountNoShows(trx, participant, now, context.config.noShowLimit));
    }
    return { runAgainInMs: due.length === BATCH ? 0 : ROUND_EVERY_MS, idle: due.length === 0 };
  },
});
