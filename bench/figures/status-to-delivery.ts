import { type Figure, notMeasured } from './figure.ts';

const GOAL_P99_MS = 100;

/** What bench/webhooks.ts returns of its latency runs. */
export interface DeliveryLatency {
  engine: string;
  p50: number;
  p99: number;
  max: number;
}

/** The worst engine's p99: the goal holds on both. */
export const statusToDelivery: Figure = {
  id: 'status_change_to_delivery_p99_ms',
  label: 'status change to delivery, healthy receiver',
  goal: `p99 ≤ ${GOAL_P99_MS} ms on both engines`,
  bench: 'webhooks',
  read: (result) => {
    const runs = (result as { latency?: DeliveryLatency[] } | undefined)?.latency ?? [];
    if (runs.length === 0) return notMeasured('not in the result');
    const text = runs.map((run) => `${run.engine} p50 ${run.p50} / p99 ${run.p99} ms`).join('; ');
    const worst = Math.max(...runs.map((run) => run.p99));
    const both = runs.some((run) => run.engine === 'postgres');
    return {
      text: both ? text : `${text} (PostgreSQL not run)`,
      met: both ? worst <= GOAL_P99_MS : worst <= GOAL_P99_MS ? undefined : false,
      value: worst,
    };
  },
};
