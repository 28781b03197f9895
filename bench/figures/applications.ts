import { type Figure, notMeasured, thousands } from './figure.ts';

const GOAL_PER_SECOND = 2500;
const GOAL_P99_MS = 60;

/** bench/screening.ts: applications over HTTP on the embedded database, 50 in flight. */
export const applications: Figure = {
  id: 'applications_sqlite_per_second',
  label: 'applications accepted over HTTP, SQLite, 50 in flight',
  goal: `≥ ${thousands(GOAL_PER_SECOND)}/s, p99 < ${GOAL_P99_MS} ms`,
  bench: 'screening',
  read: (result) => {
    const http = (
      result as { http?: { acceptedPerSecond: number; p99Ms?: number; serverCpuUs?: number } }
    ).http;
    if (!http) return notMeasured('no HTTP run');
    const p99 = http.p99Ms ?? Number.NaN;
    const cpu = http.serverCpuUs === undefined ? '' : ` (server CPU ${http.serverCpuUs} µs each)`;
    return {
      text: `${thousands(http.acceptedPerSecond)}/s, p99 ${p99.toFixed(0)} ms${cpu}`,
      met: http.acceptedPerSecond >= GOAL_PER_SECOND && p99 < GOAL_P99_MS,
      value: http.acceptedPerSecond,
    };
  },
};
