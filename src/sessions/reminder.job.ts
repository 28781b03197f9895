import { findOpportunity } from '../opportunities/index.ts';
import { defineJob } from '../platform/jobs/define.ts';
import { sessionReminder } from './jobs.ts';
import { queueSessionMails } from './mailing.ts';
import { findSessionById } from './store.ts';

/**
 * Sends one participant's reminder of their session, in one transaction with the mail row: nothing
 * when the enrollment was cancelled, the session cancelled, or the session moved since the job was
 * made (a new one was queued for the new start, schedule.ts queueReminders).
 */
export const sessionReminderJob = defineJob({
  ...sessionReminder,
  async handle(context, payload) {
    await context.database.db.transaction().execute(async (trx) => {
      const enrollment = await trx
        .selectFrom('session_enrollments')
        .selectAll()
        .where('id', '=', payload.enrollment_id)
        .executeTakeFirst();
      if (enrollment?.status !== 'enrolled') return;
      // A submission that gave its place back (returned, timed out, withdrawn) is not reminded.
      const submission = await trx
        .selectFrom('submissions')
        .select('status')
        .where('id', '=', enrollment.submission_id)
        .executeTakeFirst();
      if (submission?.status !== 'screen_passed' && submission?.status !== 'in_progress') return;
      const session = await findSessionById(trx, enrollment.session_id);
      if (session?.status !== 'scheduled' || session.starts_at !== payload.starts_at) return;
      const opportunity = await findOpportunity(
        trx,
        session.organization_id,
        session.opportunity_id,
      );
      if (!opportunity) return;
      await queueSessionMails(trx, {
        kind: 'reminder',
        session,
        title: opportunity.title,
        enrollments: [enrollment],
        publicUrl: context.config.publicUrl,
      });
    });
  },
});
