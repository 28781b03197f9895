/** How the client waits out a 429. */
export interface RetryOptions {
  /** Further attempts after the first 429; 0 turns waiting off. Default 3. */
  maxRetries?: number;
  /**
   * The longest single wait the client accepts, in milliseconds. A Retry-After beyond it is not
   * waited for: the 429 comes back to the caller at once. Default 120,000 (the contract's quiet
   * period is 60 seconds, so its waits fit).
   */
  maxWaitMs?: number;
  /** Called before each wait, e.g. to log it. */
  onRetry?: (info: { attempt: number; waitMs: number; request: Request }) => void;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * Milliseconds a Retry-After value asks for: delay-seconds or an HTTP date (RFC 9110 10.2.3);
 * undefined when absent or unreadable.
 */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month; Date.parse alone would read "-5" as a year.
  if (!/^[A-Za-z]{3,9},? /.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * A fetch that waits out 429 answers as their Retry-After says, up to `maxRetries` times. A 429 is
 * a refusal before anything ran (the contract counts it as no request), so sending the same
 * request again, a POST included, cannot act twice. Without a usable Retry-After the 429 is
 * returned, since any guess could extend nothing but the caller's wait.
 */
export function retryingFetch(
  fetchImpl: (request: Request) => Promise<Response>,
  options: RetryOptions & { sleep?: Sleep } = {},
): (request: Request) => Promise<Response> {
  const { maxRetries = 3, maxWaitMs = 120_000, onRetry, sleep: wait = sleep } = options;
  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      // The body of a Request can be read once: every attempt sends a fresh copy.
      const response = await fetchImpl(attempt > maxRetries ? request : request.clone());
      if (response.status !== 429 || attempt > maxRetries) return response;
      const waitMs = retryAfterMs(response.headers.get('retry-after'));
      if (waitMs === undefined || waitMs > maxWaitMs) return response;
      // Free the refused response's connection before waiting.
      await response.body?.cancel();
      onRetry?.({ attempt, waitMs, request });
      await wait(waitMs, request.signal);
    }
  };
}
