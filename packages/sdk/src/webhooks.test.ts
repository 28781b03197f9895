import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, signPayload, TIMESTAMP_HEADER, verifyWebhook } from './webhooks.ts';

const secret = 'whsec_test';
const now = 1_700_000_000_000;
const event = { id: 'evt_1', type: 'webhook.ping', created_at: '2023-11-14T22:13:20Z', data: {} };
const rawBody = JSON.stringify(event);

/** The headers Cohort's sender puts on a delivery of `body` at `at`. */
function signed(body: string, at = now, key = secret): Record<string, string> {
  const timestamp = String(Math.floor(at / 1000));
  return {
    'Content-Type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signPayload(key, timestamp, body),
  };
}

/** Node's IncomingHttpHeaders: names lowercased. */
function lowercased(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

describe('verifyWebhook', () => {
  it('accepts a delivery signed with the secret and returns the event', () => {
    const result = verifyWebhook({ secret, headers: lowercased(signed(rawBody)), rawBody, now });
    expect(result).toEqual({ ok: true, event });
  });

  it('reads fetch Headers and raw Buffers too', () => {
    const headers = new Headers(signed(rawBody));
    expect(verifyWebhook({ secret, headers, rawBody: Buffer.from(rawBody), now }).ok).toBe(true);
  });

  it('round-trips any body, secret and time', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.jsonValue(),
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        (key, data, at) => {
          const body = JSON.stringify({ id: 'evt_x', type: 't', created_at: 'c', data });
          const result = verifyWebhook({
            secret: key,
            headers: signed(body, at, key),
            rawBody: body,
            now: at,
          });
          expect(result.ok).toBe(true);
        },
      ),
    );
  });

  it('rejects any change to the body or the timestamp', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.integer({ min: -299, max: 299 }).filter((d) => d !== 0),
        (body, other, shift) => {
          fc.pre(body !== other);
          const headers = signed(body);
          expect(verifyWebhook({ secret, headers, rawBody: other, now }).ok).toBe(false);
          const moved = {
            ...headers,
            [TIMESTAMP_HEADER]: String(Number(headers[TIMESTAMP_HEADER]) + shift),
          };
          const result = verifyWebhook({ secret, headers: moved, rawBody: body, now });
          expect(result).toEqual({ ok: false, reason: 'signature does not match' });
        },
      ),
    );
  });

  it('rejects the wrong secret', () => {
    const result = verifyWebhook({
      secret: 'whsec_other',
      headers: signed(rawBody),
      rawBody,
      now,
    });
    expect(result).toEqual({ ok: false, reason: 'signature does not match' });
  });

  it('rejects a signature carrying extra characters base64 decoding would skip', () => {
    const headers = signed(rawBody);
    const padded = { ...headers, [SIGNATURE_HEADER]: `${headers[SIGNATURE_HEADER]}!!` };
    expect(verifyWebhook({ secret, headers: padded, rawBody, now }).ok).toBe(false);
  });

  it('enforces the timestamp tolerance both ways', () => {
    const headers = signed(rawBody);
    expect(verifyWebhook({ secret, headers, rawBody, now: now + 300_000 }).ok).toBe(true);
    expect(verifyWebhook({ secret, headers, rawBody, now: now - 300_000 }).ok).toBe(true);
    expect(verifyWebhook({ secret, headers, rawBody, now: now + 301_000 })).toEqual({
      ok: false,
      reason: `${TIMESTAMP_HEADER} is more than 300 s from now`,
    });
    expect(verifyWebhook({ secret, headers, rawBody, now: now - 301_000 }).ok).toBe(false);
    expect(
      verifyWebhook({ secret, headers, rawBody, now: now + 3_000_000, toleranceSeconds: 3600 }).ok,
    ).toBe(true);
  });

  it('explains what is missing or malformed', () => {
    const headers = signed(rawBody);
    const without = (name: string) =>
      Object.fromEntries(Object.entries(headers).filter(([k]) => k !== name));
    expect(verifyWebhook({ secret, headers: without(TIMESTAMP_HEADER), rawBody, now })).toEqual({
      ok: false,
      reason: `missing ${TIMESTAMP_HEADER} header`,
    });
    expect(verifyWebhook({ secret, headers: without(SIGNATURE_HEADER), rawBody, now })).toEqual({
      ok: false,
      reason: `missing ${SIGNATURE_HEADER} header`,
    });
    const iso = { ...headers, [TIMESTAMP_HEADER]: '2023-11-14T22:13:20Z' };
    expect(verifyWebhook({ secret, headers: iso, rawBody, now }).ok).toBe(false);
    const twice = { ...lowercased(headers), 'x-service-request-signature': ['a', 'b'] };
    expect(verifyWebhook({ secret, headers: twice, rawBody, now }).ok).toBe(false);
  });

  it('refuses a correctly signed body that is not an event', () => {
    const body = '[1,2]';
    expect(verifyWebhook({ secret, headers: signed(body), rawBody: body, now })).toEqual({
      ok: false,
      reason: 'body is not a webhook event',
    });
    const notJson = 'hello';
    const timestamp = String(now / 1000);
    const headers = {
      [TIMESTAMP_HEADER]: timestamp,
      [SIGNATURE_HEADER]: signPayload(secret, timestamp, notJson),
    };
    expect(verifyWebhook({ secret, headers, rawBody: notJson, now })).toEqual({
      ok: false,
      reason: 'body is not valid JSON',
    });
  });
});
