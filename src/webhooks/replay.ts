import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { findDelivery, requeueDelivery, requeueFailedSince } from './deliveries.store.ts';
import { findSubscription } from './subscriptions.store.ts';
import { refuseUnlessSending, requireSendingSubscription } from './subscriptions.ts';
import type { WebhookDeliveryRow } from './webhook-deliveries.table.ts';

/**
 * POST /v2/hooks/events/{id}/retry: `id` is a delivery id (what GET /v2/hooks/events lists). The
 * delivery is queued for an attempt now, whatever its status, and follows the schedule afresh if
 * that attempt fails.
 */
export async function retryDelivery(
  db: Db,
  organizationId: string,
  deliveryId: string,
  now: Date,
  actor?: AuditActor,
): Promise<WebhookDeliveryRow> {
  return db.transaction().execute(async (trx) => {
    const delivery = await findDelivery(trx, organizationId, deliveryId);
    if (!delivery) throw new NotFoundError('Webhook delivery', deliveryId);
    const subscription = await findSubscription(trx, organizationId, delivery.subscription_id);
    if (!subscription) {
      throw new ConflictError(`The subscription of delivery ${deliveryId} was deleted`, [
        { message: 'Deliveries of a deleted subscription are kept for reading only' },
      ]);
    }
    refuseUnlessSending(subscription);
    const requeued = await requeueDelivery(trx, organizationId, deliveryId, now);
    if (!requeued) throw new NotFoundError('Webhook delivery', deliveryId);
    await recordActorEvent(trx, actor, {
      organizationId,
      action: 'webhook_delivery.replayed',
      subjectType: 'webhook_delivery',
      subjectId: deliveryId,
      details: { subscription_id: subscription.id, event_type: requeued.event_type },
      now,
    });
    return requeued;
  });
}

/** Reads `since` as an ISO 8601 timestamp, or a bare date at midnight UTC. */
export function parseSince(since: string): string {
  const text = since.trim();
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const at = Date.parse(bareDate ? `${text}T00:00:00Z` : text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(at)) {
    throw new ValidationError('since is invalid', [
      { message: 'since: expected an ISO 8601 timestamp such as 2025-01-31T12:00:00Z' },
    ]);
  }
  return new Date(at).toISOString();
}

/**
 * POST /v2/hooks/subscriptions/{id}/recover: every failed delivery of the subscription created
 * at or after `since` is queued for an attempt now.
 */
export async function recoverFailedDeliveries(
  db: Db,
  organizationId: string,
  subscriptionId: string,
  since: string,
  now: Date,
  actor?: AuditActor,
): Promise<{ since: string; requeued: number }> {
  const from = parseSince(since);
  return db.transaction().execute(async (trx) => {
    await requireSendingSubscription(trx, organizationId, subscriptionId);
    const rows = await requeueFailedSince(trx, organizationId, subscriptionId, from, now);
    await recordActorEvent(trx, actor, {
      organizationId,
      action: 'webhook_subscription.recovered',
      subjectType: 'webhook_subscription',
      subjectId: subscriptionId,
      details: { since: from, requeued: rows.length },
      now,
    });
    return { since: from, requeued: rows.length };
  });
}
