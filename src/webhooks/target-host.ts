import { lookup as dnsLookup } from 'node:dns';
import { isForbiddenAddress, isLiteralAddress } from './address-policy.ts';
import type { Resolver } from './sender.ts';

const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * The create-time look at a target host name: a name that resolves to a private, loopback or
 * metadata address now is refused at once rather than at the first attempt. A name that does not
 * resolve (yet) is accepted: the confirmation ping reports it, and every attempt checks again
 * at connect time, which is what stops DNS rebinding.
 */
export async function forbiddenHostIssue(
  targetUrl: string,
  resolve: Resolver = dnsLookup as unknown as Resolver,
): Promise<{ message: string } | undefined> {
  let hostname: string;
  try {
    hostname = new URL(targetUrl).hostname;
  } catch {
    return undefined;
  }
  if (hostname === '' || isLiteralAddress(hostname)) return undefined;
  const addresses = await new Promise<string[]>((done) => {
    const timer = setTimeout(() => done([]), LOOKUP_TIMEOUT_MS);
    resolve(hostname, { all: true }, (error, found) => {
      clearTimeout(timer);
      done(error ? [] : found.map((entry) => entry.address));
    });
  });
  if (!addresses.some(isForbiddenAddress)) return undefined;
  return {
    message: `target_url host ${hostname} resolves to a private, loopback or reserved address`,
  };
}
