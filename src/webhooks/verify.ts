import { timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './event.ts';
import { SIGNATURE_HEADER, signPayload, TIMESTAMP_HEADER } from './signature.ts';

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

/**
 * Checks a Cohort webhook delivery: the signature over the timestamp and raw body, compared in
 * constant time, and the timestamp's freshness, which stops a captured delivery being replayed
 * later. Only then is the body parsed.
 */
export function verifyWebhook(input: VerifyWebhookInput): VerifyWebhookResult {
  const { secret, headers, rawBody, toleranceSeconds = 300, now = Date.now() } = input;
  const timestamp = readHeader(headers, TIMESTAMP_HEADER);
  const signature = readHeader(headers, SIGNATURE_HEADER);
  if (timestamp === undefined) return fail(`missing ${TIMESTAMP_HEADER} header`);
  if (signature === undefined) return fail(`missing ${SIGNATURE_HEADER} header`);
  if (!/^\d{1,15}$/.test(timestamp)) return fail(`${TIMESTAMP_HEADER} is not unix seconds`);
  if (Math.abs(now / 1000 - Number(timestamp)) > toleranceSeconds) {
    return fail(`${TIMESTAMP_HEADER} is more than ${toleranceSeconds} s from now`);
  }
  const expected = Buffer.from(signPayload(secret, timestamp, rawBody), 'base64');
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return fail('signature does not match');
  }
  // Buffer.from(..., 'base64') ignores stray characters; the exact text must match as well.
  if (given.toString('base64') !== signature) return fail('signature does not match');
  let event: unknown;
  try {
    event = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString());
  } catch {
    return fail('body is not valid JSON');
  }
  if (!isEvent(event)) return fail('body is not a webhook event');
  return { ok: true, event };
}

function fail(reason: string): VerifyWebhookResult {
  return { ok: false, reason };
}

function readHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    return (headers as { get(name: string): string | null }).get(name)?.trim() ?? undefined;
  }
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    // A repeated header is ambiguous: refuse rather than guess which one was signed for.
    if (Array.isArray(value)) return value.length === 1 ? value[0]?.trim() : undefined;
    return typeof value === 'string' ? value.trim() : undefined;
  }
  return undefined;
}

function isEvent(value: unknown): value is WebhookEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  return typeof event.id === 'string' && typeof event.type === 'string' && 'data' in event;
}
