import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { quietLog } from '../fixtures/quiet-log.ts';
import { openScratchPostgres } from '../fixtures/scratch-postgres.ts';
import { submissionFixture } from '../fixtures/submission.ts';
import { loadConfig } from '../src/config.ts';
import { createOrganization } from '../src/organizations/store.ts';
import {
  type Database,
  type Engine,
  migrateToLatest,
  openSqlite,
} from '../src/platform/db/database.ts';
import { writeEvent } from '../src/platform/events/outbox.ts';
import { newId } from '../src/platform/ids.ts';
import type { JobContext } from '../src/platform/jobs/define.ts';
import { Worker } from '../src/platform/jobs/worker.ts';
import { changeSubmissionStatus } from '../src/submissions/status-change.ts';
import { webhookDeliveryJob } from '../src/webhooks/delivery.job.ts';
import { webhookFanOutJob } from '../src/webhooks/fan-out.job.ts';
import { sealSecret } from '../src/webhooks/secret-at-rest.ts';
import { createSubscription, markConfirmed } from '../src/webhooks/subscriptions.store.ts';
import { cpuMs } from './lib/proc-stats.ts';
import { startBareServer } from './lib/processes.ts';
import { countStatements } from './lib/statement-counter.ts';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 4000);
const LATENCY_SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 100);

/**
 * Webhook delivery: how many deliveries per second running workers push to a local receiver (a
 * separate bare node:http process answering 200), each event an outbox row read by the recurring
 * fan-out job, a delivery job, and a POST on a kept-alive connection; and how long a submission
 * status change takes to reach a receiver with a worker running as `cohort serve` runs it (woken
 * by the commit, commit-signals.ts). On the embedded database, and on PostgreSQL too when
 * BENCH_DATABASE_URL is set (a database is created there for the run and dropped after).
 * Each throughput run also reports CPU per delivery of this process (where the workers run) and
 * of the run's PostgreSQL backends, and statements per delivery
 * (docs/decisions/0130-webhook-deliveries-in-batched-statements.md). BENCH_WEBHOOK_ENGINES
 * (sqlite,postgres) picks engines, BENCH_WEBHOOK_STATEMENTS=1 lists the statements,
 * BENCH_WEBHOOK_SAMPLES=0 skips the latency runs, BENCH_LOG=1 prints the workers' warnings.
 */
export async function benchWebhooks() {
  const engines = (
    (process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']) as Engine[]
  ).filter((engine) => (process.env.BENCH_WEBHOOK_ENGINES ?? engine).split(',').includes(engine));
  const receiver = await startBareServer('{}');
  const rows: string[] = [];
  const statementRows: string[] = [];
  const throughputRuns: { engine: Engine; workers: number; perSecond: number }[] = [];
  try {
    for (const engine of engines) {
      for (const workers of engine === 'sqlite' ? [1] : [1, 2]) {
        const result = await throughput(engine, receiver.url, workers);
        throughputRuns.push({ engine, workers, perSecond: result.perSecond });
        const run = `${engine}, ${workers} worker${workers > 1 ? 's' : ''}`;
        rows.push(
          `| ${run} | ${EVENTS} | ${result.perSecond} | ${result.seconds.toFixed(2)} | ${result.workerCpuMsPerDelivery.toFixed(3)} | ${result.databaseCpuMsPerDelivery?.toFixed(3) ?? 'n/a'} | ${result.statementsPerDelivery.toFixed(2)} |`,
        );
        statementRows.push(
          ...result.statements.map(
            ([text, { count, ms }]) =>
              `| ${run} | \`${text}\` | ${(count / EVENTS).toFixed(3)} | ${engine === 'sqlite' ? ((ms * 1000) / EVENTS).toFixed(1) : 'n/a'} |`,
          ),
        );
      }
    }
  } finally {
    await receiver.stop();
  }
  process.stdout.write(
    `\nDeliveries to a local receiver (each event: outbox row, recurring fan-out job, delivery job, a POST on a kept-alive connection), workers as \`cohort serve\` runs them; CPU per delivery of the worker process (user + system, the benchmark's own polling included) and of its PostgreSQL backends\n| run | events | deliveries/s | seconds | worker CPU ms/delivery | database CPU ms/delivery | statements/delivery |\n|---|---|---|---|---|---|---|\n${rows.join('\n')}\n`,
  );
  if (process.env.BENCH_WEBHOOK_STATEMENTS) {
    process.stdout.write(
      `\nStatements per delivery by their first words\n| run | statement | per delivery | us per delivery |\n|---|---|---|---|\n${statementRows.join('\n')}\n`,
    );
  }
  const latency: string[] = [];
  const latencyRuns: ({ engine: Engine } & Awaited<ReturnType<typeof statusChangeToDelivery>>)[] =
    [];
  // BENCH_WEBHOOK_SAMPLES=0 measures throughput alone (profiling).
  for (const engine of LATENCY_SAMPLES > 0 ? engines : []) {
    const delays = await statusChangeToDelivery(engine);
    latencyRuns.push({ engine, ...delays });
    latency.push(`| ${engine} | ${delays.p50} | ${delays.p99} | ${delays.max} |`);
  }
  if (latency.length > 0)
    process.stdout.write(
      `\nStatus change to delivery with a running worker (woken by the commit), ${LATENCY_SAMPLES} changes at random moments\n| engine | p50 ms | p99 ms | max ms |\n|---|---|---|---|\n${latency.join('\n')}\n`,
    );
  // Read by bench/figures/webhook-deliveries.ts and status-to-delivery.ts.
  return { throughput: throughputRuns, latency: latencyRuns };
}

async function openBenchDatabase(engine: Engine): Promise<Database> {
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-bench-hooks-'));
    const database = openSqlite(path.join(dir, 'cohort.sqlite'));
    await migrateToLatest(database.db);
    return database;
  }
  return openScratchPostgres(
    new URL(process.env.BENCH_DATABASE_URL ?? ''),
    'cohort_bench_hooks_',
    20,
  );
}

