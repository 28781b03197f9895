import { nextRoundInMs } from '../admission/index.ts';
import { defineJob } from '../platform/jobs/define.ts';
import { submissionTimeOut } from './jobs.ts';
import { timeOutDueSubmissions } from './time-out.ts';

/** Submissions timed out per round, each in its own transaction. */
export const TIME_OUT_BATCH_SIZE = 100;

/** On a failed round (the database away): the next round, not counted against the job. */
export const CLOCK_RETRY_MS = 5_000;

/**
 * The recurring round of the time-out job (src/submissions/jobs.ts), on the server clock of the
 * job context, so tests move time and a worker that was down catches up on its first round.
 */
export const submissionTimeOutJob = defineJob({
  ...submissionTimeOut,
  async handle(context) {
    const now = context.now();
    try {
      const round = await timeOutDueSubmissions(context.database.db, {
        now,
        limit: TIME_OUT_BATCH_SIZE,
      });
      if (round.timedOut > 0)
        context.log.info({ timedOut: round.timedOut }, 'submissions timed out');
      return {
        runAgainInMs: nextRoundInMs({
          now,
          done: round.timedOut,
          batch: TIME_OUT_BATCH_SIZE,
          next: round.next,
        }),
        idle: round.timedOut === 0,
      };
    } catch (error) {
      // The one time-out job must outlive any number of failed rounds.
      context.log.warn({ err: error }, 'time-out round failed');
      const reason = error instanceof Error ? error.message : String(error);
      return { retryInMs: CLOCK_RETRY_MS, reason, countAttempt: false };
    }
  },
});
