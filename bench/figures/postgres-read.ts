import { type Figure, notMeasured, percent, thousands } from './figure.ts';

/**
 * What a `scale-out` benchmark (issue 24, item 5: `cohort serve` on PostgreSQL, one process and
 * two) returns for these figures to read. Until one is registered in bench/run.ts the rows say so.
 */
export interface ScaleOutResult {
  /** GET /v2/projects/{id}, requests/s: one `serve` on PostgreSQL, and the same read on SQLite. */
  postgresOneProcess: number;
  sqliteOneProcess: number;
  /**
   * PostgreSQL's rate over SQLite's, the median of slices taken in turn (bench/scale-out.ts,
   * pairedWithSqlite); absent, the ratio of the two rates.
   */
  postgresShare?: number;
  /** The same read with two `serve` processes on one PostgreSQL. */
  postgresTwoProcesses: number;
  /**
   * The same with each `serve` process held to `share` of a core (bench/lib/cpu-budget.ts), so
   * the processes rather than the machine's two shared cores are the limit, each offered the
   * connections one unbounded process gets: reads of ten keys and of one, requests/s (the
   * applications are in the benchmark's own table). Or why this machine could not hold them.
   */
  held:
    | {
        share: number;
        oneProcess: number;
        twoProcesses: number;
        oneKeyOneProcess: number;
        oneKeyTwoProcesses: number;
        /** Two processes offered one process's connections between them. */
        oneKeyTwoProcessesSameTotal: number;
      }
    | string;
}

const GOAL_SHARE = 0.5;

export const postgresRead: Figure = {
  id: 'postgres_project_read_share_of_sqlite',
  label: '`GET /v2/projects/{id}` on PostgreSQL, one `serve` process',
  goal: `≥ ${percent(GOAL_SHARE)} of the SQLite figure`,
  bench: 'scale-out',
  read: (result) => {
    const run = result as ScaleOutResult | undefined;
    if (!run) return notMeasured('not in the result');
    const share = run.postgresShare ?? run.postgresOneProcess / run.sqliteOneProcess;
    return {
      text: `${thousands(run.postgresOneProcess)} req/s (${percent(share)} of SQLite's ${thousands(run.sqliteOneProcess)})`,
      met: share >= GOAL_SHARE,
      value: share,
    };
  },
};
