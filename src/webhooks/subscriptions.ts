import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import {
  assertNoIssues,
  ConflictError,
  type Issue,
  NotFoundError,
  PreconditionFailedError,
} from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { validateTargetUrl } from './address-policy.ts';
import { failPendingDeliveries } from './deliveries.store.ts';
import { isKnownEventType } from './event-types.ts';
import { classifyDeliveryResponse } from './outcome.ts';
import { openSecret, sealSecret } from './secret-at-rest.ts';
import { type Resolver, sendWebhook } from './sender.ts';
import type { WebhookSettings } from './settings.ts';
import { deliveryHeaders, newWebhookSecret } from './signature.ts';
import {
  createSubscription,
  findSubscription,
  markConfirmed,
  markDeleted,
  replaceSecret,
} from './subscriptions.store.ts';
import { forbiddenHostIssue } from './target-host.ts';
import type { WebhookSubscriptionRow } from './webhook-subscriptions.table.ts';

const SUBSCRIPTION = 'Webhook subscription';

export async function createWebhookSubscription(
  db: Db,
  organizationId: string,
  body: { target_url: string; event_types: string[] },
  options: { settings: WebhookSettings; now: number; resolve?: Resolver; actor?: AuditActor },
): Promise<{ subscription: WebhookSubscriptionRow; secret: string }> {
  const allowPrivate = options.settings.webhookAllowPrivate;
  const issues: Issue[] = validateTargetUrl(body.target_url, { allowPrivate });
  for (const type of body.event_types) {
    if (!isKnownEventType(type)) {
      issues.push({
        message: `event_types: unknown event type "${type}"; GET /v2/hooks/event-types lists them`,
      });
    }
  }
  if (issues.length === 0 && !allowPrivate) {
    const issue = await forbiddenHostIssue(body.target_url, options.resolve);
    if (issue) issues.push(issue);
  }
  assertNoIssues(issues);
  const secret = newWebhookSecret();
  const id = newId('webhook');
  const subscription = await db.transaction().execute(async (trx) => {
    const row = await createSubscription(trx, organizationId, {
      id,
      targetUrl: body.target_url,
      eventTypes: [...new Set(body.event_types)],
      sealedSecret: sealSecret(options.settings, id, secret),
      now: new Date(options.now).toISOString(),
    });
    await recordActorEvent(trx, options.actor, {
      organizationId,
      action: 'webhook_subscription.created',
      subjectType: 'webhook_subscription',
      subjectId: id,
      details: { target_url: row.target_url, event_types: JSON.parse(row.event_types) },
    });
    return row;
  });
  return { subscription, secret };
}

/**
 * Sends the signed `webhook.ping` now and confirms on a 2xx (docs/webhooks.md, "Confirmation").
 * Anything else is a
 * PreconditionFailedError carrying the reason, and the subscription stays as it was: an unconfirmed
 * one stays unconfirmed, a confirmed one is not unconfirmed by a failed re-check.
 */
export async function confirmWebhookSubscription(
  db: Db,
  organizationId: string,
  id: string,
  options: { settings: WebhookSettings; clock: () => number; actor?: AuditActor },
): Promise<WebhookSubscriptionRow> {
  const subscription = await findSubscription(db, organizationId, id);
  if (!subscription) throw new NotFoundError(SUBSCRIPTION, id);
  const sentAt = options.clock();
  const eventId = newId('event');
  const body = JSON.stringify({
    id: eventId,
    type: 'webhook.ping',
    created_at: new Date(sentAt).toISOString(),
    data: { subscription_id: subscription.id },
  });
  const result = await sendWebhook({
    url: subscription.target_url,
    headers: deliveryHeaders({
      secret: openSecret(options.settings, subscription.id, subscription.secret),
      eventId,
      eventType: 'webhook.ping',
      rawBody: body,
      now: sentAt,
    }),
    body,
    timeoutMs: options.settings.webhookTimeoutMs,
    allowPrivate: options.settings.webhookAllowPrivate,
  });
  const answeredAt = options.clock();
  const outcome = classifyDeliveryResponse({ ...result, now: answeredAt });
  if (outcome.kind !== 'delivered') {
    throw new PreconditionFailedError(
      `The receiver did not answer the signed webhook.ping with a 2xx: ${outcome.reason}`,
      outcome.reason,
    );
  }
  return db.transaction().execute(async (trx) => {
    const at = new Date(answeredAt).toISOString();
    const confirmed = await markConfirmed(trx, organizationId, id, at);
    if (!confirmed) throw new NotFoundError(SUBSCRIPTION, id);
    await recordActorEvent(trx, options.actor, {
      organizationId,
      action: 'webhook_subscription.confirmed',
      subjectType: 'webhook_subscription',
      subjectId: id,
    });
    return confirmed;
  });
}

