import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Unmeasured load first, so every server is measured with its code compiled by V8's optimizer. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

/** Saturating load: as many requests as 50 keep-alive connections can push, after a warm-up. */
export async function saturate(
  label: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const options = { url, connections: 50, pipelining: 1, headers };
  if (WARMUP_SECONDS > 0) await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, duration: DURATION_SECONDS });
  return summarize(label, result);
}

/** Fixed-rate load, for latency at a stated throughput rather than at saturation. */
export async function atRate(
  label: string,
  url: string,
  rate: number,
  headers: Record<string, string> = {},
) {
  const result = await autocannon({
    url,
    connections: 20,
    overallRate: rate,
    duration: DURATION_SECONDS,
    headers,
  });
  return summarize(label, result);
}

function summarize(label: string, result: autocannon.Result): LoadResult {
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function printTable(title: string, rows: LoadResult[], baseline?: LoadResult) {
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(
    '| run | req/s | p50 ms | p99 ms | non-2xx | vs bare node:http |\n|---|---|---|---|---|---|\n',
  );
  for (const row of rows) {
    const ratio = baseline
      ? `${((row.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%`
      : '';
    process.stdout.write(
      `| ${row.label} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${ratio} |\n`,
    );
  }
}
