/**
 * What other features may use of webhooks. Receivers verify deliveries with `verifyWebhook` from
 * @cohort/sdk (docs/decisions/0072-sdk-owns-webhook-verification.md).
 */

export { listDeliveries } from './deliveries.store.ts';
export type { CohortEvent, CohortEventType, WebhookEvent, WebhookEventType } from './event.ts';
export { WEBHOOK_EVENT_TYPES } from './event.ts';
export { WEBHOOK_DOCUMENTATION } from './event-schemas.ts';
export { rewriteDeliveryPayloads } from './personal-data.ts';
export { retryDelivery } from './replay.ts';
export { resealWebhookSecrets } from './secret-at-rest.ts';
export {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  SIGNATURE_HEADER,
  signPayload,
  TIMESTAMP_HEADER,
} from './signature.ts';
export { listSubscriptions } from './subscriptions.store.ts';
export { confirmWebhookSubscription, rotateWebhookSecret } from './subscriptions.ts';
