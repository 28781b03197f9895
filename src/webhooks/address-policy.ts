/**
 * Which addresses a webhook may be sent to (docs/webhooks.md, "Where Cohort will not send"). A
 * customer chooses
 * the target URL, so without this a subscription could make Cohort's workers call the cloud
 * metadata service, the database or anything else on the private network.
 *
 * Pure: the sender applies `isForbiddenAddress` to every address a name resolves to, at connect
 * time, and `validateTargetUrl` checks what can be checked when a subscription is created.
 */

type Cidr4 = readonly [base: number, prefix: number];
type Cidr6 = readonly [base: bigint, prefix: number];

const V4_FORBIDDEN: readonly Cidr4[] = [
  cidr4('0.0.0.0', 8), // "this network", unspecified
  cidr4('10.0.0.0', 8), // private
  cidr4('100.64.0.0', 10), // shared address space (CGNAT)
  cidr4('127.0.0.0', 8), // loopback
  cidr4('169.254.0.0', 16), // link-local, including the 169.254.169.254 metadata service
  cidr4('172.16.0.0', 12), // private
  cidr4('192.0.0.0', 24), // IETF protocol assignments
  cidr4('192.0.2.0', 24), // documentation (TEST-NET-1)
  cidr4('192.88.99.0', 24), // deprecated 6to4 relay anycast
  cidr4('192.168.0.0', 16), // private
  cidr4('198.18.0.0', 15), // benchmarking
  cidr4('198.51.100.0', 24), // documentation (TEST-NET-2)
  cidr4('203.0.113.0', 24), // documentation (TEST-NET-3)
  cidr4('224.0.0.0', 4), // multicast
  cidr4('240.0.0.0', 4), // reserved, including 255.255.255.255 broadcast
];

/** Ranges whose low 32 bits are an IPv4 address the packet really goes to. */
const V6_EMBEDDING_V4: readonly Cidr6[] = [
  cidr6('::ffff:0:0', 96), // IPv4-mapped
  cidr6('::ffff:0:0:0', 96), // IPv4-translated (SIIT)
  cidr6('64:ff9b::', 96), // NAT64 well-known prefix
];

/**
 * Within global unicast (2000::/3), the special-purpose blocks. Everything outside 2000::/3 is
 * refused outright (loopback, unspecified, IPv4-compatible, unique-local fc00::/7 with the
 * fd00:ec2::254 metadata address, link-local fe80::/10, site-local, multicast, discard, NAT64
 * local-use 64:ff9b:1::/48), except the embeddings above, which are judged by their IPv4 address.
 */
const V6_FORBIDDEN_IN_GLOBAL: readonly Cidr6[] = [
  cidr6('2001::', 23), // IETF protocol assignments: Teredo, benchmarking 2001:2::/48, ORCHID
  cidr6('2001:db8::', 32), // documentation
  cidr6('3fff::', 20), // documentation (RFC 9637)
];
const V6_GLOBAL_UNICAST = cidr6('2000::', 3);
const V6_6TO4 = cidr6('2002::', 16);

/**
 * True when a webhook must not be sent to `ip`. Anything that is not a plain IPv4 dotted quad or
 * an IPv6 address (zone ids included, as those are link-local) is forbidden: when in doubt, refuse.
 */
export function isForbiddenAddress(ip: string): boolean {
  const text = ip.trim();
  const v4 = parseIPv4(text);
  if (v4 !== null) return isForbiddenV4(v4);
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (unbracketed.includes('%')) return true;
  const v6 = parseIPv6(unbracketed);
  if (v6 === null) return true;
  return isForbiddenV6(v6);
}

function isForbiddenV4(address: number): boolean {
  return V4_FORBIDDEN.some((range) => inCidr4(address, range));
}

function isForbiddenV6(address: bigint): boolean {
  for (const range of V6_EMBEDDING_V4) {
    if (inCidr6(address, range)) return isForbiddenV4(Number(address & 0xffffffffn));
  }
  if (!inCidr6(address, V6_GLOBAL_UNICAST)) return true;
  if (V6_FORBIDDEN_IN_GLOBAL.some((range) => inCidr6(address, range))) return true;
  // 6to4 routes to the IPv4 address in bits 16 to 48.
  if (inCidr6(address, V6_6TO4)) return isForbiddenV4(Number((address >> 80n) & 0xffffffffn));
  return false;
}

