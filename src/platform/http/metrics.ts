import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import { jobQueueStats } from '../jobs/store.ts';
import { hookList } from './hook-list.ts';

/**
 * What became of one webhook delivery attempt. The webhook sender increments it:
 * `webhookDeliveryOutcomes.inc({ outcome: 'delivered' })`.
 *
 * - delivered: the receiver answered 2xx
 * - retrying: the attempt failed and another is scheduled
 * - failed: the attempt failed and no attempt is left (the delivery is failed for good)
 * - refused: the target address is not allowed (private, loopback, ...), so nothing was sent
 */
export const WEBHOOK_DELIVERY_OUTCOMES = ['delivered', 'retrying', 'failed', 'refused'] as const;
export type WebhookDeliveryOutcome = (typeof WEBHOOK_DELIVERY_OUTCOMES)[number];

/**
 * Process-wide: deliveries happen in the process's worker, whichever app (if any) serves its
 * metrics. Every app registry registers this same counter.
 */
export const webhookDeliveryOutcomes = new Counter<'outcome'>({
  name: 'cohort_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (delivered, retrying, failed, refused)',
  labelNames: ['outcome'],
  registers: [],
});
// Every outcome is a series from the start, so rate() sees the first increment.
for (const outcome of WEBHOOK_DELIVERY_OUTCOMES) webhookDeliveryOutcomes.inc({ outcome }, 0);

let processRegistry: Registry | undefined;

/** Node's own metrics (heap, event loop lag, GC, handles) once per process, not once per app. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds; API requests mostly take 1 to 50 ms, so the low end is finer than prom-client's default. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests that matched no route share one label, so a scan of random URLs adds no series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** One route, method and status: its request count, latency sum and latency buckets. */
interface Series {
  labels: string;
  count: number;
  sum: number;
  /** Per bucket, not cumulative; the last slot is above the highest bound (+Inf). */
  buckets: Float64Array;
}

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Request counts and latencies, kept in plain numbers. prom-client's labelled observe() builds a
 * label object and a hash string on every call (about 40 times the cost of these additions), and
 * this runs on every request; the text exposition is written here at scrape time instead.
 */
class RequestMetrics {
  readonly #byRoute = new Map<string, Map<string, Map<number, Series>>>();
  readonly #all: Series[] = [];

  record(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.#byRoute.get(route);
    if (!byMethod) {
      byMethod = new Map();
      this.#byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: `route="${escapeLabel(route)}",method="${escapeLabel(method)}",status_code="${status}"`,
        count: 0,
        sum: 0,
        buckets: new Float64Array(LATENCY_BUCKETS.length + 1),
      };
      byStatus.set(status, series);
      this.#all.push(series);
    }
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    series.buckets[bucket]!++;
    series.count++;
    series.sum += seconds;
  }

  /** Prometheus text format 0.0.4. */
  render(): string {
    const lines = [
      '# HELP http_requests_total HTTP requests by route pattern, method and status code',
      '# TYPE http_requests_total counter',
    ];
    for (const series of this.#all)
      lines.push(`http_requests_total{${series.labels}} ${series.count}`);
    lines.push(
      '# HELP http_request_duration_seconds HTTP request latency in seconds, from the request arriving to the response sent',
      '# TYPE http_request_duration_seconds histogram',
    );
    for (const series of this.#all) {
      let cumulative = 0;
      for (let i = 0; i < LATENCY_BUCKETS.length; i++) {
        cumulative += series.buckets[i]!;
        lines.push(
          `http_request_duration_seconds_bucket{${series.labels},le="${LATENCY_BUCKETS[i]}"} ${cumulative}`,
        );
      }
      lines.push(
        `http_request_duration_seconds_bucket{${series.labels},le="+Inf"} ${series.count}`,
        `http_request_duration_seconds_sum{${series.labels}} ${series.sum}`,
        `http_request_duration_seconds_count{${series.labels}} ${series.count}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }
}

export interface AppMetrics {
  /** The Prometheus text of this app and its process. */
  render(): Promise<string>;
  contentType: string;
}

/**
 * Request metrics for one app, and the job queue gauges of its database. The response hook finds
 * its series in nested maps keyed by values Fastify already holds (the route pattern, the method,
 * the status number), so a request allocates nothing after the first of its kind.
 */
export function registerMetrics(
  app: FastifyInstance,
  { database, clock }: { database: Database; clock: () => number },
): AppMetrics {
  const registry = new Registry();
  const jobsPending = new Gauge({
    name: 'cohort_jobs_pending',
    help: 'Jobs waiting to run (due now or scheduled later, retries included)',
    registers: [registry],
  });
  const oldestDueAge = new Gauge({
    name: 'cohort_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has been waiting; 0 when no job is due',
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'cohort_database_up',
    help: 'Whether the last scrape could read the database (1) or not (0)',
    registers: [registry],
  });
  registry.registerMetric(webhookDeliveryOutcomes);

  const requests = new RequestMetrics();
  // Each route records under its own pattern, known when it is registered; reading it back from
  // the request would build Fastify's route options object on every request.
  app.addHook('onRoute', (route) => {
    const pattern = route.url;
    const record: onResponseHookHandler = (request, reply, done) => {
      requests.record(pattern, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [...hookList(route.onResponse), record];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      requests.record(UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime / 1000);
    }
    done();
  });

  const refreshJobGauges = async () => {
    try {
      const stats = await jobQueueStats(database.db);
      jobsPending.set(stats.pending);
      const waitingMs = stats.oldestRunAt ? clock() - Date.parse(stats.oldestRunAt) : 0;
      oldestDueAge.set(Math.max(0, waitingMs) / 1000);
      databaseUp.set(1);
    } catch (error) {
      // A scrape still answers when the database is down: that is when the metrics matter.
      app.log.warn({ err: error }, 'metrics: reading the job queue failed');
      databaseUp.set(0);
    }
  };

  return {
    contentType: registry.contentType,
    async render() {
      await refreshJobGauges();
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${requests.render()}\n${own}\n${process}`;
    },
  };
}
