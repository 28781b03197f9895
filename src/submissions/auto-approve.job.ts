import { nextRoundInMs } from '../admission/index.ts';
import { defineJob } from '../platform/jobs/define.ts';
import { autoApproveDueSubmissions } from './auto-approve.ts';
import { submissionAutoApproval } from './jobs.ts';
import { CLOCK_RETRY_MS } from './time-out.job.ts';

/** Submissions approved per round, each in its own transaction. */
export const AUTO_APPROVE_BATCH_SIZE = 100;

/**
 * The recurring round of the auto-approval job (src/submissions/jobs.ts), on the server clock of
 * the job context, so tests move time and a worker that was down catches up on its first round.
 */
export const submissionAutoApprovalJob = defineJob({
  ...submissionAutoApproval,
  async handle(context) {
    const now = context.now();
    try {
      const round = await autoApproveDueSubmissions(context.database.db, {
        now,
        limit: AUTO_APPROVE_BATCH_SIZE,
      });
      if (round.approved > 0) {
        context.log.info({ approved: round.approved }, 'submissions approved automatically');
      }
      return {
        runAgainInMs: nextRoundInMs({
          now,
          done: round.approved,
          batch: AUTO_APPROVE_BATCH_SIZE,
          next: round.next,
        }),
        idle: round.approved === 0,
      };
    } catch (error) {
      // The one auto-approval job must outlive any number of failed rounds.
      context.log.warn({ err: error }, 'auto-approval round failed');
      const reason = error instanceof Error ? error.message : String(error);
      return { retryInMs: CLOCK_RETRY_MS, reason, countAttempt: false };
    }
  },
});
