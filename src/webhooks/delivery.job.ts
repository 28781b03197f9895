import { defineJob } from '../platform/jobs/define.ts';
import { attemptDelivery } from './deliver.ts';
import { type DeliveredRecord, deliveredWrite } from './deliveries.store.ts';
import { webhookDelivery } from './jobs.ts';

/**
 * One attempt of one delivery. The Standard Webhooks schedule is the handler's own (it answers
 * `retryInMs` without using up the job's attempts); the job's attempts and backoff only cover
 * the handler itself failing, such as the database being away.
 */
export const webhookDeliveryJob = defineJob({
  ...webhookDelivery,
  async handle(context, payload) {
    // Relaxed commit (database.ts): an attempt whose record a crash loses is made again, and
    // receivers tell repeats apart by X-Service-Event-Id (docs/webhooks.md).
    return attemptDelivery(context.database.relaxed, payload, {
      engine: context.database.engine,
      settings: context.config,
      now: context.now,
    });
  },
  writeDone(engine, records) {
    return deliveredWrite(engine, records as DeliveredRecord[]);
  },
});
