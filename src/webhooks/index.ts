/**
 * What a receiver of Cohort webhooks needs, in one import (and what the SDK re-exports):
 * `verifyWebhook` checks a delivery's signature and timestamp and parses it.
 */
export type { WebhookEvent, WebhookEventType } from './event.ts';
export { WEBHOOK_EVENT_TYPES } from './event.ts';
export {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  SIGNATURE_HEADER,
  signPayload,
  TIMESTAMP_HEADER,
} from './signature.ts';
export {
  type VerifyWebhookInput,
  type VerifyWebhookResult,
  verifyWebhook,
  type WebhookHeaders,
} from './verify.ts';
