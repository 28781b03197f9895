import type { StartFigures } from '../startup.ts';
import { type Figure, notMeasured } from './figure.ts';

const GOAL_MB = 150;
const MB_PER_MIB = 1.048576;

/** bench/startup.ts: `cohort serve` at rest on an existing data folder (the usual restart). */
export const residentMemory: Figure = {
  id: 'serve_rss_at_rest_mb',
  label: 'resident memory of `cohort serve` at rest',
  goal: `≤ ${GOAL_MB} MB`,
  bench: 'startup',
  read: (result) => {
    const run = result as { fresh: StartFigures; existing: StartFigures } | undefined;
    if (!run) return notMeasured('not in the result');
    // The startup benchmark measures MiB (VmRSS); the goal is in MB.
    const worst = Math.max(run.fresh.restRssMb, run.existing.restRssMb) * MB_PER_MIB;
    const withGeography = run.existing.geographyRssMb * MB_PER_MIB;
    return {
      text: `${worst.toFixed(0)} MB (${withGeography.toFixed(0)} MB once the geography is read)`,
      met: worst <= GOAL_MB,
      value: worst,
    };
  },
};
