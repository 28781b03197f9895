import { findOpportunityForParticipant } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { defineJob } from '../platform/jobs/define.ts';
import { cancelJobs, enqueue } from '../platform/jobs/store.ts';
import { sessionReminder, studyClosedSeats } from './jobs.ts';
import { queueSessionMails } from './mailing.ts';
import { cancelEnrollmentRow, findSessionById, releaseSeat } from './store.ts';

/** Places still held: an enrollment of one of these keeps its seat when a study closes. */
const HOLDING = ['screen_passed', 'in_progress', 'awaiting_review', 'approved'];

/**
 * Subscribed to opportunities' opportunityClosing (src/subscriptions.ts), after the withdrawals:
 * queues the release of the seats they freed, in the closing's transaction.
 */
export async function releaseSeatsOfClosingStudy(
  trx: Db,
  closing: { opportunityId: string; at: string },
): Promise<void> {
  const enrolled = await trx
    .selectFrom('session_enrollments')
    .select('id')
    .where('opportunity_id', '=', closing.opportunityId)
    .where('status', '=', 'enrolled')
    .limit(1)
    .executeTakeFirst();
  if (!enrolled) return;
  await enqueue(
    trx,
    studyClosedSeats,
    { opportunity_id: closing.opportunityId, at: closing.at },
    {
      runAt: new Date(closing.at),
      dedupeKey: `sessions-study-closed:${closing.opportunityId}:${closing.at}`,
    },
  );
}

/**
 * The enrollments of a closed study whose place is gone and whose session has not started: each
 * is cancelled, its seat given back, its reminder dropped, and its holder mailed that the session
 * will not take place for them (a CANCEL of the same calendar UID). Those who still hold a place
 * (work under way, or awaiting review) keep their seat: the researchers may still run the session.
 */
export async function releaseSeatsOfClosedStudy(
  trx: Db,
  input: { opportunityId: string; now: Date; publicUrl: string },
): Promise<number> {
  const at = input.now.toISOString();
  const stale = await trx
    .selectFrom('session_enrollments as e')
    .innerJoin('submissions as s', 's.id', 'e.submission_id')
    .innerJoin('study_sessions as ss', 'ss.id', 'e.session_id')
    .selectAll('e')
    .where('e.opportunity_id', '=', input.opportunityId)
    .where('e.status', '=', 'enrolled')
    .where('e.attendance', 'is', null)
    .where('s.status', 'not in', HOLDING)
    .where('ss.starts_at', '>', at)
    .orderBy('e.session_id')
    .execute();
  if (stale.length === 0) return 0;
  const opportunity = await findOpportunityForParticipant(trx, input.opportunityId);
  const bySession = new Map<string, typeof stale>();
  for (const enrollment of stale) {
    bySession.set(enrollment.session_id, [
      ...(bySession.get(enrollment.session_id) ?? []),
      enrollment,
    ]);
  }
  let released = 0;
  for (const [sessionId, enrollments] of bySession) {
    const cancelled = [];
    for (const enrollment of enrollments) {
      if (!(await cancelEnrollmentRow(trx, enrollment.id, at))) continue;
      await releaseSeat(trx, sessionId);
      await cancelJobs(trx, sessionReminder, `session-reminder:${enrollment.id}:`);
      cancelled.push(enrollment);
    }
    const session = await findSessionById(trx, sessionId);
    if (!session || cancelled.length === 0) continue;
    await queueSessionMails(trx, {
      kind: 'closed',
      session,
      title: opportunity?.title ?? '',
      enrollments: cancelled,
      publicUrl: input.publicUrl,
    });
    released += cancelled.length;
  }
  return released;
}

export const studyClosedSeatsJob = defineJob({
  ...studyClosedSeats,
  async handle(context, payload) {
    const released = await context.database.db.transaction().execute((trx) =>
      releaseSeatsOfClosedStudy(trx, {
        opportunityId: payload.opportunity_id,
        now: context.now(),
        publicUrl: context.config.publicUrl,
      }),
    );
    if (released > 0) context.log.info({ released }, 'seats of a closed study given back');
  },
});
