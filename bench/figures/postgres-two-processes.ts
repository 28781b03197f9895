import { type Figure, notMeasured, thousands } from './figure.ts';
import type { ScaleOutResult } from './postgres-read.ts';

const GOAL_SPEEDUP = 1.6;

/**
 * Read with each process held to a share of a core: on this 2-core machine two unbounded `serve`
 * processes share the cores with PostgreSQL and the load generator, so their ratio measures the
 * machine (docs/decisions/0135-scale-out-measured-on-held-and-pinned-processes.md). The unbounded
 * ratio stays in the text beside it.
 */
export const postgresTwoProcesses: Figure = {
  id: 'postgres_two_processes_speedup',
  label: 'the same with two `serve` processes on one PostgreSQL',
  goal: `≥ ${GOAL_SPEEDUP}x one process`,
  bench: 'scale-out',
  read: (result) => {
    const run = result as ScaleOutResult | undefined;
    if (!run) return notMeasured('not in the result');
    const unbounded = `unbounded on 2 shared cores ${(run.postgresTwoProcesses / run.postgresOneProcess).toFixed(2)}x`;
    if (typeof run.held === 'string') {
      return notMeasured(`${unbounded}; held to a share of a core: not measured (${run.held})`);
    }
    const {
      share,
      oneProcess,
      twoProcesses,
      oneKeyOneProcess,
      oneKeyTwoProcesses,
      oneKeyTwoProcessesSameTotal,
    } = run.held;
    const sameTotal = oneKeyTwoProcessesSameTotal / oneKeyOneProcess;
    // One key, as the row above it: the harder case, every request counting on one row.
    const speedup = oneKeyTwoProcesses / oneKeyOneProcess;
    return {
      text: `${speedup.toFixed(2)}x with each held to ${share} of a core and offered one process's load (${thousands(oneKeyOneProcess)} to ${thousands(oneKeyTwoProcesses)} req/s; ten keys ${(twoProcesses / oneProcess).toFixed(2)}x; ${sameTotal.toFixed(2)}x sharing one process's load); ${unbounded}`,
      met: speedup >= GOAL_SPEEDUP,
      value: speedup,
    };
  },
};
