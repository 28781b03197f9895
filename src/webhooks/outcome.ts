import { parseRetryAfter } from './retry-schedule.ts';

export interface DeliveryResponse {
  /** HTTP status received, absent when no response arrived. */
  status?: number;
  /** Why no response arrived, already human-readable (see describeNetworkError). */
  error?: string;
  /** The raw Retry-After header. */
  retryAfter?: string;
  now?: number;
}

export type DeliveryOutcome =
  | { kind: 'delivered' }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'disable'; reason: string };

/**
 * What one attempt means for the delivery and its subscription (docs/webhooks.md, "Retries and
 * what your answer means"). The reasons
 * are shown to customers: in the delivery log and in the 412 of a failed confirmation.
 */
export function classifyDeliveryResponse(response: DeliveryResponse): DeliveryOutcome {
  const { status } = response;
  if (status === undefined) {
    return { kind: 'retry', reason: response.error ?? 'no response from receiver' };
  }
  if (status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 410) {
    return { kind: 'disable', reason: 'receiver answered 410 Gone: the endpoint is retired' };
  }
  if (status >= 300 && status < 400) {
    return { kind: 'retry', reason: `receiver answered ${status} (redirects are not followed)` };
  }
  if (status === 429 || status === 503) {
    const retryAfterMs = parseRetryAfter(response.retryAfter, response.now);
    const reason = `receiver answered ${status}`;
    return retryAfterMs === null
      ? { kind: 'retry', reason }
      : { kind: 'retry', reason, retryAfterMs };
  }
  return { kind: 'retry', reason: `receiver answered ${status}` };
}

/** The error code the sender gives a connection refused by the address policy. */
export const FORBIDDEN_ADDRESS_CODE = 'ERR_WEBHOOK_FORBIDDEN_ADDRESS';

/**
 * Turns a Node network error into the reason a customer reads. Only codes are interpreted; the
 * message of an unknown error is not shown, as it can carry internal details.
 */
export function describeNetworkError(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : '';
  switch (code) {
    case FORBIDDEN_ADDRESS_CODE:
      return message;
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection reset by receiver';
    case 'ENOTFOUND':
    case 'EAI_NONAME':
      return 'host name not found';
    case 'EAI_AGAIN':
      return 'host name lookup failed temporarily';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'receiver unreachable';
    case 'ETIMEDOUT':
      return 'connection timed out';
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_STATUS':
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_HEADER_OVERFLOW':
      return 'receiver sent an invalid HTTP response';
    default:
      if (code !== undefined && isTlsCode(code)) {
        return `TLS handshake failed (${code})`;
      }
      return code ? `network error (${code})` : 'network error';
  }
}

function isTlsCode(code: string): boolean {
  return /^(EPROTO$|ERR_TLS|ERR_SSL)|CERT|SELF_SIGNED|LEAF_SIGNATURE|HOSTNAME_MISMATCH/.test(code);
}

export function describeTimeout(timeoutMs: number): string {
  return `timed out after ${timeoutMs / 1000} s`;
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
