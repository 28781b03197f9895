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
 * when the subscription was made and to 127.0.0.1 now is refused (on every new connection; a kept
 * one stays with the address checked when it opened). Redirects are never followed:
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
  const agent = agentFor(transport, input.allowPrivate, input.resolve ?? dnsLookup);
  const deadline = started + timeoutMs;
  const send = (): Promise<Omit<SendWebhookResult, 'durationMs'> & { staleSocket?: boolean }> =>
    attempt(transport, agent, url, input.headers, body, deadline, timeoutMs, maxResponseBytes);
  return send().then(async (result) => {
    // A kept-alive connection the receiver closed as we reused it: the request never reached it
    // (no status), so it goes once more, on a new connection, within the same total time.
    const final = result.staleSocket && performance.now() < deadline ? await send() : result;
    const { staleSocket: _, ...reported } = final;
    return { ...reported, durationMs: elapsed() };
  });
}

/**
 * Connections kept alive between deliveries, one pool per transport and address policy (and
 * resolver, which tests replace). Every new connection runs the guarded lookup, so the policy is
 * checked on each address connected to; a kept connection stays with the address it was checked
 * for. docs/decisions/0128-webhook-deliveries-on-kept-alive-connections.md: a fresh connection per
 * delivery cost more than the rest of the delivery. A pooled agent of our own is never a proxy
 * configured through the environment.
 */
const agents = new WeakMap<Resolver, Map<string, http.Agent>>();

/** Idle kept connections close after this: below the 5 s idle timeout of Node's own servers. */
const IDLE_SOCKET_MS = 4_000;

function agentFor(transport: typeof http | typeof https, allowPrivate: boolean, resolve: Resolver) {
  let byKey = agents.get(resolve);
  if (!byKey) {
    byKey = new Map();
    agents.set(resolve, byKey);
  }
  const key = `${transport === https ? 'https' : 'http'}:${allowPrivate}`;
  let agent = byKey.get(key);
  if (!agent) {
    const options = {
      keepAlive: true,
      timeout: IDLE_SOCKET_MS,
      scheduling: 'lifo' as const,
      lookup: guardedLookup(allowPrivate, resolve),
    };
    agent = transport === https ? new https.Agent(options) : new http.Agent(options);
    byKey.set(key, agent);
  }
  return agent;
}

const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

function attempt(
  transport: typeof http | typeof https,
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  body: Buffer,
  deadline: number,
  timeoutMs: number,
  maxResponseBytes: number,
): Promise<Omit<SendWebhookResult, 'durationMs'> & { staleSocket?: boolean }> {
  return new Promise((resolve) => {
    let settled = false;
    let status: number | undefined;
    let retryAfter: string | undefined;
    const chunks: Buffer[] = [];
    let kept = 0;

    // `keep`: the response ended normally, so the connection goes back to the pool.
    const finish = (
      result: Omit<SendWebhookResult, 'durationMs'> & { staleSocket?: boolean },
      keep = false,
    ) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!keep) request.destroy();
      resolve(result);
    };
    const finishWithResponse = (keep = false) =>
      finish(
        {
          status,
          ...(retryAfter === undefined ? {} : { retryAfter }),
          responseBody: Buffer.concat(chunks).toString('utf8'),
        },
        keep,
      );

    // Once the status is known the attempt has its answer; a body still trickling in is cut off.
    const timer = setTimeout(
      () => {
        if (status !== undefined) finishWithResponse();
        else finish({ error: describeTimeout(timeoutMs) });
      },
      Math.max(0, deadline - performance.now()),
    );

    const request = transport.request(url, {
      method: 'POST',
      headers: {
        'User-Agent': USER_AGENT,
        'Content-Type': 'application/json',
        ...headers,
        'Content-Length': String(body.length),
      },
      agent,
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
      response.on('end', () => finishWithResponse(true));
      // The connection dropping mid-body does not change the status already received.
      response.on('error', () => finishWithResponse());
      response.on('aborted', () => finishWithResponse());
    });
    request.on('error', (error) => {
      if (status !== undefined) finishWithResponse();
      else {
        const code = (error as NodeJS.ErrnoException).code;
        finish({
          error: describeNetworkError(error),
          ...(code === FORBIDDEN_ADDRESS_CODE ? { refused: true } : {}),
          ...(request.reusedSocket && code !== undefined && STALE_SOCKET_CODES.has(code)
            ? { staleSocket: true }
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
