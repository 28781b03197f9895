import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyDeliveryResponse,
  describeNetworkError,
  describeTimeout,
  FORBIDDEN_ADDRESS_CODE,
} from './outcome.ts';

function errno(code: string, message = `internal detail ${code} 10.0.0.7:5432`) {
  return Object.assign(new Error(message), { code });
}

describe('classifyDeliveryResponse', () => {
  it('counts every 2xx as delivered', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 299 }), (status) => {
        expect(classifyDeliveryResponse({ status })).toEqual({ kind: 'delivered' });
      }),
    );
  });

  it('counts a redirect as a failure to retry, saying it was not followed', () => {
    expect(classifyDeliveryResponse({ status: 301 })).toEqual({
      kind: 'retry',
      reason: 'receiver answered 301 (redirects are not followed)',
    });
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 399 }), (status) => {
        expect(classifyDeliveryResponse({ status }).kind).toBe('retry');
      }),
    );
  });

  it('disables the subscription on 410 Gone', () => {
    const outcome = classifyDeliveryResponse({ status: 410 });
    expect(outcome.kind).toBe('disable');
    expect(outcome.kind === 'disable' && outcome.reason).toMatch(/410/);
  });

  it('retries other statuses, naming the status', () => {
    expect(classifyDeliveryResponse({ status: 500 })).toEqual({
      kind: 'retry',
      reason: 'receiver answered 500',
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }).filter((s) => (s < 200 || s >= 300) && s !== 410),
        (status) => {
          expect(classifyDeliveryResponse({ status })).toMatchObject({
            kind: 'retry',
            reason: expect.stringContaining(`receiver answered ${status}`),
          });
        },
      ),
    );
  });

  it('honours Retry-After on 429 and 503 only', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(classifyDeliveryResponse({ status: 429, retryAfter: '30' })).toEqual({
      kind: 'retry',
      reason: 'receiver answered 429',
      retryAfterMs: 30_000,
    });
    expect(
      classifyDeliveryResponse({ status: 503, retryAfter: 'Wed, 01 Jan 2025 00:01:00 GMT', now }),
    ).toMatchObject({ retryAfterMs: 60_000 });
    expect(classifyDeliveryResponse({ status: 429 })).toEqual({
      kind: 'retry',
      reason: 'receiver answered 429',
    });
    expect(classifyDeliveryResponse({ status: 500, retryAfter: '30' })).not.toHaveProperty(
      'retryAfterMs',
    );
  });

  it('retries when no response came, with the reason the sender gave', () => {
    expect(classifyDeliveryResponse({ error: 'timed out after 15 s' })).toEqual({
      kind: 'retry',
      reason: 'timed out after 15 s',
    });
    expect(classifyDeliveryResponse({})).toEqual({
      kind: 'retry',
      reason: 'no response from receiver',
    });
  });
});

describe('describeNetworkError', () => {
  it('gives readable reasons without leaking the error message', () => {
    expect(describeNetworkError(errno('ECONNREFUSED'))).toBe('connection refused');
    expect(describeNetworkError(errno('ECONNRESET'))).toBe('connection reset by receiver');
    expect(describeNetworkError(errno('ENOTFOUND'))).toBe('host name not found');
    expect(describeNetworkError(errno('CERT_HAS_EXPIRED'))).toBe(
      'TLS handshake failed (CERT_HAS_EXPIRED)',
    );
    expect(describeNetworkError(errno('UNABLE_TO_VERIFY_LEAF_SIGNATURE'))).toMatch(/^TLS/);
    expect(describeNetworkError(errno('EPROTO'))).toBe('TLS handshake failed (EPROTO)');
    expect(describeNetworkError(errno('EWHATEVER'))).toBe('network error (EWHATEVER)');
    expect(describeNetworkError(new Error('secret stuff'))).toBe('network error');
    expect(describeNetworkError('nonsense')).toBe('network error');
  });

  it('passes the address policy refusal through as written', () => {
    expect(describeNetworkError(errno(FORBIDDEN_ADDRESS_CODE, 'target address 10.0.0.1 ...'))).toBe(
      'target address 10.0.0.1 ...',
    );
  });

  it('describes timeouts in seconds', () => {
    expect(describeTimeout(15_000)).toBe('timed out after 15 s');
    expect(describeTimeout(250)).toBe('timed out after 0.25 s');
  });
});
