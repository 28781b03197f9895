import type { StartFigures } from '../startup.ts';
import { type Figure, notMeasured } from './figure.ts';

const GOAL_MS = 1000;

/** bench/startup.ts: spawn to the first successful /readyz, the slower of a fresh and an existing data folder. */
export const startToListening: Figure = {
  id: 'serve_start_to_listening_ms',
  label: 'start to listening',
  goal: `≤ ${GOAL_MS / 1000} s`,
  bench: 'startup',
  read: (result) => {
    const run = result as { fresh: StartFigures; existing: StartFigures } | undefined;
    if (!run) return notMeasured('not in the result');
    const worst = Math.max(run.fresh.startMs, run.existing.startMs);
    return {
      text: `${run.fresh.startMs.toFixed(0)} ms fresh, ${run.existing.startMs.toFixed(0)} ms existing`,
      met: worst <= GOAL_MS,
      value: worst,
    };
  },
};
