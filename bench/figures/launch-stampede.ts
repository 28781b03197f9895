import { type Figure, notMeasured, thousands } from './figure.ts';

/**
 * What a `stampede` benchmark (issue 24, item 3: 10,000 applicants within 10 s for 1,000 places,
 * with a screener and quotas) returns for this figure. Until one is registered in bench/run.ts
 * the row says so.
 */
export interface StampedeResult {
  applicants: number;
  places: number;
  placesTaken: number;
  /** Answers that were not 2xx/4xx (5xx, timeouts, resets). */
  failures: number;
  quotaCellsExact: boolean;
  p99Ms: number;
}

export const launchStampede: Figure = {
  id: 'launch_stampede',
  label: 'launch stampede: 10,000 applicants in 10 s, 1,000 places, screener and quotas',
  goal: 'no 5xx or timeouts, exactly 1,000 taken, every quota cell exact (p99 reported)',
  bench: 'stampede',
  read: (result) => {
    const run = result as StampedeResult | undefined;
    if (!run) return notMeasured('not in the result');
    return {
      text: `${thousands(run.placesTaken)} of ${thousands(run.places)} taken, ${run.failures} failed, quotas ${run.quotaCellsExact ? 'exact' : 'WRONG'}, p99 ${run.p99Ms.toFixed(0)} ms`,
      met: run.failures === 0 && run.placesTaken === run.places && run.quotaCellsExact,
      value: run.p99Ms,
    };
  },
};
