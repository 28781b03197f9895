import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * The token in an invitation's unsubscribe link (RFC 8058 one-click): the participant's id and an
 * HMAC of it under the installation's `unsubscribe` secret, so the link works without a session
 * and cannot be made for anyone else. It never expires: an old mail's link still works.
 */
const MAC_BYTES = 16;

/**
 * The secret as a key object, made once: an invitation signs thousands of links in one call, and
 * a string key is imported again by every createHmac.
 */
const keys = new Map<string, KeyObject>();

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

function mac(secret: string, participantId: string): Buffer {
  return createHmac('sha256', keyOf(secret))
    .update(`unsubscribe:${participantId}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function unsubscribeToken(secret: string, participantId: string): string {
  return `${participantId}.${mac(secret, participantId).toString('base64url')}`;
}

/** The participant a token names, if its signature holds; undefined for anything else. */
export function participantOfUnsubscribeToken(secret: string, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const participantId = token.slice(0, dot);
  if (!/^par_[\w-]{1,80}$/.test(participantId)) return undefined;
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, participantId);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? participantId
    : undefined;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe/${encodeURIComponent(token)}`;
}
