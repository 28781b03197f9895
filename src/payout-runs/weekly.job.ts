import { operatorActor } from '../audit/index.ts';
import { financeUrl } from '../opportunities/index.ts';
import { isDomainError } from '../platform/errors.ts';
import { defineJob } from '../platform/jobs/define.ts';
import { weeklyPayoutRuns } from './jobs.ts';
import { runPayout } from './run.ts';
import { isPayoutDue } from './schedule.ts';
import { scheduledCandidates } from './store.ts';

/** How long the schedule waits between rounds. */
export const WEEKLY_ROUND_EVERY_MS = 3600 * 1000;

/**
 * Each round: every open hourly or per-task opportunity whose last run (or launch) is a week old
 * gets a run, each in its own transaction. One that has nothing to pay records nothing and is
 * looked at again next round; one its organization cannot pay for (402), or without a rate, is
 * logged and skipped until the next round, so no opportunity holds up the others.
 */
export const weeklyPayoutRunsJob = defineJob({
  ...weeklyPayoutRuns,
  async handle(context) {
    const now = context.now();
    const { db } = context.database;
    let paid = 0;
    for (const candidate of await scheduledCandidates(db)) {
      if (!isPayoutDue(candidate, now)) continue;
      try {
        const result = await runPayout(db, {
          organizationId: candidate.organization_id,
          opportunityId: candidate.id,
          now,
          financeUrl: financeUrl(context.config.publicUrl),
          actor: operatorActor('weekly payout schedule'),
          trigger: 'schedule',
          skipEmpty: true,
        });
        if (result) paid += 1;
      } catch (error) {
        if (!isDomainError(error)) throw error;
        context.log.warn(
          { opportunityId: candidate.id, code: error.code },
          `scheduled payout run skipped: ${error.message}`,
        );
      }
    }
    if (paid > 0) context.log.info({ runs: paid }, 'scheduled payout runs paid');
    return { runAgainInMs: WEEKLY_ROUND_EVERY_MS, idle: paid === 0 };
  },
});
