import { createHmac } from 'node:crypto';

/**
 * Quality flags (docs/decisions/0082-one-account-per-mailbox.md): signs a researcher weighs before
 * deciding, never refusals. Pure.
 *
 * - `shared_network`: another application to the same opportunity came from the same network
 *   address and browser (user agent) within the hour. A lab's computers share one address, so
 *   this is not refused; the researcher decides.
 */
export const QUALITY_FLAGS = ['shared_network'] as const;
export type QualityFlag = (typeof QUALITY_FLAGS)[number];

/** Applications from one network and browser this close together share a network. */
export const SHARED_NETWORK_WINDOW_MS = 60 * 60 * 1000;

/** Where an application came from, as the HTTP layer saw it. */
export interface ApplicationClient {
  address: string;
  userAgent: string;
}

/** `::ffff:192.0.2.1` is 192.0.2.1; IPv6 letters compare without case. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
}

/**
 * A keyed hash (HMAC-SHA256) of the address and user agent: equal for equal clients, and without
 * the installation's key it cannot be turned back into an address by trying them all. The address
 * itself is personal data and is never stored.
 */
export function networkFingerprint(key: string, client: ApplicationClient): string {
  return createHmac('sha256', key)
    .update(`${normalizeAddress(client.address)}\n${client.userAgent.trim()}`)
    .digest('base64url');
}

/** The earliest creation time (ISO) an earlier application may have to share the network. */
export function sharedNetworkSince(now: Date): string {
  return new Date(now.getTime() - SHARED_NETWORK_WINDOW_MS).toISOString();
}

/**
 * The flags stored as JSON, read back as stored: QUALITY_FLAGS's first, then any others, as the
 * database adds them (src/submissions/store.ts, flagLatestOfNetwork); unknown ones kept.
 */
export function parseQualityFlags(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((flag) => typeof flag === 'string') : [];
}