export interface TargetUrlOptions {
  /** WEBHOOK_ALLOW_PRIVATE: self-hosted and test set-ups may target their own network. */
  allowPrivate: boolean;
}

export const MAX_TARGET_URL_LENGTH = 2048;

/**
 * What can be known about a target URL before any lookup: scheme, credentials, and hosts that are
 * literal addresses or `localhost`. Names are checked again on every send, against the addresses
 * they resolve to then. Returns the contract's `issues` (empty when acceptable).
 */
export function validateTargetUrl(url: string, options: TargetUrlOptions): { message: string }[] {
  if (url.length > MAX_TARGET_URL_LENGTH) {
    return [{ message: `target_url must be at most ${MAX_TARGET_URL_LENGTH} characters` }];
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [{ message: 'target_url must be an absolute http or https URL' }];
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return [{ message: 'target_url must use https or http' }];
  }
  const issues: { message: string }[] = [];
  if (parsed.username !== '' || parsed.password !== '') {
    issues.push({ message: 'target_url must not contain a user name or password' });
  }
  const host = parsed.hostname;
  if (host === '') {
    issues.push({ message: 'target_url must name a host' });
  } else if (!options.allowPrivate) {
    if (isLiteralAddress(host) && isForbiddenAddress(host)) {
      issues.push({ message: `target_url points to a private or reserved address (${host})` });
    } else if (isLocalhostName(host)) {
      issues.push({ message: 'target_url must not point to localhost' });
    }
  }
  return issues;
}

/** The URL parser has already turned 0x7f.1, 2130706433 and friends into dotted quads. */
export function isLiteralAddress(hostname: string): boolean {
  if (parseIPv4(hostname) !== null) return true;
  return hostname.startsWith('[') && hostname.endsWith(']');
}

/** RFC 6761: localhost and every name under it resolve to loopback. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Strict dotted quad: the other historic forms never come out of a resolver or the URL parser. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/** RFC 4291 text forms, including `::` compression and a trailing dotted quad. */
export function parseIPv6(text: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  let body = text;
  let tail: number[] = [];
  const lastColon = body.lastIndexOf(':');
  if (body.includes('.')) {
    const v4 = parseIPv4(body.slice(lastColon + 1));
    if (v4 === null || lastColon < 0) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    body = body.slice(0, lastColon + 1);
    // "::1.2.3.4" leaves "::", "64:ff9b::1.2.3.4" leaves "64:ff9b::", "::ffff:1.2.3.4" leaves
    // "::ffff:"
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  const explicit = head.length + rest.length + tail.length;
  let groups: number[];
  if (halves.length === 2) {
    if (explicit > 7) return null;
    groups = [...head, ...new Array<number>(8 - explicit).fill(0), ...rest, ...tail];
  } else {
    if (explicit !== 8) return null;
    groups = [...head, ...tail];
  }
  let value = 0n;
  for (const group of groups) value = (value << 16n) | BigInt(group);
  return value;
}

function parseGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups: number[] = [];
  for (const part of text.split(':')) {
    if (!/^[0-9a-f]{1,4}$/i.test(part)) return null;
    groups.push(Number.parseInt(part, 16));
  }
  return groups;
}

function cidr4(base: string, prefix: number): Cidr4 {
  const value = parseIPv4(base);
  if (value === null) throw new Error(`bad IPv4 range ${base}`);
  return [value, prefix];
}

function cidr6(base: string, prefix: number): Cidr6 {
  const value = parseIPv6(base);
  if (value === null) throw new Error(`bad IPv6 range ${base}`);
  return [value, prefix];
}

function inCidr4(address: number, [base, prefix]: Cidr4): boolean {
  const size = 2 ** (32 - prefix);
  return Math.floor(address / size) === Math.floor(base / size);
}

function inCidr6(address: bigint, [base, prefix]: Cidr6): boolean {
  const shift = BigInt(128 - prefix);
  return address >> shift === base >> shift;
}
