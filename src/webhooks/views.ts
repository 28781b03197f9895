import type { WebhookDeliveryResponse, WebhookSubscriptionResponse } from './schemas.ts';
import type { WebhookDeliveryRow } from './webhook-deliveries.table.ts';
import type { WebhookSubscriptionRow } from './webhook-subscriptions.table.ts';

/** Storage row to contract shape (2.14); the secret never leaves through here. */
export function subscriptionRowToSubscription(
  row: WebhookSubscriptionRow,
): WebhookSubscriptionResponse {
  return {
    id: row.id,
    target_url: row.target_url,
    event_types: JSON.parse(row.event_types) as string[],
    is_enabled: row.disabled_at === null,
    confirmed_at: row.confirmed_at,
    disabled_at: row.disabled_at,
    disabled_reason: row.disabled_reason,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function deliveryRowToDelivery(row: WebhookDeliveryRow): WebhookDeliveryResponse {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    event_id: row.event_id,
    event_type: row.event_type,
    payload: JSON.parse(row.payload) as WebhookDeliveryResponse['payload'],
    status: row.status,
    attempts: row.attempts,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.next_attempt_at,
    last_response_status: row.last_response_status,
    last_error: row.last_error,
    created_at: row.created_at,
  };
}