/**
 * No overlap window (docs/decisions/0047-webhook-delivery-jobs-and-at-least-once.md): every attempt
 * signs with the secret it reads at send time, so the next attempt of every delivery, queued ones
 * included, uses the new one.
 */
export async function rotateWebhookSecret(
  db: Db,
  organizationId: string,
  id: string,
  options: { settings: WebhookSettings; now: number; actor?: AuditActor },
): Promise<string> {
  const secret = newWebhookSecret();
  await db.transaction().execute(async (trx) => {
    const updated = await replaceSecret(
      trx,
      organizationId,
      id,
      () => sealSecret(options.settings, id, secret),
      new Date(options.now).toISOString(),
    );
    if (!updated) throw new NotFoundError(SUBSCRIPTION, id);
    // The secret itself never reaches the log: only that it changed.
    await recordActorEvent(trx, options.actor, {
      organizationId,
      action: 'webhook_subscription.secret_rotated',
      subjectType: 'webhook_subscription',
      subjectId: id,
    });
  });
  return secret;
}

/**
 * Soft delete: the subscription disappears from reads and receives nothing more, its queued
 * attempts are cancelled and its pending deliveries settled as failed; the delivery log stays.
 */
export async function deleteWebhookSubscription(
  db: Db,
  organizationId: string,
  id: string,
  options: { now: number; actor?: AuditActor },
): Promise<void> {
  const at = new Date(options.now).toISOString();
  await db.transaction().execute(async (trx) => {
    const deleted = await markDeleted(trx, organizationId, id, at);
    if (!deleted) throw new NotFoundError(SUBSCRIPTION, id);
    await failPendingDeliveries(trx, id, 'subscription deleted', at);
    await recordActorEvent(trx, options.actor, {
      organizationId,
      action: 'webhook_subscription.deleted',
      subjectType: 'webhook_subscription',
      subjectId: id,
    });
  });
}

/** Replays need a subscription that will send: not deleted, not disabled. */
export async function requireSendingSubscription(
  db: Db,
  organizationId: string,
  id: string,
): Promise<WebhookSubscriptionRow> {
  const subscription = await findSubscription(db, organizationId, id);
  if (!subscription) throw new NotFoundError(SUBSCRIPTION, id);
  return refuseUnlessSending(subscription);
}

/** Refuses a subscription that will not send: disabled, or not confirmed yet. */
export function refuseUnlessSending(subscription: WebhookSubscriptionRow): WebhookSubscriptionRow {
  const { id } = subscription;
  if (subscription.disabled_at !== null) {
    throw new ConflictError(`Webhook subscription ${id} is disabled`, [
      {
        message: `Disabled because: ${subscription.disabled_reason}. Confirm it again with POST /v2/hooks/subscriptions/${id} to re-enable it, then retry.`,
      },
    ]);
  }
  if (subscription.confirmed_at === null) {
    throw new ConflictError(`Webhook subscription ${id} is not confirmed`, [
      { message: `Confirm it first with POST /v2/hooks/subscriptions/${id}` },
    ]);
  }
  return subscription;
}
