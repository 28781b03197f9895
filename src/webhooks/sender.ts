import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isForbiddenAddress, isLiteralAddress } from './address-policy.ts';
import { describeNetworkError, describeTimeout, FORBIDDEN_ADDRESS_CODE } from './outcome.ts';

/** How a host name is resolved; dns.lookup in production, replaceable to test DNS rebinding. */
export type Resolver = (
  hostname: string,
  options: { all: true; family?: number },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export interface SendWebhookInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Total time allowed: lookup, connect, TLS, request and response headers. */
  timeoutMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: lift the address policy for self-hosted and test set-ups. */
  allowPrivate: boolean;
  /** Bytes of the response body kept; the rest is never read. */
  maxResponseBytes?: number;
  resolve?: Resolver;
}

export interface SendWebhookResult {
  status?: number;
  retryAfter?: string;
  /** Why no status arrived, readable by the customer. */
  error?: string;
  /** The address policy refused the target, so nothing was sent. */
  refused?: boolean;
  durationMs: number;
  responseBody?: string;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = 'Cohort-Webhooks/1';

/**
 * POSTs one webhook delivery and reports what happened; it never throws for anything the network
 * or the receiver does. The address policy is enforced on the addresses the connection is actually
 * made to (the resolver's answer at connect time), so a name that resolved to a public address
 * when the subscription was made and to 127.0.0.1 now is refused. Redirects are never followed:
 * node:http does not follow them, and a 3xx is reported as it is.
 */
export function sendWebhook(input: SendWebhookInput): Promise<SendWebhookResult> {
  const started = performance.now();
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxResponseBytes = input.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const elapsed = () => Math.round(performance.now() - started);

  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({ error: 'target URL is not valid', durationMs: elapsed() });
  }
  const transport = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (transport === null) {
    return Promise.resolve({ error: 'target URL must use https or http', durationMs: elapsed() });
  }
  if (url.username !== '' || url.password !== '') {
    return Promise.resolve({
      error: 'target URL must not hold credentials',
      durationMs: elapsed(),
    });
  }
  // Node connects to a literal address without calling `lookup`, so it is checked here.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!input.allowPrivate && isLiteralAddress(url.hostname) && isForbiddenAddress(hostname)) {
    return Promise.resolve({
      error: forbiddenMessage(hostname),
      refused: true,
      durationMs: elapsed(),
    });
  }

  const body = Buffer.from(input.body);
  return new Promise((resolve) => {
    let settled = false;
    let status: number | undefined;
    let retryAfter: string | undefined;
    const chunks: Buffer[] = [];
    let kept = 0;

    const finish = (result: Omit<SendWebhookResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    const finishWithResponse = () =>
      finish({
        status,
        ...(retryAfter === undefined ? {} : { retryAfter }),
        responseBody: Buffer.concat(chunks).toString('utf8'),
      });

    // Once the status is known the attempt has its answer; a body still trickling in is cut off.
    const timer = setTimeout(() => {
      if (status !== undefined) finishWithResponse();
      else finish({ error: describeTimeout(timeoutMs) });
    }, timeoutMs);

    const request = transport.request(url, {
      method: 'POST',
      headers: {
        'User-Agent': USER_AGENT,
        'Content-Type': 'application/json',
        ...input.headers,
        'Content-Length': String(body.length),
      },
      // A fresh connection per delivery: no pooled socket outlives the lookup that vetted it, and
      // no proxy configured through the environment resolves names behind our back.
      agent: false,
      lookup: guardedLookup(input.allowPrivate, input.resolve ?? dnsLookup),
    });

    request.on('response', (response) => {
      status = response.statusCode;
      const header = response.headers['retry-after'];
      retryAfter = Array.isArray(header) ? header[0] : header;
      response.on('data', (chunk: Buffer) => {
        const room = maxResponseBytes - kept;
        if (room > 0) {
          const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
          chunks.push(piece);
          kept += piece.length;
        }
        if (kept >= maxResponseBytes) finishWithResponse();
      });
      response.on('end', finishWithResponse);
      // The connection dropping mid-body does not change the status already received.
      response.on('error', finishWithResponse);
      response.on('aborted', finishWithResponse);
    });
    request.on('error', (error) => {
      if (status !== undefined) finishWithResponse();
      else {
        finish({
          error: describeNetworkError(error),
          ...((error as NodeJS.ErrnoException).code === FORBIDDEN_ADDRESS_CODE
            ? { refused: true }
            : {}),
        });
      }
    });
    request.end(body);
  });
}

/**
 * A net `lookup` that resolves every address of the name and refuses the connection when any of
 * them is forbidden: accepting the allowed ones only would let a hostile name steer which of its
 * addresses Node tries. Honours both call shapes (`all` set by Happy Eyeballs, or a single answer).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    const family = typeof options.family === 'number' ? options.family : undefined;
    resolve(hostname, { all: true, ...(family ? { family } : {}) }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const forbidden = allowPrivate
        ? undefined
        : addresses.find((a) => isForbiddenAddress(a.address));
      if (forbidden !== undefined) {
        const refusal = Object.assign(new Error(forbiddenMessage(forbidden.address, hostname)), {
          code: FORBIDDEN_ADDRESS_CODE,
        });
        callback(refusal, '', 0);
        return;
      }
      if (addresses.length === 0) {
        callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
        return;
      }
      if (options.all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        return;
      }
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/**
 * For a name, the address it resolved to is left out: the reason reaches the customer, and it would
 * otherwise tell them what names such as `postgres` resolve to inside our network.
 */
function forbiddenMessage(address: string, hostname?: string): string {
  if (hostname !== undefined && hostname !== address) {
    return `target host ${hostname} resolves to a private, loopback or reserved address; refused`;
  }
  return `target address ${address} is private, loopback or reserved; refused`;
}
