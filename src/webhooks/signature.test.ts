import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deliveryHeaders,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  newWebhookSecret,
  SIGNATURE_HEADER,
  signPayload,
  TIMESTAMP_HEADER,
} from './signature.ts';

describe('signPayload', () => {
  it('is base64 HMAC-SHA256 of the timestamp followed by the raw body, keyed by the whole secret', () => {
    const expected = createHmac('sha256', 'whsec_abc')
      .update('1700000000{"id":"evt_1"}')
      .digest('base64');
    expect(signPayload('whsec_abc', '1700000000', '{"id":"evt_1"}')).toBe(expected);
  });

  it('gives the same signature for a body as a string and as its UTF-8 bytes', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (secret, body) => {
        const bytes = new TextEncoder().encode(body);
        expect(signPayload(secret || 'k', '1', bytes)).toBe(signPayload(secret || 'k', '1', body));
      }),
    );
  });

  it('changes when the secret, timestamp or body changes', () => {
    const base = signPayload('s1', '100', 'body');
    expect(signPayload('s2', '100', 'body')).not.toBe(base);
    expect(signPayload('s1', '101', 'body')).not.toBe(base);
    expect(signPayload('s1', '100', 'bodz')).not.toBe(base);
  });
});

describe('newWebhookSecret', () => {
  it('is whsec_ and 32 random bytes in base64, different each time', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
  });
});

describe('deliveryHeaders', () => {
  it('carries unix seconds, the signature of that timestamp, the event id and type', () => {
    const headers = deliveryHeaders({
      secret: 'whsec_x',
      eventId: 'evt_1',
      eventType: 'webhook.ping',
      rawBody: '{}',
      now: 1_700_000_000_999,
    });
    expect(headers[TIMESTAMP_HEADER]).toBe('1700000000');
    expect(headers[SIGNATURE_HEADER]).toBe(signPayload('whsec_x', '1700000000', '{}'));
    expect(headers[EVENT_ID_HEADER]).toBe('evt_1');
    expect(headers[EVENT_TYPE_HEADER]).toBe('webhook.ping');
    expect(headers['Content-Type']).toBe('application/json');
  });
});
