import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Against the baseline of a comparison: the median of the paired slices' ratios. */
  ratio?: number;
  /** Each slice's ratio, in the order taken: their spread is the figure's uncertainty. */
  sliceRatios?: number[];
}

/** A server to drive: its URL and the headers every request carries (and a body, for a POST). */
export interface Target {
  label: string;
  url: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/** Each target's measured time under saturating load, split into slices taken in turn. */
const MEASURED_SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 6));
/** Unmeasured load first, so every server is measured with its code compiled by V8's optimizer. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

const saturating = (target: Target, duration: number) =>
  autocannon({
    url: target.url,
    connections: 50,
    pipelining: 1,
    headers: target.headers ?? {},
    method: target.method ?? 'GET',
    body: target.body,
    duration,
  });

/**
 * Saturating load (as many requests as 50 keep-alive connections can push) on a baseline and the
 * subjects compared with it, in short slices taken in turn: baseline, each subject, baseline, ...
 * On a shared machine whose speed drifts by a third from one minute to the next, consecutive
 * slices run under the same conditions, so each subject's ratio is the median of its slices'
 * ratios to the baseline slice just before them. Requests/s sum all slices; p50 is the median
 * slice's and p99 the worst slice's.
 */
export async function compareSaturated(
  baseline: Target,
  subjects: Target[],
  options: {
    /**
     * Awaited after each subject's run: a route whose requests take tens of milliseconds still
     * holds a backlog of 50 when the load stops, which would otherwise run into the next slice.
     */
    settle?: () => Promise<void>;
  } = {},
): Promise<{ baseline: LoadResult; subjects: LoadResult[] }> {
  const targets = [baseline, ...subjects];
  const run = async (target: Target, seconds: number) => {
    const result = await saturating(target, seconds);
    if (target !== baseline) await options.settle?.();
    return result;
  };
  if (WARMUP_SECONDS > 0) {
    for (const target of targets) await run(target, WARMUP_SECONDS);
  }
  const sliceSeconds = Math.max(1, Math.round(MEASURED_SECONDS / SLICES));
  const slices: autocannon.Result[][] = targets.map(() => []);
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [index, target] of targets.entries()) {
      slices[index]!.push(await run(target, sliceSeconds));
    }
  }
  const [baseSlices, ...subjectSlices] = slices as [autocannon.Result[], ...autocannon.Result[][]];
  return {
    baseline: combine(baseline.label, baseSlices),
    subjects: subjectSlices.map((own, index) => {
      const sliceRatios = own.map(
        (result, slice) => perSecond(result) / perSecond(baseSlices[slice]!),
      );
      return { ...combine(subjects[index]!.label, own), ratio: median(sliceRatios), sliceRatios };
    }),
  };
}

/** Fixed-rate load, for latency at a stated throughput rather than at saturation. */
export async function atRate(target: Target, rate: number): Promise<LoadResult> {
  const result = await autocannon({
    url: target.url,
    connections: 20,
    overallRate: rate,
    duration: MEASURED_SECONDS,
    headers: target.headers ?? {},
  });
  return combine(target.label, [result]);
}

const perSecond = (result: autocannon.Result) => result.requests.total / result.duration;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function combine(label: string, results: autocannon.Result[]): LoadResult {
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const seconds = results.reduce((sum, result) => sum + result.duration, 0);
  return {
    label,
    requestsPerSecond: Math.round(requests / seconds),
    p50: median(results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

/** A markdown table; rows with a ratio show it as a share of the baseline's requests/s. */
export function printTable(title: string, rows: LoadResult[]) {
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(
    '| run | req/s | p50 ms | p99 ms | non-2xx | vs bare node:http |\n|---|---|---|---|---|---|\n',
  );
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
  for (const row of rows) {
    let ratio = row.ratio === undefined ? '' : percent(row.ratio);
    if (row.sliceRatios && row.sliceRatios.length > 1) {
      const sorted = [...row.sliceRatios].sort((a, b) => a - b);
      ratio += ` (slices ${percent(sorted[0]!)} to ${percent(sorted.at(-1)!)})`;
    }
    process.stdout.write(
      `| ${row.label} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.non2xx} | ${ratio} |\n`,
    );
  }
}

/** The comparison's table: the baseline first, then each subject with its ratio. */
export function printComparison(
  title: string,
  { baseline, subjects }: { baseline: LoadResult; subjects: LoadResult[] },
) {
  printTable(`${title}, ${SLICES} slices each in turn`, [baseline, ...subjects]);
}