async function world(engine: Engine, targetUrl: string) {
  const database = await openBenchDatabase(engine);
  const config = { ...loadConfig({}), webhookAllowPrivate: true };
  const organization = await createOrganization(database.db, {
    name: 'Bench',
    platformFeeCents: 200,
  });
  const now = new Date().toISOString();
  const id = newId('webhook');
  const subscription = await createSubscription(database.db, organization.id, {
    id,
    targetUrl,
    eventTypes: ['submission.status.change'],
    sealedSecret: sealSecret(config, id, 'whsec_bench'),
    now,
  });
  await markConfirmed(database.db, organization.id, subscription.id, now);
  const context: JobContext = {
    database,
    config,
    log: process.env.BENCH_LOG
      ? {
          info() {},
          warn: (o: unknown) => console.error(o),
          error: (o: unknown) => console.error(o),
        }
      : quietLog,
    now: () => new Date(),
  };
  const definitions = [webhookFanOutJob, webhookDeliveryJob];
  return { database, organization, context, definitions };
}

async function throughput(engine: Engine, receiverUrl: string, workers: number) {
  const { database, organization, context, definitions } = await world(engine, receiverUrl);
  try {
    for (let i = 0; i < EVENTS; i += 100) {
      await database.db.transaction().execute(async (trx) => {
        for (let j = i; j < Math.min(EVENTS, i + 100); j++) {
          await writeEvent(trx, organization.id, {
            type: 'submission.status.change',
            data: { submission_id: `sub_${j}`, previous_status: 'in_progress', status: 'approved' },
          });
        }
      });
    }
    const backends = await backendCpu(database);
    const statements = countStatements();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const running = Array.from({ length: workers }, () => new Worker(context, { definitions }));
    for (const worker of running) worker.start();
    const delivered = async () =>
      Number(
        (
          await database.db
            .selectFrom('webhook_deliveries')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'delivered')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deadline = started + 300_000;
    while ((await delivered()) < EVENTS) {
      if (performance.now() > deadline)
        throw new Error(`delivered ${await delivered()} of ${EVENTS}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const databaseCpuMs = await backendCpu(database, backends);
    statements.stop();
    await Promise.all(running.map((worker) => worker.stop()));
    // The benchmark's own count of delivered rows is left out.
    const counted = statements.take().filter(([text]) => !text.startsWith('select count(*)'));
    return {
      seconds,
      perSecond: Math.round(EVENTS / seconds),
      workerCpuMsPerDelivery: (cpu.user + cpu.system) / 1000 / EVENTS,
      databaseCpuMsPerDelivery: databaseCpuMs === undefined ? undefined : databaseCpuMs / EVENTS,
      statementsPerDelivery: counted.reduce((sum, [, { count }]) => sum + count, 0) / EVENTS,
      statements: counted,
    };
  } finally {
    await database.destroy();
  }
}

/**
 * CPU used so far by the PostgreSQL backends serving this run's database (when the server is on
 * this machine and /proc shows them), in ms; with `since`, the CPU used since those readings (a
 * backend that has ended meanwhile is not counted). Undefined on the embedded database, whose work
 * is the worker process's own.
 */
async function backendCpu(database: Database): Promise<Map<number, number>>;
async function backendCpu(
  database: Database,
  since: Map<number, number>,
): Promise<number | undefined>;
async function backendCpu(database: Database, since?: Map<number, number>) {
  const readings = new Map<number, number>();
  if (database.engine === 'postgres') {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database()
    `.execute(database.db);
    for (const { pid } of rows) {
      try {
        readings.set(pid, cpuMs(pid));
      } catch {
        // Not on this machine, or gone.
      }
    }
  }
  if (!since) return readings;
  if (readings.size === 0) return undefined;
  let total = 0;
  for (const [pid, ms] of readings) total += ms - (since.get(pid) ?? 0);
  return total;
}

async function statusChangeToDelivery(engine: Engine) {
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const receiver = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const at = performance.now();
    const submissionId = JSON.parse(Buffer.concat(chunks).toString()).data.submission_id;
    arrivals.set(submissionId, at);
    res.writeHead(204).end();
    waiting.get(submissionId)?.();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const { database, organization, context, definitions } = await world(engine, url);
  const worker = new Worker(context, { definitions });
  worker.start();
  const delays: number[] = [];
  try {
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const submission = await submissionFixture(database.db, organization.id);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
      const arrived = new Promise<void>((resolve) => waiting.set(submission.id, resolve));
      const changedAt = performance.now();
      await database.db
        .transaction()
        .execute((trx) => changeSubmissionStatus(trx, submission, 'in_progress'));
      await arrived;
      delays.push((arrivals.get(submission.id) ?? Number.NaN) - changedAt);
    }
  } finally {
    await worker.stop();
    await database.destroy();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
  delays.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]!);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(delays[delays.length - 1]!) };
}
