import { lockOpportunity } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { dueTimeOuts, nextDeadline } from './place-clock-store.ts';
import { lockSubmission } from './store.ts';
import { timeOutHeld } from './work.ts';

/**
 * One round of the time-out job (docs/decisions/0084-time-limits.md): every place held for
 * work past its time limit, up to `limit`, becomes abandoned with reason timed_out, each in its own
 * transaction under the opportunity's lock, so its place goes back to recruitment at once. What
 * fell due while no worker ran is due all the same. Answers how many timed out, how many were
 * looked at, and when the next deadline falls.
 */
export async function timeOutDueSubmissions(
  db: Db,
  input: { now: Date; limit: number },
): Promise<{ timedOut: number; due: number; next: Date | undefined }> {
  const due = await dueTimeOuts(db, input.now, input.limit);
  let timedOut = 0;
  for (const seen of due) {
    const done = await db.transaction().execute(async (trx) => {
      const opportunity = await lockOpportunity(trx, seen.organization_id, seen.opportunity_id);
      const submission = await lockSubmission(trx, seen.id);
      // Moved on meanwhile (handed in, returned): timeOutHeld leaves what is no longer due.
      if (!opportunity || !submission) return false;
      return timeOutHeld(trx, { opportunity, submission }, input.now);
    });
    if (done) timedOut += 1;
  }
  return { timedOut, due: due.length, next: await nextDeadline(db) };
}
