import { fanOutEvent } from '../../services/webhooks/fan-out.ts';
import { FAN_OUT_JOB_KIND, type FanOutJobPayload } from '../../store/webhook-deliveries.ts';
import { defineJob, exponentialBackoff } from '../define.ts';

/** One outbox event to one delivery (and one queued attempt) per receiving subscription. */
export const webhookFanOutJob = defineJob<FanOutJobPayload>({
  kind: FAN_OUT_JOB_KIND,
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  async handle(context, payload) {
    await fanOutEvent(context.database.db, payload, context.now());
  },
});
