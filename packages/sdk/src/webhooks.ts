import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook verification for receivers. The SDK owns it so the package stands alone; the server's
 * sender imports `signPayload` and the header names from here, so what it signs is what this
 * checks (docs/decisions/0072-sdk-owns-webhook-verification.md).
 */

/** Header spellings Cohort sends; receivers match them case-insensitively. */
export const TIMESTAMP_HEADER = 'X-Service-Request-Timestamp';
export const SIGNATURE_HEADER = 'X-Service-Request-Signature';
export const EVENT_ID_HEADER = 'X-Service-Event-Id';
export const EVENT_TYPE_HEADER = 'X-Service-Event-Type';

/** The body of every delivery: `data` depends on `type`. Deduplicate on `id` (docs/webhooks.md). */
export interface WebhookEvent<Data = unknown> {
  id: string;
  type: string;
  created_at: string;
  data: Data;
}

export const WEBHOOK_EVENT_TYPES = [
  'webhook.ping',
  'submission.status.change',
  'opportunity.status.change',
  'applicant.created',
  'feasibility.status.change',
  'bonus.paid',
  'payout_run.completed',
  'message.received',
  'session.cancelled',
  'attendance.recorded',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * base64(HMAC-SHA256(secret, timestamp + rawBody)). The whole secret, `whsec_` prefix included,
 * is the key, and the body is hashed as the bytes received.
 */
export function signPayload(secret: string, timestamp: string, rawBody: string | Uint8Array) {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

/** Node's IncomingHttpHeaders, a plain object of any case, or a fetch Headers. */
export type WebhookHeaders =
  | Record<string, string | string[] | undefined>
  | { get(name: string): string | null };

export interface VerifyWebhookInput {
  secret: string;
  headers: WebhookHeaders;
  /** The body exactly as received: verifying a re-serialized JSON.parse result fails. */
  rawBody: string | Uint8Array;
  /** How far the timestamp may be from now, either way. */
  toleranceSeconds?: number;
  /** Milliseconds since the epoch; Date.now() by default. */
  now?: number;
}

export type VerifyWebhookResult = { ok: true; event: WebhookEvent } | { ok: false; reason: string };

const UNIX_SECONDS = /^\d{1,15}$/;

/**
 * Checks a delivery before trusting it: the signature over timestamp and raw body (compared in
 * constant time), then the timestamp's freshness, so a captured delivery cannot be replayed
 * later. Only then is the body parsed.
 */
export function verifyWebhook(input: VerifyWebhookInput): VerifyWebhookResult {
  const { secret, headers, rawBody, toleranceSeconds = 300, now = Date.now() } = input;
  const timestamp = headerValue(headers, TIMESTAMP_HEADER);
  if (timestamp === undefined) return rejected(`missing ${TIMESTAMP_HEADER} header`);
  const signature = headerValue(headers, SIGNATURE_HEADER);
  if (signature === undefined) return rejected(`missing ${SIGNATURE_HEADER} header`);
  if (!UNIX_SECONDS.test(timestamp)) return rejected(`${TIMESTAMP_HEADER} is not unix seconds`);
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) {
    return rejected(`${TIMESTAMP_HEADER} is more than ${toleranceSeconds} s from now`);
  }
  if (!signatureMatches(signature, signPayload(secret, timestamp, rawBody))) {
    return rejected('signature does not match');
  }
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rejected('body is not valid JSON');
  }
  return isWebhookEvent(body) ? { ok: true, event: body } : rejected('body is not a webhook event');
}

function signatureMatches(given: string, expected: string): boolean {
  const givenBytes = Buffer.from(given, 'base64');
  const expectedBytes = Buffer.from(expected, 'base64');
  if (givenBytes.length !== expectedBytes.length) return false;
  if (!timingSafeEqual(givenBytes, expectedBytes)) return false;
  // Base64 decoding skips stray characters, so the text itself must be canonical as well.
  return givenBytes.toString('base64') === given;
}

function rejected(reason: string): VerifyWebhookResult {
  return { ok: false, reason };
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    return (headers as { get(name: string): string | null }).get(name)?.trim() ?? undefined;
  }
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    // A repeated header is ambiguous: refuse it rather than guess which copy was signed.
    if (Array.isArray(value)) return value.length === 1 ? value[0]?.trim() : undefined;
    return typeof value === 'string' ? value.trim() : undefined;
  }
  return undefined;
}

function isWebhookEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return typeof event.id === 'string' && typeof event.type === 'string' && 'data' in event;
}
