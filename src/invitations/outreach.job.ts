import { defineJob } from '../platform/jobs/define.ts';
import { outreachWaves } from './jobs.ts';
import { runOutreachRound } from './outreach.ts';

/**
 * One run of an opportunity's outreach waves (dedupe key per opportunity and run, jobs.ts): each
 * round invites a wave (outreach.ts) and asks to run again when the next is due, not counted as an
 * attempt; a run that stopped finishes the job.
 */
export const outreachWavesJob = defineJob({
  ...outreachWaves,
  async handle(context, payload) {
    const now = context.now();
    const round = await runOutreachRound(context.database.db, payload, {
      now,
      publicUrl: context.config.publicUrl,
    });
    if ('next' in round) {
      return {
        retryInMs: Math.max(1000, round.next.getTime() - now.getTime()),
        reason: 'the next outreach wave is due later',
        countAttempt: false,
      };
    }
    context.log.info(
      { opportunityId: payload.opportunityId, run: payload.run, reason: round.stopped },
      'outreach waves stopped',
    );
  },
});
