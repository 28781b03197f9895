import { createHmac, randomBytes } from 'node:crypto';

/**
 * Delivery headers (DESIGN section 3). Node lowercases incoming header names, so receivers look
 * them up case-insensitively; these spellings are what Cohort sends.
 */
export const TIMESTAMP_HEADER = 'X-Service-Request-Timestamp';
export const SIGNATURE_HEADER = 'X-Service-Request-Signature';
export const EVENT_ID_HEADER = 'X-Service-Event-Id';
export const EVENT_TYPE_HEADER = 'X-Service-Event-Type';

export const SECRET_PREFIX = 'whsec_';

/**
 * base64(HMAC-SHA256(secret, timestamp + rawBody)) as contract section 6 states. The whole secret
 * string, prefix included, is the key: a receiver following the contract literally must get the
 * same bytes without knowing any convention of ours. The body is hashed as bytes, so a receiver
 * holding the raw Buffer need not decode it first.
 */
export function signPayload(secret: string, timestamp: string, rawBody: string | Uint8Array) {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

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
 * timestamp (receivers enforce a tolerance) and the subscription's current secret (contract 4.8:
 * rotation applies to queued retries too).
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
