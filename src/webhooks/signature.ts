import { randomBytes } from 'node:crypto';
import {
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  SIGNATURE_HEADER,
  signPayload,
  TIMESTAMP_HEADER,
} from '@cohort/sdk/webhooks';

/**
 * The header names and the signature come from the SDK, so the sender signs exactly what
 * receivers verify (docs/decisions/0072-sdk-owns-webhook-verification.md).
 */
export { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signPayload, TIMESTAMP_HEADER };

export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Unix seconds, the unit of the timestamp header. */
export function timestampHeaderValue(now: number = Date.now()): string {
  return String(Math.floor(now / 1000));
}

export interface DeliveryHeaderInput {
  secret: string;
  eventId: string;
  eventType: string;
  rawBody: string;
  now?: number;
}

/**
 * Every header of one attempt. Called afresh for each attempt so a retry carries a current
 * timestamp (receivers enforce a tolerance) and the subscription's current secret (rotation applies
 * to queued retries too: docs/decisions/0113-webhook-secrets-sealed-at-rest.md).
 */
export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  const timestamp = timestampHeaderValue(input.now);
  return {
    'Content-Type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signPayload(input.secret, timestamp, input.rawBody),
    [EVENT_ID_HEADER]: input.eventId,
    [EVENT_TYPE_HEADER]: input.eventType,
  };
}
