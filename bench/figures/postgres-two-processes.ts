import { type Figure, notMeasured, thousands } from './figure.ts';
import type { ScaleOutResult } from './postgres-read.ts';

const GOAL_SPEEDUP = 1.6;

export const postgresTwoProcesses: Figure = {
  id: 'postgres_two_processes_speedup',
  label: 'the same with two `serve` processes on one PostgreSQL',
  goal: `≥ ${GOAL_SPEEDUP}x one process`,
  bench: 'scale-out',
  read: (result) => {
    const run = result as ScaleOutResult | undefined;
    if (!run) return notMeasured('not in the result');
    const speedup = run.postgresTwoProcesses / run.postgresOneProcess;
    return {
      text: `${thousands(run.postgresTwoProcesses)} req/s (${speedup.toFixed(2)}x one process)`,
      met: speedup >= GOAL_SPEEDUP,
      value: speedup,
    };
  },
};
