import type { Db, Engine } from '../platform/db/database.ts';
import { webhookDeliveryOutcomes } from '../platform/http/metrics.ts';
import type { JobResult } from '../platform/jobs/define.ts';
import {
  type AttemptRecord,
  type DeliveredRecord,
  type DeliveryForAttempt,
  failPendingDeliveries,
  findDeliveryForAttempt,
  recordAttempt,
} from './deliveries.store.ts';
import type { DeliveryJobPayload } from './jobs.ts';
import { classifyDeliveryResponse, type DeliveryOutcome } from './outcome.ts';
import { nextAttemptDelayMs, shouldDisableForFailures } from './retry-schedule.ts';
import { openSecretForAttempt } from './secret-at-rest.ts';
import { type SendWebhookResult, sendWebhook } from './sender.ts';
import type { WebhookSettings } from './settings.ts';
import { deliveryHeaders } from './signature.ts';
import { clearFailureStreak, disableSubscription, noteFailure } from './subscriptions.store.ts';

export interface AttemptOptions {
  engine: Engine;
  settings: WebhookSettings;
  now: () => Date;
  random?: () => number;
}

/**
 * One attempt of one delivery, the body of the delivery job. Idempotent by construction: it acts
 * only on a delivery still pending in the generation the job was queued for, so a job re-run after
 * its worker died, or one retired by a replay or a deletion, sends nothing twice it should not.
 * The secret is read now, so a rotation applies to this attempt whenever it was queued.
 */
export async function attemptDelivery(
  db: Db,
  payload: DeliveryJobPayload,
  options: AttemptOptions,
): Promise<JobResult> {
  const delivery = await findDeliveryForAttempt(db, options.engine, payload.deliveryId);
  if (!delivery || delivery.generation !== payload.generation || delivery.status !== 'pending') {
    return;
  }
  if (delivery.subscription_deleted_at !== null || delivery.subscription_disabled_at !== null) {
    // Deleting or disabling settles pending deliveries itself; this is a job claimed just before,
    // or a delivery a concurrent fan-out committed just after.
    const reason =
      delivery.subscription_deleted_at !== null ? 'subscription deleted' : 'subscription disabled';
    await recordAttempt(db, delivery, {
      status: 'failed',
      attempted: false,
      at: options.now().toISOString(),
      responseStatus: null,
      error: reason,
      nextAttemptAt: null,
    });
    return;
  }
  const sentAt = options.now().getTime();
  const result = await sendWebhook({
    url: delivery.target_url,
    headers: deliveryHeaders({
      secret: openSecretForAttempt(options.settings, delivery.subscription_id, delivery.secret),
      eventId: delivery.event_id,
      eventType: delivery.event_type,
      rawBody: delivery.payload,
      now: sentAt,
    }),
    body: delivery.payload,
    timeoutMs: options.settings.webhookTimeoutMs,
    allowPrivate: options.settings.webhookAllowPrivate,
  });
  const at = options.now();
  const outcome = classifyDeliveryResponse({ ...result, now: at.getTime() });
  // The common case, a success with no run of failures to end, is recorded by the statement that
  // marks the job done (delivery.job.ts, deliveredWrite), with the others settled in the same turn.
  if (outcome.kind === 'delivered' && delivery.failing_since === null) {
    webhookDeliveryOutcomes.inc({ outcome: 'delivered' });
    const record: DeliveredRecord = {
      id: delivery.id,
      generation: delivery.generation,
      at: at.toISOString(),
      responseStatus: result.status ?? null,
    };
    return { doneWith: record };
  }
  const next = await db
    .transaction()
    .execute((trx) => settleAttempt(trx, delivery, result, outcome, at, options.random));
  webhookDeliveryOutcomes.inc({
    outcome:
      outcome.kind === 'delivered'
        ? 'delivered'
        : result.refused
          ? 'refused'
          : next
            ? 'retrying'
            : 'failed',
  });
  return next;
}

function delivered(at: Date, result: SendWebhookResult): AttemptRecord {
  return {
    status: 'delivered',
    attempted: true,
    at: at.toISOString(),
    responseStatus: result.status ?? null,
    error: null,
    nextAttemptAt: null,
  };
}

async function settleAttempt(
  trx: Db,
  delivery: DeliveryForAttempt,
  result: SendWebhookResult,
  outcome: DeliveryOutcome,
  now: Date,
  random: () => number = Math.random,
): Promise<JobResult> {
  const at = now.toISOString();
  const attempt = { attempted: true, at, responseStatus: result.status ?? null };

  if (outcome.kind === 'delivered') {
    const recorded = await recordAttempt(trx, delivery, delivered(now, result));
    if (recorded) await clearFailureStreak(trx, delivery.subscription_id);
    return;
  }

  let disableReason = outcome.kind === 'disable' ? outcome.reason : undefined;
  const failingSince = delivery.failing_since ?? at;
  if (disableReason === undefined && shouldDisableForFailures(new Date(failingSince), now)) {
    disableReason = `every delivery failed for 5 days (since ${failingSince}); last attempt: ${outcome.reason}`;
  }
  const delay =
    disableReason === undefined
      ? nextAttemptDelayMs(
          delivery.round_attempts + 2,
          random,
          outcome.kind === 'retry' ? outcome.retryAfterMs : undefined,
        )
      : null;
  const recorded = await recordAttempt(trx, delivery, {
    ...attempt,
    status: delay === null ? 'failed' : 'pending',
    error: outcome.reason,
    nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay).toISOString(),
  });
  if (!recorded) return;
  await noteFailure(trx, delivery.subscription_id, at);
  if (disableReason !== undefined) {
    await disableSubscription(trx, delivery.subscription_id, disableReason, at);
    await failPendingDeliveries(
      trx,
      delivery.subscription_id,
      `subscription disabled: ${disableReason}`,
      at,
    );
    return;
  }
  if (delay === null) return;
  return { retryInMs: delay, reason: outcome.reason, countAttempt: false };
}
