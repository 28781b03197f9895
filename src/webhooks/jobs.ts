import { type Static, Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

/**
 * The webhook job kinds, apart from their handlers (fan-out.job.ts, delivery.job.ts): the stores
 * that queue them are among what the handlers use.
 */

export const FanOutJobPayload = Type.Object({}, { additionalProperties: false });

/**
 * The one recurring job that reads the outbox: each round turns a batch of events not yet fanned
 * out into deliveries, then schedules the next round.
 */
export const webhookFanOut = declareJob({
  kind: 'webhooks.fan-out',
  payload: FanOutJobPayload,
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  recurring: { payload: {} },
  wakeOnEvents: true,
});

export const DeliveryJobPayload = Type.Object(
  {
    deliveryId: Type.String({ minLength: 1 }),
    generation: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);
export type DeliveryJobPayload = Static<typeof DeliveryJobPayload>;

/** One attempt of one delivery. */
export const webhookDelivery = declareJob({
  kind: 'webhooks.deliver',
  payload: DeliveryJobPayload,
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
});

export const DELIVERY_JOB_KIND = webhookDelivery.kind;

/** One job per delivery and generation: queuing the same attempt twice is a no-op. */
export const deliveryJobKey = (subscriptionId: string, deliveryId: string, generation: number) =>
  `${DELIVERY_JOB_KIND}:${subscriptionId}:${deliveryId}:${generation}`;
