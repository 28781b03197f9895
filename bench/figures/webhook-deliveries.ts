import { type Figure, notMeasured, thousands } from './figure.ts';

/** What bench/webhooks.ts returns of its throughput runs. */
export interface DeliveryRun {
  engine: string;
  workers: number;
  perSecond: number;
}

function deliveries(engine: string, workers: number, goal: number, label: string): Figure {
  return {
    id: `webhook_deliveries_${engine}_${workers}_worker${workers > 1 ? 's' : ''}`,
    label,
    goal: `≥ ${thousands(goal)}/s`,
    bench: 'webhooks',
    read: (result) => {
      const runs = (result as { throughput?: DeliveryRun[] } | undefined)?.throughput ?? [];
      const run = runs.find((one) => one.engine === engine && one.workers === workers);
      if (!run) {
        return notMeasured(
          engine === 'postgres' ? 'not run (set BENCH_DATABASE_URL)' : 'not in the result',
        );
      }
      return {
        text: `${thousands(run.perSecond)}/s`,
        met: run.perSecond >= goal,
        value: run.perSecond,
      };
    },
  };
}

export const webhookDeliveriesSqlite = deliveries(
  'sqlite',
  1,
  2000,
  'webhook deliveries, SQLite, one worker',
);
export const webhookDeliveriesPostgres = deliveries(
  'postgres',
  2,
  1000,
  'webhook deliveries, PostgreSQL, two workers',
);
