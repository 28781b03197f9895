import { defineJob, exponentialBackoff } from '../platform/jobs/define.ts';
import { FAN_OUT_JOB_KIND, type FanOutJobPayload } from './deliveries.store.ts';
import { fanOutEvent } from './fan-out.ts';

/** One outbox event to one delivery (and one queued attempt) per receiving subscription. */
export const webhookFanOutJob = defineJob<FanOutJobPayload>({
  kind: FAN_OUT_JOB_KIND,
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  async handle(context, payload) {
    await fanOutEvent(context.database.db, payload, context.now());
  },
});
