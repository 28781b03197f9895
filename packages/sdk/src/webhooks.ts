/**
 * Webhook verification is the server's own receiver helper, re-exported rather than copied, so the
 * signature the SDK checks is by construction the one the sender computes.
 */
export {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  SIGNATURE_HEADER,
  signPayload,
  TIMESTAMP_HEADER,
  type VerifyWebhookInput,
  type VerifyWebhookResult,
  verifyWebhook,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookHeaders,
} from '../../../src/webhooks/index.ts';
