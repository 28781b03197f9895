import { type Figure, notMeasured, thousands } from './figure.ts';

/**
 * What the `stampede` benchmark (bench/stampede.ts; issue 24, item 3: 10,000 applicants within
 * 10 s for 1,000 places, with a screener and quotas) returns: its run on the embedded database,
 * with PostgreSQL's run beside it when one was made.
 */
export interface StampedeResult {
  applicants: number;
  places: number;
  placesTaken: number;
  /** Answers that were not 2xx/4xx (5xx, timeouts, resets). */
  failures: number;
  quotaCellsExact: boolean;
  p99Ms: number;
  postgres?: StampedeResult;
}

const readRun = (run: StampedeResult | undefined) => {
  if (!run) return notMeasured('not in the result');
  return {
    text: `${thousands(run.placesTaken)} of ${thousands(run.places)} taken, ${run.failures} failed, quotas ${run.quotaCellsExact ? 'exact' : 'WRONG'}, p99 ${run.p99Ms.toFixed(0)} ms`,
    met: run.failures === 0 && run.placesTaken === run.places && run.quotaCellsExact,
    value: run.p99Ms,
  };
};

export const launchStampede: Figure = {
  id: 'launch_stampede',
  label: 'launch stampede: 10,000 applicants in 10 s, 1,000 places, screener and quotas',
  goal: 'no 5xx or timeouts, exactly 1,000 taken, every quota cell exact (p99 reported)',
  bench: 'stampede',
  read: (result) => readRun(result as StampedeResult | undefined),
};

export const launchStampedePostgres: Figure = {
  id: 'launch_stampede_postgres',
  label: 'the same launch stampede on PostgreSQL (default durability)',
  goal: 'no 5xx or timeouts, exactly 1,000 taken, every quota cell exact (p99 reported)',
  bench: 'stampede',
  read: (result) => readRun((result as StampedeResult | undefined)?.postgres),
};
