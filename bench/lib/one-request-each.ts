import autocannon from 'autocannon';

/** What request number n sends: each participant's own path, headers and body. */
export interface EachRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface OneRequestEachResult {
  /**
   * From the first request sent to the last answer: autocannon's own duration ends on its
   * one-second tick, which made every run of 4,000 applications in bench/screening.ts last 2.0 s.
   */
  seconds: number;
  /** Each server's autocannon result, in the order of the URLs. */
  loads: autocannon.Result[];
}

/**
 * Requests 0 .. count - 1 sent once each, `connections` in flight in all, request n to server
 * n % urls.length: one autocannon per server with its share of the connections. autocannon
 * rather than fetch because the load generator shares the machine's cores with the servers:
 * fetch spent about 230 µs of CPU per application in bench/screening.ts, and 650 to 990 µs in
 * bench/scale-out.ts (docs/decisions/0197-applications-measured-with-a-lighter-client.md), CPU
 * taken from whichever server is bound by the machine's cores rather than by one thread.
 *
 * Every answer goes to `onAnswer`; a request that errs or times out fails the whole run.
 */
export async function oneRequestEach(options: {
  urls: readonly string[];
  count: number;
  connections: number;
  request: (n: number) => EachRequest;
  onAnswer?: (status: number, body: string) => void;
}): Promise<OneRequestEachResult> {
  const { urls, count, connections, request, onAnswer } = options;
  let firstSent = 0;
  let lastAnswered = 0;
  let answered = 0;
  const loads = await Promise.all(
    urls.map((url, server) => {
      // Server `server` takes the numbers n with n % urls.length === server, in order.
      const share = Math.floor(count / urls.length) + (server < count % urls.length ? 1 : 0);
      if (share === 0) return undefined;
      let sent = 0;
      return autocannon({
        url,
        connections: Math.max(1, Math.min(share, Math.round(connections / urls.length))),
        amount: share,
        requests: [
          {
            method: 'POST',
            setupRequest: (base) => {
              if (firstSent === 0) firstSent = performance.now();
              const n = server + (sent++ % share) * urls.length;
              return { ...base, ...request(n) };
            },
            onResponse: (status, body) => {
              answered++;
              lastAnswered = performance.now();
              onAnswer?.(status, body);
            },
          },
        ],
      });
    }),
  );
  const ran = loads.filter((load): load is autocannon.Result => load !== undefined);
  const errors = ran.reduce((sum, load) => sum + load.errors, 0);
  const timeouts = ran.reduce((sum, load) => sum + load.timeouts, 0);
  if (answered !== count || errors > 0 || timeouts > 0) {
    throw new Error(`${answered} of ${count} answered, ${errors} errors, ${timeouts} timeouts`);
  }
  return { seconds: (lastAnswered - firstSent) / 1000, loads: ran };
}
