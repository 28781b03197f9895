import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, parseIPv4, parseIPv6, validateTargetUrl } from './address-policy.ts';

const FORBIDDEN_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const FORBIDDEN_V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['2001::', 32],
  ['100::', 64],
  ['64:ff9b:1::', 48],
];

function v4Text(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

function v6Full(value: bigint): string {
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) {
    groups.push(((value >> shift) & 0xffffn).toString(16));
  }
  return groups.join(':');
}

/** The WHATWG URL parser's canonical (compressed) IPv6 text, an independent formatter. */
function v6Canonical(value: bigint): string {
  return new URL(`http://[${v6Full(value)}]/`).hostname.slice(1, -1);
}

const v4InRange = ([base, prefix]: [string, number]) =>
  fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => parseIPv4(base)! + offset);

const v6InRange = ([base, prefix]: [string, number]) =>
  fc
    .bigInt({ min: 0n, max: (1n << BigInt(128 - prefix)) - 1n })
    .map((offset) => parseIPv6(base)! + offset);

/** Every IPv6 spelling that carries this IPv4 address to the wire. */
function embeddings(v4: number): string[] {
  const text = v4Text(v4);
  const hi = (v4 >>> 16).toString(16);
  const lo = (v4 & 0xffff).toString(16);
  return [
    `::ffff:${text}`,
    `::ffff:${hi}:${lo}`,
    `0:0:0:0:0:ffff:${text}`,
    `::FFFF:${text}`,
    `[::ffff:${text}]`,
    `64:ff9b::${text}`,
    `64:ff9b::${hi}:${lo}`,
    `::ffff:0:${text}`,
  ];
}

describe('isForbiddenAddress', () => {
  it('forbids every address of every forbidden IPv4 range, directly and through IPv6', () => {
    for (const range of FORBIDDEN_V4) {
      fc.assert(
        fc.property(v4InRange(range), (v4) => {
          expect(isForbiddenAddress(v4Text(v4))).toBe(true);
          for (const form of embeddings(v4)) expect(isForbiddenAddress(form)).toBe(true);
          expect(isForbiddenAddress(`::${v4Text(v4)}`)).toBe(true);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('forbids every address of every forbidden IPv6 range, in full and compressed text', () => {
    for (const range of FORBIDDEN_V6) {
      fc.assert(
        fc.property(v6InRange(range), (v6) => {
          expect(isForbiddenAddress(v6Full(v6))).toBe(true);
          expect(isForbiddenAddress(v6Canonical(v6))).toBe(true);
        }),
        { numRuns: 200 },
      );
    }
  });

  it('judges an IPv4 address the same whichever form carries it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (v4) => {
        const direct = isForbiddenAddress(v4Text(v4));
        for (const form of embeddings(v4)) expect(isForbiddenAddress(form)).toBe(direct);
      }),
      { numRuns: 2000 },
    );
  });

  it('names the usual suspects', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '255.255.255.255',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      'fe80::1%eth0',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      '::127.0.0.1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '2001:db8::1',
      'ff02::1',
    ]) {
      expect(isForbiddenAddress(ip), ip).toBe(true);
    }
  });

  it('allows public addresses', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '192.169.0.1',
      '2606:4700::1111',
      '2001:4860:4860::8888',
      '[2606:4700::1111]',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(isForbiddenAddress(ip), ip).toBe(false);
    }
  });

  it('refuses anything that is not an address', () => {
    for (const text of [
      '',
      'localhost',
      'example.com',
      '127.1',
      '0x7f.0.0.1',
      '0177.0.0.1',
      '1.2.3.4.5',
      '256.1.1.1',
      ':::',
      '1::2::3',
      '::ffff:1.2.3',
      'g::1',
    ]) {
      expect(isForbiddenAddress(text), text).toBe(true);
    }
  });
});

describe('parseIPv6', () => {
  it('reads back any address from its full and compressed text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), (v6) => {
        expect(parseIPv6(v6Full(v6))).toBe(v6);
        expect(parseIPv6(v6Canonical(v6))).toBe(v6);
      }),
    );
  });

  it('rejects malformed text', () => {
    for (const text of [
      '',
      ':',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      '1::2::3',
      ':1::',
      '::1:',
      '1:2:3:4:5:6:7:1.2.3.4',
    ]) {
      expect(parseIPv6(text), text).toBeNull();
    }
  });
});

describe('validateTargetUrl', () => {
  const strict = { allowPrivate: false };
  const lenient = { allowPrivate: true };

  it('accepts public https and http URLs', () => {
    expect(validateTargetUrl('https://hooks.example.com/cohort?x=1', strict)).toEqual([]);
    expect(validateTargetUrl('http://8.8.8.8:8080/in', strict)).toEqual([]);
    expect(validateTargetUrl('https://[2606:4700::1111]/in', strict)).toEqual([]);
  });

  it('refuses other schemes, relative URLs and credentials', () => {
    expect(validateTargetUrl('ftp://example.com/', strict)).toEqual([
      { message: 'target_url must use https or http' },
    ]);
    expect(validateTargetUrl('file:///etc/passwd', strict)).toHaveLength(1);
    expect(validateTargetUrl('/hooks', strict)).toHaveLength(1);
    expect(validateTargetUrl('https://user:pw@example.com/', strict)).toEqual([
      { message: 'target_url must not contain a user name or password' },
    ]);
    expect(validateTargetUrl('https://user@example.com/', lenient)).toHaveLength(1);
    expect(validateTargetUrl(`https://example.com/${'a'.repeat(3000)}`, strict)).toHaveLength(1);
  });

  it('refuses literal private addresses in every spelling the URL parser accepts', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[64:ff9b::169.254.169.254]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'https://10.0.0.5:8443/',
    ]) {
      expect(validateTargetUrl(url, strict), url).toHaveLength(1);
      expect(validateTargetUrl(url, lenient), url).toEqual([]);
    }
  });

  it('refuses localhost names unless private targets are allowed', () => {
    for (const url of ['http://localhost:3000/', 'http://LOCALHOST./', 'http://api.localhost/']) {
      expect(validateTargetUrl(url, strict), url).toEqual([
        { message: 'target_url must not point to localhost' },
      ]);
      expect(validateTargetUrl(url, lenient), url).toEqual([]);
    }
  });
});
