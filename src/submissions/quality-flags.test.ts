import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  networkFingerprint,
  normalizeAddress,
  parseQualityFlags,
  QUALITY_FLAGS,
  SHARED_NETWORK_WINDOW_MS,
  sharedNetworkSince,
} from './quality-flags.ts';

const ipv4 = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255))
  .map((parts) => parts.join('.'));
const userAgent = fc.string({ minLength: 1, maxLength: 60 }).map((s) => `Mozilla/5.0 ${s}`);
const key = fc.string({ minLength: 16, maxLength: 40 });

describe('networkFingerprint', () => {
  it('never contains the address, and is the same for the same address and browser', () => {
    fc.assert(
      fc.property(key, ipv4, userAgent, (k, address, agent) => {
        const fingerprint = networkFingerprint(k, { address, userAgent: agent });
        expect(fingerprint).not.toContain(address);
        expect(fingerprint).toMatch(/^[\w-]{43}$/);
        expect(networkFingerprint(k, { address, userAgent: agent })).toBe(fingerprint);
      }),
    );
  });

  it('differs for another address, another browser or another key', () => {
    fc.assert(
      fc.property(key, key, ipv4, ipv4, userAgent, userAgent, (k1, k2, a1, a2, u1, u2) => {
        const base = networkFingerprint(k1, { address: a1, userAgent: u1 });
        if (a1 !== a2)
          expect(networkFingerprint(k1, { address: a2, userAgent: u1 })).not.toBe(base);
        if (u1.trim() !== u2.trim()) {
          expect(networkFingerprint(k1, { address: a1, userAgent: u2 })).not.toBe(base);
        }
        if (k1 !== k2)
          expect(networkFingerprint(k2, { address: a1, userAgent: u1 })).not.toBe(base);
      }),
    );
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 one, and IPv6 without case', () => {
    expect(normalizeAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
    const agent = 'Mozilla/5.0 (X11; Linux x86_64)';
    expect(networkFingerprint('k', { address: '::FFFF:192.0.2.7', userAgent: agent })).toBe(
      networkFingerprint('k', { address: '192.0.2.7', userAgent: agent }),
    );
  });
});

describe('quality flags', () => {
  it('the window starts an hour before now', () => {
    const now = new Date('2025-03-01T12:00:00.000Z');
    expect(sharedNetworkSince(now)).toBe('2025-03-01T11:00:00.000Z');
    expect(SHARED_NETWORK_WINDOW_MS).toBe(3_600_000);
  });

  it('reads back the flags stored, and nothing from anything but a list', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...QUALITY_FLAGS, 'other')), (flags) => {
        expect(parseQualityFlags(JSON.stringify(flags))).toEqual(flags);
      }),
    );
    expect(parseQualityFlags('[]')).toEqual([]);
    expect(parseQualityFlags('{"not":"a list"}')).toEqual([]);
  });
});
