import { defineJob } from '../platform/jobs/define.ts';
import { expireOpportunity } from './close.ts';
import { opportunityExpiry } from './jobs.ts';

/**
 * Enqueued by launch for ending_at (dedupe key `opportunity-expiry:<id>`). Running it twice, or on
 * a study already stopped or completed, changes nothing.
 */
export const opportunityExpiryJob = defineJob({
  ...opportunityExpiry,
  async handle(context, payload) {
    const now = context.now();
    const outcome = await expireOpportunity(context.database.db, {
      opportunityId: payload.opportunityId,
      now,
    });
    if (outcome === 'not_due') {
      const row = await context.database.db
        .selectFrom('opportunities')
        .select('ending_at')
        .where('id', '=', payload.opportunityId)
        .executeTakeFirst();
      const due = row?.ending_at ? new Date(row.ending_at).getTime() : now.getTime();
      return {
        retryInMs: Math.max(1000, due - now.getTime()),
        reason: 'ending_at not reached yet',
        countAttempt: false,
      };
    }
    if (outcome === 'expired') {
      context.log.info({ opportunityId: payload.opportunityId }, 'opportunity expired');
    }
  },
});
