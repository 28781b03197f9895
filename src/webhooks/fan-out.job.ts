import { defineJob } from '../platform/jobs/define.ts';
import { fanOutEvents } from './fan-out.ts';
import { webhookFanOut } from './jobs.ts';

/** Events taken from the outbox per round (one transaction). */
export const FAN_OUT_BATCH_SIZE = 200;

/**
 * How long the fan-out waits for new events after a round that emptied the outbox: what an event
 * may wait before its deliveries exist (the worker wakes for the round even between its polls).
 */
export const FAN_OUT_IDLE_MS = 100;

/** On a failed round (the database away): the next round, not counted against the job. */
export const FAN_OUT_RETRY_MS = 5_000;

/**
 * The recurring round of the webhook fan-out (src/webhooks/jobs.ts): outbox events to deliveries,
 * then the next round at once if the outbox held a full batch, or after FAN_OUT_IDLE_MS.
 */
export const webhookFanOutJob = defineJob({
  ...webhookFanOut,
  async handle(context) {
    try {
      // Relaxed commit: a round lost in a crash is done again, and adds nothing twice (fan-out.ts).
      const round = await fanOutEvents(context.database.relaxed, context.now(), FAN_OUT_BATCH_SIZE);
      return {
        runAgainInMs: round.events >= FAN_OUT_BATCH_SIZE ? 0 : FAN_OUT_IDLE_MS,
        idle: round.deliveries === 0,
      };
    } catch (error) {
      // The one fan-out job must outlive any number of failed rounds, so none counts as an attempt.
      context.log.warn({ err: error }, 'webhook fan-out round failed');
      const reason = error instanceof Error ? error.message : String(error);
      return { retryInMs: FAN_OUT_RETRY_MS, reason, countAttempt: false };
    }
  },
});
