/**
 * One figure of the issue 24 table (`npm run bench` prints them all, each with its goal): which
 * benchmark measures it and how to read it from that benchmark's result. A figure lives in its
 * own module in this folder, listed in index.ts; a new benchmark plugs in by registering under
 * the name its figures give (bench/run.ts) and returning what their `read` takes.
 */
export interface Reading {
  /** As shown in the table, e.g. `64.2%` or `1,209/s, p99 83 ms`. */
  text: string;
  /** Whether the goal is met; undefined when it cannot be told (nothing measured). */
  met: boolean | undefined;
  /** The figure as a number, for --json (the ratio, the rate, the milliseconds, ...). */
  value?: number;
}

export interface Figure {
  id: string;
  label: string;
  goal: string;
  /** The benchmark (a name in bench/run.ts) whose result `read` takes. */
  bench: string;
  read(result: unknown): Reading;
}

export const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
export const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

/** A reading for a figure the benchmark ran without measuring (an engine not configured). */
export const notMeasured = (why: string): Reading => ({ text: why, met: undefined });

/** The ratio-to-bare-node:http figures of bench/lib/read-and-list.ts. */
export function ratioFigure(
  id: string,
  label: string,
  bench: string,
  which: 'cohortOne' | 'cohortList',
  goal: number,
): Figure {
  return {
    id,
    label,
    goal: `≥ ${percent(goal)}`,
    bench,
    read: (result) => {
      const measured = (result as Record<typeof which, { ratio?: number }>)[which];
      const ratio = measured?.ratio;
      if (ratio === undefined) return notMeasured('no ratio');
      return { text: percent(ratio), met: ratio >= goal, value: ratio };
    },
  };
}
