/**
 * Scale-out on PostgreSQL (issue "Speed and footprint", item 5): one `cohort worker` and one, then
 * two, `cohort serve --no-worker` processes against one throwaway PostgreSQL cluster with its
 * default durability (fsync and synchronous commit on, scripts/postgres.ts), on this machine's
 * cores shared with the database. Reported: `GET /v2/projects/{id}` with one key and with ten
 * keys, applications accepted over HTTP, and the same read on the embedded database for the ratio
 * the issue asks for; beside each read, the CPU per request of the serve processes, PostgreSQL's
 * and the load generator's, the transactions per request and the machine's idle share
 * (docs/decisions/0132-rate-limit-counted-with-the-key-lookup.md, for what they showed). Then the
 * same with each serve process held to a share of a core (bench/lib/cpu-budget.ts) and kept on a
 * core apart from PostgreSQL and the load generator (bench/lib/cpu-affinity.ts), where the
 * processes rather than the two shared cores are the limit
 * (docs/decisions/0135-scale-out-measured-on-held-and-pinned-processes.md). Applications are also
 * taken by the SQLite reference in the same run, for issue 37's goal (two PostgreSQL processes at
 * half of SQLite's rate or more, at most two transactions per application;
 * docs/decisions/0176-applications-on-postgresql-in-two-transactions.md).
 * BENCH_SCALE_APPLICATIONS_ONLY=1 measures applications alone. In `npm run bench scale-out`, or
 * alone: ./node_modules/.bin/node bench/scale-out.ts
 */

import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { postgresForRun, type RunDatabase } from '../scripts/postgres.ts';
import { recordLedgerEntry } from '../src/finance/ledger.ts';
import { createApiKey, createOrganization } from '../src/organizations/index.ts';
import { seededRandom, simulatedProfile } from '../src/participants/simulated-panel.ts';
import { migrateToLatest, openPostgres } from '../src/platform/db/database.ts';
import type { ScaleOutResult } from './figures/postgres-read.ts';
import { cpuPlacement } from './lib/cpu-affinity.ts';
import { type CpuBudget, cpuBudgets } from './lib/cpu-budget.ts';
import { creditStartedCohort } from './lib/credit.ts';
import { median } from './lib/load.ts';
import { oneRequestEach } from './lib/one-request-each.ts';
import { cpuMs, idleShareSince, machineTicks } from './lib/proc-stats.ts';
import { cohortCommand, freePort, type Started, startChild, startCohort } from './lib/processes.ts';

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 6);
const CONNECTIONS = 50;
// Enough that the first few hundred milliseconds of a process just started (its pool's connections
// opening, the application path compiled) are not most of the run, as they were with 500.
const APPLICANTS = Number(process.env.BENCH_SCALE_APPLICANTS ?? 2000);
/**
 * Applications each process takes, unmeasured, before its first measured run: bench/screening.ts's
 * warm-up, for the same reason (V8 compiles the path first, and on PostgreSQL each pooled
 * connection prepares its statements). Per process: with 500 for the set, each of two processes
 * took 250, and their first measured round was the slowest in most runs
 * (docs/decisions/0200-applications-in-one-message.md).
 */
const WARM_UP = Number(process.env.BENCH_SCALE_WARM_UP ?? 500);
/**
 * The share of a core each `serve` process is held to in the second half of the run
 * (bench/lib/cpu-budget.ts). Two held processes share one core (0.8 of it), and what PostgreSQL
 * and the load generator spend for their requests must fit in the other with room to spare, or
 * the machine is the limit again: at 7 µs of PostgreSQL and ~15 µs of autocannon against ~25 µs
 * of serve per read, about 0.7 of it.
 */
const CPU_SHARE = Number(process.env.BENCH_SCALE_CPU_SHARE ?? 0.4);
/**
 * Connections offered to each held process: the 50 the unbounded runs give one process, so two
 * processes are offered twice the load of one, as they would be when a deployment adds a process
 * because its load doubled. The reads of a process's concurrent requests share statements, so its
 * CPU per request depends on how many it has in flight (serve 21-23 µs at 100 connections, 25 at
 * 50, 37 at 25, held to 0.4 of a core): two processes sharing one process's 50 connections
 * measure that loss of batching as much as scaling. That run is reported beside it.
 */
const HELD_CONNECTIONS = Number(process.env.BENCH_SCALE_HELD_CONNECTIONS ?? CONNECTIONS);

const note = (line: string) => process.stderr.write(`scale-out: ${line}\n`);
const KEYS = 10;
/** Applications alone: the SQLite reference's, then one and two PostgreSQL processes'. */
const APPLICATIONS_ONLY = process.env.BENCH_SCALE_APPLICATIONS_ONLY === '1';
/** Issue 37, item 6: two processes on PostgreSQL at half of SQLite's rate, two transactions each. */
const GOAL_APPLICATION_SHARE = 0.5;
const GOAL_TRANSACTIONS_PER_APPLICATION = 2;

export async function benchScaleOut(): Promise<ScaleOutResult> {
  if (!Number.isInteger(APPLICANTS) || APPLICANTS < 1) {
    throw new Error(
      `BENCH_SCALE_APPLICANTS must be a whole number of at least 1, not ${APPLICANTS}`,
    );
  }
  if (!Number.isInteger(WARM_UP) || WARM_UP < 0) {
    throw new Error(`BENCH_SCALE_WARM_UP must be a whole number of at least 0, not ${WARM_UP}`);
  }
  const reference = await sqliteReference();
  // BENCH_DATABASE_URL: a fresh database on that server (e.g. a cluster started with
  // pg_stat_statements for a profile), dropped after; else a throwaway cluster, durable.
  const cluster = await postgresForRun({
    server: process.env.BENCH_DATABASE_URL,
    prefix: 'cohort_scale_',
    durable: true,
  });
  const started: Started[] = [];
  try {
    const world = await seed(cluster.url);
    const workerProcess = await worker(cluster.url);
    started.push(workerProcess);
    const one = [await serve(cluster.url)];
    started.push(...one);
    if (APPLICATIONS_ONLY) {
      const oneApply = await applyLoad(cluster.url, one, world.keys[0]!, 'one');
      note(`one process, applications ${describe(oneApply)}`);
      const two = [...one, await serve(cluster.url)];
      started.push(two[1]!);
      const rounds = await applicationRounds(reference, cluster, two, world.keys[0]!, started);
      writeApplications(oneApply, rounds);
      return {
        sqliteOneProcess: Number.NaN,
        postgresOneProcess: Number.NaN,
        postgresTwoProcesses: Number.NaN,
        held: 'not measured: BENCH_SCALE_APPLICATIONS_ONLY',
      };
    }
    const paired = await pairedWithSqlite(reference, cluster.url, one, world.projectId, world.keys);
    const { sqlite, postgres: oneKey, shares } = paired;
    const sqliteRead = sqlite.rate;
    const share = median(shares);
    note(`SQLite read ${Math.round(sqliteRead)}/s, serve ${Math.round(sqlite.serveUs)} µs`);
    note(`one process, one key ${describe(oneKey)}`);
    const tenKeys = await readLoad(cluster.url, one, world.projectId, world.keys);
    note(`one process, ten keys ${describe(tenKeys)}`);
    const oneApply = await applyLoad(cluster.url, one, world.keys[0]!, 'one');
    note(`one process, applications ${describe(oneApply)}`);
    const two = [...one, await serve(cluster.url)];
    started.push(two[1]!);
    const twoOneKey = await readLoad(cluster.url, two, world.projectId, world.keys.slice(0, 1));
    note(`two processes, one key ${describe(twoOneKey)}`);
    const twoTenKeys = await readLoad(cluster.url, two, world.projectId, world.keys);
    note(`two processes, ten keys ${describe(twoTenKeys)}`);
    const rounds = await applicationRounds(reference, cluster, two, world.keys[0]!, started);
    const twoApply = combined(rounds.map((round) => round.tcp));
    await reference.stop();
    const held = await heldToShares(cluster.url, two, workerProcess, world.projectId, world.keys);

    const rows = [
      ['GET /v2/projects/{id}, PostgreSQL, one key', oneKey, twoOneKey],
      ['GET /v2/projects/{id}, PostgreSQL, ten keys', tenKeys, twoTenKeys],
    ] as const;
    process.stdout.write(
      `\nScale-out: one worker and one, then two, serve processes on one PostgreSQL (default durability), ${CONNECTIONS} connections, ${SECONDS} s; ${os.cpus().length} cores shared with the database and the load generator\n| workload | one process /s | two processes /s | two vs one | serve CPU µs/request (one; two) | PostgreSQL CPU µs/request (one; two) | transactions/request (one; two) |\n|---|---|---|---|---|---|---|\n| GET /v2/projects/{id}, SQLite, one process (reference) | ${Math.round(sqliteRead)} | | | ${Math.round(sqlite.serveUs)} | | |\n`,
    );
    for (const [label, first, second] of rows) {
      process.stdout.write(
        `| ${label} | ${Math.round(first.rate)} | ${Math.round(second.rate)} | ${(second.rate / first.rate).toFixed(2)}x | ${Math.round(first.serveUs)}; ${Math.round(second.serveUs)} | ${Math.round(first.postgresUs)}; ${Math.round(second.postgresUs)} | ${first.transactions.toFixed(2)}; ${second.transactions.toFixed(2)} |\n`,
      );
    }
    process.stdout.write(
      `| applications accepted, PostgreSQL | ${Math.round(oneApply.rate)} | ${Math.round(twoApply.rate)} | ${(twoApply.rate / oneApply.rate).toFixed(2)}x | ${Math.round(oneApply.serveUs)}; ${Math.round(twoApply.serveUs)} | ${Math.round(oneApply.postgresUs)}; ${Math.round(twoApply.postgresUs)} | ${oneApply.transactions.toFixed(2)}; ${twoApply.transactions.toFixed(2)} |\n`,
    );
    if (typeof held === 'string') {
      process.stdout.write(
        `| each process held to ${CPU_SHARE} of a core | not measured: ${held} | | | | | |\n`,
      );
    } else {
      for (const [label, first, second] of [
        ['GET /v2/projects/{id}, one key', held.oneKey[0], held.oneKey[1]],
        ['GET /v2/projects/{id}, ten keys', held.tenKeys[0], held.tenKeys[1]],
        [
          `GET /v2/projects/{id}, one key, the two sharing ${HELD_CONNECTIONS} connections`,
          held.oneKey[0],
          held.sameTotal,
        ],
      ] as const) {
        process.stdout.write(
          `| ${label}, each process held to ${CPU_SHARE} of a core | ${Math.round(first.rate)} | ${Math.round(second.rate)} | ${(second.rate / first.rate).toFixed(2)}x | ${Math.round(first.serveUs)}; ${Math.round(second.serveUs)} | ${Math.round(first.postgresUs)}; ${Math.round(second.postgresUs)} | ${first.transactions.toFixed(2)}; ${second.transactions.toFixed(2)} |\n`,
        );
      }
      process.stdout.write(
        `| applications accepted, each process held to ${CPU_SHARE} of a core | ${Math.round(held.apply[0].rate)} | ${Math.round(held.apply[1].rate)} | ${(held.apply[1].rate / held.apply[0].rate).toFixed(2)}x | ${Math.round(held.apply[0].serveUs)}; ${Math.round(held.apply[1].serveUs)} | ${Math.round(held.apply[0].postgresUs)}; ${Math.round(held.apply[1].postgresUs)} | ${held.apply[0].transactions.toFixed(2)}; ${held.apply[1].transactions.toFixed(2)} |\n`,
      );
    }
    writeApplications(oneApply, rounds);
    process.stdout.write(
      `| PostgreSQL one process vs SQLite, GET /v2/projects/{id} (one key; median of ${shares.length} slices taken in turn with SQLite's) | ${(share * 100).toFixed(0)}% (slices ${shares.map((value) => `${(value * 100).toFixed(0)}%`).join(', ')}) | | | | | |\n| the same by CPU per request: SQLite's serve against PostgreSQL's serve plus database | ${((sqlite.serveUs / (oneKey.serveUs + oneKey.postgresUs)) * 100).toFixed(0)}% | | | | | |\n`,
    );
    // Read by bench/figures/postgres-read.ts and postgres-two-processes.ts; the ten-key and
    // application ratios are in the table above.
    return {
      sqliteOneProcess: sqliteRead,
      postgresShare: share,
      postgresOneProcess: oneKey.rate,
      postgresTwoProcesses: twoOneKey.rate,
      held:
        typeof held === 'string'
          ? held
          : {
              share: CPU_SHARE,
              oneProcess: held.tenKeys[0].rate,
              twoProcesses: held.tenKeys[1].rate,
              oneKeyOneProcess: held.oneKey[0].rate,
              oneKeyTwoProcesses: held.oneKey[1].rate,
              oneKeyTwoProcessesSameTotal: held.sameTotal.rate,
            },
    } satisfies ScaleOutResult;
  } finally {
    for (const process of started.reverse()) await process.stop();
    await reference.stop();
    await cluster.stop();
  }
}

/**
 * The same reads and applications with each `serve` process held to CPU_SHARE of a core: the first
 * alone, then both (the second idle until then). Answers why not when this machine cannot hold a
 * process to a share (bench/lib/cpu-budget.ts).
 */
async function heldToShares(
  databaseUrl: string,
  servers: Started[],
  worker: Started,
  projectId: string,
  keys: string[],
) {
  const budgets = cpuBudgets(CPU_SHARE);
  if (typeof budgets === 'string') {
    note(`each process held to a share: not measured (${budgets})`);
    return budgets;
  }
  const held: CpuBudget[] = [];
  // The serve processes on a core of their own, PostgreSQL (its postmaster too, so that backends
  // opened later follow), the worker and this process's load generator on the others.
  const placement = cpuPlacement();
  const serving = servers.map((server) => server.pid);
  const rest = () => [process.pid, worker.pid, ...postgresPids(databaseUrl, true)];
  if (typeof placement === 'string') note(`held processes not kept apart: ${placement}`);
  else {
    placement.pin(serving, placement.own);
    placement.pin(rest(), placement.others);
  }
  try {
    for (const [n, server] of servers.entries()) {
      const budget = budgets(`serve-${n + 1}`);
      held.push(budget);
      budget.hold(server.pid);
    }
    const one = servers.slice(0, 1);
    const load = (on: Started[], keyCount: number, connections = HELD_CONNECTIONS * on.length) =>
      readLoad(databaseUrl, on, projectId, keys.slice(0, keyCount), connections);
    const oneKey = [await load(one, 1)];
    const tenKeys = [await load(one, KEYS)];
    const apply = [await applyLoad(databaseUrl, one, keys[0]!, 'held-one')];
    note(
      `held to ${CPU_SHARE} of a core, one process, ${HELD_CONNECTIONS} connections: one key ${describe(oneKey[0]!)}; ten keys ${describe(tenKeys[0]!)}; applications ${describe(apply[0]!)}`,
    );
    oneKey.push(await load(servers, 1));
    tenKeys.push(await load(servers, KEYS));
    apply.push(await applyLoad(databaseUrl, servers, keys[0]!, 'held-two'));
    const sameTotal = await load(servers, 1, HELD_CONNECTIONS);
    note(
      `held to ${CPU_SHARE} of a core, two processes, ${HELD_CONNECTIONS} connections each: one key ${describe(oneKey[1]!)}; ten keys ${describe(tenKeys[1]!)}; applications ${describe(apply[1]!)}; one key, ${HELD_CONNECTIONS} connections in all: ${describe(sameTotal)}`,
    );
    return {
      oneKey: oneKey as [ReadFigure, ReadFigure],
      tenKeys: tenKeys as [ReadFigure, ReadFigure],
      apply: apply as [ReadFigure, ReadFigure],
      sameTotal,
    };
  } finally {
    for (const budget of held) budget.remove();
    if (typeof placement !== 'string') placement.release([...serving, ...rest()]);
  }
}

interface ReadFigure {
  rate: number;
  /** CPU of the serve processes, of the database's processes, per request, in microseconds. */
  serveUs: number;
  postgresUs: number;
  /** Transactions the database committed per request (each autocommitted statement is one). */
  transactions: number;
  /**
   * The same less what the processes commit when idle (heartbeats, the worker's polls), measured
   * just before at the same length: applications measured only with idleBaseline.
   */
  netTransactions?: number;
  /** CPU of this process, the load generator, per request in microseconds. */
  loadUs: number;
  /** The share of the machine's CPU left idle during the run: near 0, the machine was the limit. */
  idle: number;
}

const describe = (figure: ReadFigure) =>
  `${Math.round(figure.rate)}/s, serve ${Math.round(figure.serveUs)} µs, PostgreSQL ${Math.round(figure.postgresUs)} µs, load generator ${Math.round(figure.loadUs)} µs, ${figure.transactions.toFixed(2)} transactions per request${figure.netTransactions === undefined ? '' : ` (${figure.netTransactions.toFixed(2)} less the idle processes')`}, machine ${Math.round(figure.idle * 100)}% idle`;

/**
 * The processes of the PostgreSQL server listening on the URL's port: the postmaster's children,
 * and the postmaster itself when asked.
 */
function postgresPids(databaseUrl: string, withPostmaster = false): number[] {
  const parsed = new URL(databaseUrl);
  // A Unix socket URL names its port as a parameter (`?host=/socket/dir&port=...`).
  const port = parsed.searchParams.get('port') ?? (parsed.port || '5432');
  const all = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  const stat = (pid: string) => {
    try {
      return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return '';
    }
  };
  const postmaster = all.find((pid) => {
    try {
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return (
        command[0]?.endsWith('postgres') &&
        command.includes('-p') &&
        command[command.indexOf('-p') + 1] === port
      );
    } catch {
      return false;
    }
  });
  if (!postmaster) return [];
  const children = all.filter((pid) => stat(pid).split(') ')[1]?.split(' ')[1] === postmaster);
  return [...(withPostmaster ? [postmaster] : []), ...children].map(Number);
}

/** CPU so far of each of the server's processes, by pid. */
function postgresCpu(databaseUrl: string): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const pid of postgresPids(databaseUrl)) {
    try {
      cpu.set(pid, cpuMs(pid));
    } catch {
      // Ended between the listing and the read.
    }
  }
  return cpu;
}

/**
 * CPU the server's processes spent between two readings: a backend that started in between counts
 * whole; one that ended in between is lost to the figure (pools keep theirs, but an idle one closes
 * after 10 s, and subtracting its earlier reading made the figure negative).
 */
function postgresCpuSince(databaseUrl: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, now] of postgresCpu(databaseUrl)) total += now - (before.get(pid) ?? 0);
  return total;
}

async function committedTransactions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Backends report their counts at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const { rows } = await client.query(
      'select xact_commit from pg_stat_database where datname = current_database()',
    );
    return Number(rows[0].xact_commit);
  } finally {
    await client.end();
  }
}

/**
 * The reference: the same read on the embedded database (`cohort serve` as on PostgreSQL, one key),
 * kept running so that it is measured in turns with PostgreSQL's (pairedWithSqlite).
 */
async function sqliteReference() {
  const cohort = await startCohort();
  const auth = { authorization: `Bearer ${cohort.apiKey}` };
  const project = (await fetch(`${cohort.url}/v2/projects`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Scale-out reference' }),
  }).then((r) => r.json())) as { id: string };
  const urls = [`${cohort.url}/v2/projects/${project.id}`];
  await saturate(urls, [cohort.apiKey], 3);
  let stopped: Promise<void> | undefined;
  let credited: Promise<void> | undefined;
  return {
    /**
     * APPLICANTS participants signed up to a new study on the embedded database, as applyLoad
     * prepares them on PostgreSQL; answers the run of their applications.
     */
    async prepareApplications(label: string, warmUp: number) {
      credited ??= creditStartedCohort(cohort);
      await credited;
      const apply = await prepareApplications([cohort], cohort.apiKey, `sqlite-${label}`, warmUp);
      return async () => {
        const before = cpuMs(cohort.pid);
        const { rate, requests } = await apply();
        return { rate, serveUs: ((cpuMs(cohort.pid) - before) * 1000) / requests };
      };
    },
    async slice(seconds: number) {
      const before = cpuMs(cohort.pid);
      const { rate, requests } = await saturate(urls, [cohort.apiKey], seconds);
      return { rate, requests, serveMs: cpuMs(cohort.pid) - before };
    },
    stop: () => {
      stopped ??= cohort.stop();
      return stopped;
    },
  };
}

/**
 * Slices of the one-key read, each on SQLite then on PostgreSQL, and their length: 12 s of each
 * engine in 2 s slices, as the reads against bare node:http take turns (docs/benchmarks.md). With
 * three slices of 2 s, the slices of five runs of the same code ranged from 45% to 58% and their
 * medians from 48% to 55%
 * (docs/decisions/0125-read-figures-as-cpu-per-request-in-alternating-slices.md).
 */
const PAIRED_SLICES = Math.max(1, Number(process.env.BENCH_SCALE_SLICES ?? 6));
const PAIRED_SLICE_SECONDS = Math.max(1, Number(process.env.BENCH_SCALE_SLICE_SECONDS ?? 2));

/**
 * PostgreSQL's one-process read (one key) and SQLite's reference, in slices taken in turn: SQLite,
 * PostgreSQL, SQLite, ... This machine's speed drifts by a quarter between moments of one run (the
 * fifth full run of docs/decisions/0125-read-figures-as-cpu-per-request-in-alternating-slices.md,
 * measured SQLite's project read at 56,521 req/s in `projects` and 72,048 in `scale-out`, minutes
 * apart), so PostgreSQL's share is the median of each PostgreSQL slice's rate over the SQLite
 * slice's just before it, as bench/lib/load.ts compares with bare node:http.
 */
async function pairedWithSqlite(
  reference: Awaited<ReturnType<typeof sqliteReference>>,
  databaseUrl: string,
  servers: Started[],
  projectId: string,
  keys: string[],
) {
  const urls = await projectUrls(servers, projectId, keys);
  const oneKey = keys.slice(0, 1);
  await saturate(urls, oneKey, 3);
  const sqliteSlices: Awaited<ReturnType<typeof reference.slice>>[] = [];
  const postgresSlices: ReadFigure[] = [];
  for (let slice = 0; slice < PAIRED_SLICES; slice++) {
    sqliteSlices.push(await reference.slice(PAIRED_SLICE_SECONDS));
    postgresSlices.push(
      await measured(databaseUrl, servers, () => saturate(urls, oneKey, PAIRED_SLICE_SECONDS)),
    );
  }
  const requests = sqliteSlices.reduce((sum, slice) => sum + slice.requests, 0);
  const serveMs = sqliteSlices.reduce((sum, slice) => sum + slice.serveMs, 0);
  return {
    sqlite: {
      rate: sqliteSlices.reduce((sum, slice) => sum + slice.rate, 0) / sqliteSlices.length,
      serveUs: (serveMs * 1000) / requests,
    },
    postgres: combined(postgresSlices),
    shares: postgresSlices.map((slice, i) => slice.rate / sqliteSlices[i]!.rate),
  };
}

/** Figures of runs of equal length as one: rates averaged, the rest weighted by requests. */
function combined(figures: ReadFigure[]): ReadFigure {
  const total = figures.reduce((sum, figure) => sum + figure.rate, 0);
  const weighted = (pick: (figure: ReadFigure) => number) =>
    figures.reduce((sum, figure) => sum + pick(figure) * figure.rate, 0) / total;
  return {
    rate: total / figures.length,
    serveUs: weighted((figure) => figure.serveUs),
    postgresUs: weighted((figure) => figure.postgresUs),
    transactions: weighted((figure) => figure.transactions),
    loadUs: weighted((figure) => figure.loadUs),
    idle: figures.reduce((sum, figure) => sum + figure.idle, 0) / figures.length,
  };
}

async function seed(url: string) {
  const database = openPostgres(url, 2);
  try {
    await migrateToLatest(database.db);
    // BENCH_SCALE_UNLOGGED=1 measures the option weighed against relaxed commits for the count
    // (docs/decisions/0132-rate-limit-counted-with-the-key-lookup.md): no WAL at all for
    // rate_limits.
    if (process.env.BENCH_SCALE_UNLOGGED === '1') {
      await sql`alter table rate_limits set unlogged`.execute(database.db);
    }
    const organization = await createOrganization(database.db, {
      name: 'Scale-out',
      balanceCents: 0,
      platformFeeCents: 200,
    });
    await database.db.transaction().execute((trx) =>
      recordLedgerEntry(trx, {
        organizationId: organization.id,
        kind: 'credit',
        amountCents: 1_000_000_000,
        memo: 'Benchmark credit',
      }),
    );
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i++) {
      keys.push((await createApiKey(database.db, organization.id, 'owner')).apiKey);
    }
    return { keys, projectId: '' };
  } finally {
    await database.destroy();
  }
}

async function serve(databaseUrl: string): Promise<Started> {
  const port = await freePort();
  // BENCH_SCALE_CPU_PROF=folder: each serve process writes a V8 CPU profile there when stopped.
  const profile = process.env.BENCH_SCALE_CPU_PROF;
  // Run as the `cohort` command runs (its V8 flags), as the SQLite reference is (startCohort).
  return startChild(
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      ...cohortCommand(),
      'serve',
      '--no-worker',
    ],
    {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // The contract's 100-request burst would turn a throughput run into a 429 run; the count is
      // still taken on every request.
      RATE_LIMIT_PER_KEY: '1000000000',
    },
    /API listening on/,
    `http://127.0.0.1:${port}`,
  );
}

async function worker(databaseUrl: string): Promise<Started> {
  return startChild(
    [...cohortCommand(), 'worker'],
    { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    /worker .* running/,
    '',
  );
}

const api = (base: string, key: string, method: string, pathname: string, body?: unknown) =>
  fetch(`${base}/v2${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json() as Promise<Record<string, any>>);

/** Saturating reads of one project, the connections split over the processes and keys. */
async function readLoad(
  databaseUrl: string,
  servers: Started[],
  projectId: string,
  keys: string[],
  connections = CONNECTIONS,
): Promise<ReadFigure> {
  const urls = await projectUrls(servers, projectId, keys);
  await saturate(urls, keys, 3, connections);
  return measured(databaseUrl, servers, () => saturate(urls, keys, SECONDS, connections));
}

/** The project read's URL on each server, the project made first when there is none yet. */
async function projectUrls(servers: Started[], projectId: string, keys: string[]) {
  let id = projectId;
  if (!id) {
    const project = await api(servers[0]!.url, keys[0]!, 'POST', '/projects', {
      name: 'Scale-out project',
    });
    id = project.id;
  }
  return servers.map((server) => `${server.url}/v2/projects/${id}`);
}

/**
 * Runs a load and answers its rate with the CPU each request took in the serve processes,
 * PostgreSQL (its backends, read per process) and this load generator, the transactions committed
 * per request, and the share of the machine left idle.
 */
async function measured(
  databaseUrl: string,
  servers: Started[],
  run: () => Promise<{ rate: number; requests: number }>,
  options: { idleBaseline?: boolean } = {},
): Promise<ReadFigure> {
  // What the idle processes commit a second: on a busy machine applications come at a few
  // hundred a second, and heartbeats and polls at a steady rate are a share of each one.
  let idlePerSecond = 0;
  if (options.idleBaseline) {
    const idleStart = performance.now();
    const idleBefore = await committedTransactions(databaseUrl);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    idlePerSecond =
      ((await committedTransactions(databaseUrl)) - idleBefore) /
      ((performance.now() - idleStart) / 1000);
  }
  const runStart = performance.now();
  const transactionsBefore = await committedTransactions(databaseUrl);
  const serveBefore = servers.reduce((sum, server) => sum + cpuMs(server.pid), 0);
  const postgresBefore = postgresCpu(databaseUrl);
  const loadBefore = process.cpuUsage();
  const ticksBefore = machineTicks();
  const { rate, requests } = await run();
  const idle = idleShareSince(ticksBefore);
  const load = process.cpuUsage(loadBefore);
  const serveMs = servers.reduce((sum, server) => sum + cpuMs(server.pid), 0) - serveBefore;
  const postgresMs = postgresCpuSince(databaseUrl, postgresBefore);
  // The statistics' own connection commits a transaction or two: left in, a rounding error.
  const transactions = (await committedTransactions(databaseUrl)) - transactionsBefore;
  const idleShare = idlePerSecond * ((performance.now() - runStart) / 1000);
  return {
    rate,
    serveUs: (serveMs * 1000) / requests,
    postgresUs: (postgresMs * 1000) / requests,
    transactions: transactions / requests,
    ...(options.idleBaseline && { netTransactions: (transactions - idleShare) / requests }),
    loadUs: (load.user + load.system) / requests,
    idle,
  };
}

/**
 * autocannon at CONNECTIONS connections in all, split evenly over the URLs (one per process) and,
 * within each, over the keys, for `duration` seconds. Requests/s of all of them together.
 */
async function saturate(
  urls: string[],
  keys: string[],
  duration: number,
  connections = CONNECTIONS,
) {
  const results = await Promise.all(
    urls.flatMap((url) =>
      keys.map((key) =>
        autocannon({
          url,
          connections: Math.max(1, Math.round(connections / urls.length / keys.length)),
          headers: { authorization: `Bearer ${key}` },
          duration,
        }),
      ),
    ),
  );
  for (const result of results) {
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors`);
    }
  }
  return {
    rate: results.reduce((sum, result) => sum + result.requests.total / result.duration, 0),
    requests: results.reduce((sum, result) => sum + result.requests.total, 0),
  };
}

/**
 * Participants sign up, then each applies once to a launched study with a place for everyone,
 * 50 in flight spread over the processes, each from a browser of its own. Answers applications
 * accepted per second, with the CPU each took in the serve processes, PostgreSQL and this load
 * generator, and the machine's idle share, as readLoad does for reads.
 */
async function applyLoad(
  databaseUrl: string,
  servers: Started[],
  key: string,
  label: string,
): Promise<ReadFigure> {
  const apply = await prepareApplications(servers, key, label, WARM_UP);
  return measured(databaseUrl, servers, apply, { idleBaseline: true });
}

/**
 * A launched study with a place for each of APPLICANTS participants who signed up, and for
 * `warmUp` more per server who apply before it answers (unmeasured, so that each server's code is
 * compiled by V8's optimizer before it is measured, as bench/screening.ts and bench/lib/load.ts
 * do); answers
 * the run of the APPLICANTS' applications, 50 in flight spread over the servers: applications
 * accepted per second and how many.
 */
async function prepareApplications(
  servers: Pick<Started, 'url'>[],
  key: string,
  label: string,
  warmUp = 0,
): Promise<() => Promise<{ rate: number; requests: number }>> {
  const base = servers[0]!.url;
  const warm = warmUp * servers.length;
  const people = warm + APPLICANTS;
  const project = await api(base, key, 'POST', '/projects', { name: `Apply ${label}` });
  const draft = await api(base, key, 'POST', '/opportunities', {
    title: `Scale-out study ${label}`,
    project_id: project.id,
    num_participants: people,
    tasks: [
      {
        task_type: 'activity',
        title: 'Try the checkout',
        task_url: 'https://prototype.example/checkout',
        duration_minutes: 15,
      },
    ],
  });
  if (!draft.id) throw new Error(`create failed: ${JSON.stringify(draft)}`);
  const launched = await api(base, key, 'POST', `/opportunities/${draft.id}/launch`, {});
  if (launched.status !== 'active') throw new Error(`launch failed: ${JSON.stringify(launched)}`);
  const random = seededRandom(label.length);
  const tokens: string[] = [];
  await inParallel(people, CONNECTIONS, async (n) => {
    const server = servers[n % servers.length]!;
    const response = await fetch(`${server.url}/v2/participant/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(simulatedProfile(random, n, `scale-${label}`)),
    });
    const body = (await response.json()) as { token?: string };
    if (!body.token) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
    tokens[n] = body.token;
  });
  note(`${people} signed up`);
  const applyAll = async (first: number, count: number) => {
    const refused: string[] = [];
    const { seconds } = await oneRequestEach({
      urls: servers.map((server) => server.url),
      count,
      connections: CONNECTIONS,
      request: (n) => ({
        path: `/v2/participant/opportunities/${draft.id}/applications`,
        headers: {
          authorization: `Bearer ${tokens[first + n]}`,
          'content-type': 'application/json',
          // Each applicant on a browser of their own, as in bench/stampede.ts: with one user agent
          // for all, every application is from one network, and those take turns
          // (src/submissions/apply.ts), which measures a lab's network, not a crowd.
          'user-agent': `scale-out-browser/${label}/${first + n}`,
        },
        body: JSON.stringify({ answers: [] }),
      }),
      onAnswer: (status, body) => {
        if (status !== 200) refused.push(`${status} ${body}`);
      },
    });
    if (refused.length > 0)
      throw new Error(`apply: ${refused.length} refused, first ${refused[0]}`);
    return seconds;
  };
  if (warm > 0) await applyAll(0, warm);
  return async () => {
    const seconds = await applyAll(warm, APPLICANTS);
    return { rate: APPLICANTS / seconds, requests: APPLICANTS };
  };
}

const describeSqlite = (figure: { rate: number; serveUs: number }) =>
  `${Math.round(figure.rate)}/s, serve ${Math.round(figure.serveUs)} µs`;

/**
 * Rounds of applications for issue 37's goal, each a few seconds on SQLite, then on two PostgreSQL
 * processes over loopback TCP (and, with BENCH_SCALE_SOCKET=1, on two over the cluster's Unix
 * socket before them). Each round's shares compare runs seconds apart: this
 * machine's speed drifts by a third between moments of one run (SQLite's applications measured
 * 785 to 1,627 a second in runs of the same tree, minutes apart), which one SQLite run and one
 * PostgreSQL run a minute later turned into a share anywhere from 31 % to 52 %
 * (docs/decisions/0194-applications-on-postgresql-measured-in-rounds.md, for the transports).
 */
const APPLICATION_ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_APPLICATION_ROUNDS ?? 3));
/**
 * BENCH_SCALE_SOCKET=1: each round also on two processes reaching the cluster over its Unix
 * socket, between SQLite and TCP. Six rounds measured no steady difference (decision 0194).
 */
const WITH_SOCKET = process.env.BENCH_SCALE_SOCKET === '1';

interface ApplicationRound {
  sqlite: { rate: number; serveUs: number };
  /** With BENCH_SCALE_SOCKET=1, on a cluster this run started (BENCH_DATABASE_URL names no socket). */
  socket?: ReadFigure;
  tcp: ReadFigure;
}

async function applicationRounds(
  reference: Awaited<ReturnType<typeof sqliteReference>>,
  cluster: RunDatabase,
  tcp: Started[],
  key: string,
  started: Started[],
): Promise<ApplicationRound[]> {
  const socketUrl = WITH_SOCKET ? cluster.socketUrl : undefined;
  const socket = socketUrl ? [await serve(socketUrl), await serve(socketUrl)] : undefined;
  if (socket) started.push(...socket);
  const rounds: ApplicationRound[] = [];
  for (let n = 1; n <= APPLICATION_ROUNDS; n++) {
    // Every round's participants sign up first, so the three runs follow each other closely.
    // Each process is warmed once, before its first measured run.
    const warmUp = n === 1 ? WARM_UP : 0;
    const onSqlite = await reference.prepareApplications(`round-${n}`, warmUp);
    const overSocket = socket && (await prepareApplications(socket, key, `socket-${n}`, warmUp));
    const overTcp = await prepareApplications(tcp, key, `tcp-${n}`, warmUp);
    const sqlite = await onSqlite();
    const round: ApplicationRound = {
      sqlite,
      ...(socketUrl &&
        socket &&
        overSocket && {
          socket: await measured(socketUrl, socket, overSocket, { idleBaseline: true }),
        }),
      tcp: await measured(cluster.url, tcp, overTcp, { idleBaseline: true }),
    };
    note(
      `round ${n}: SQLite, applications ${describeSqlite(sqlite)}${round.socket ? `; two processes over the Unix socket ${describe(round.socket)}` : ''}; two processes over TCP ${describe(round.tcp)}`,
    );
    rounds.push(round);
  }
  return rounds;
}

/**
 * Issue 37's rows: applications on SQLite and on two PostgreSQL processes in each round, the
 * share of SQLite's rate the two reach in it and the transactions each application cost, beside
 * their goals, and one process's once. A goal is met when every round meets it: its lowest
 * reading, not its best.
 */
function writeApplications(one: ReadFigure, rounds: readonly ApplicationRound[]) {
  const net = (figure: ReadFigure) => figure.netTransactions ?? figure.transactions;
  const list = (values: readonly number[], format: (value: number) => string) =>
    values.map(format).join(', ');
  const whole = (value: number) => String(Math.round(value));
  const within = (figures: readonly ReadFigure[]) => {
    const most = Math.max(...figures.map(net));
    return `≤ ${GOAL_TRANSACTIONS_PER_APPLICATION} transactions: ${most <= GOAL_TRANSACTIONS_PER_APPLICATION ? 'met' : 'NOT met'}`;
  };
  const count = (figures: readonly ReadFigure[]) =>
    `${list(
      figures.map((figure) => figure.transactions),
      (value) => value.toFixed(2),
    )} (${list(figures.map(net), (value) => value.toFixed(2))} less the idle processes')`;
  const row = (label: string, figures: readonly ReadFigure[]) => {
    const shares = figures.map((figure, i) => figure.rate / rounds[i]!.sqlite.rate);
    const lowest = Math.min(...shares);
    return `| ${label} | ${list(
      figures.map((figure) => figure.rate),
      whole,
    )} | ${list(shares, (share) => `${(share * 100).toFixed(0)}%`)} (median ${(median(shares) * 100).toFixed(0)}%) | ${list(
      figures.map((figure) => figure.serveUs),
      whole,
    )} | ${list(
      figures.map((figure) => figure.postgresUs),
      whole,
    )} | ${count(figures)} | ≥ ${GOAL_APPLICATION_SHARE * 100}% of SQLite's in every round: ${lowest >= GOAL_APPLICATION_SHARE ? 'met' : 'NOT met'}; ${within(figures)} |\n`;
  };
  const socket = rounds.flatMap((round) => (round.socket ? [round.socket] : []));
  process.stdout.write(
    `\nApplications over HTTP (${APPLICANTS} participants a run, a browser each, ${CONNECTIONS} in flight) in ${rounds.length} round${rounds.length === 1 ? '' : 's'}, each on SQLite, then on PostgreSQL${socket.length > 0 ? ' over its Unix socket, then' : ''} over loopback TCP; ${os.cpus().length} cores shared with the database, the load generator and any other work\n| run | applications/s, each round | share of SQLite's in the round | serve CPU µs each | PostgreSQL CPU µs each | transactions each | goal |\n|---|---|---|---|---|---|---|\n| SQLite, one process | ${list(
      rounds.map((round) => round.sqlite.rate),
      whole,
    )} | | ${list(
      rounds.map((round) => round.sqlite.serveUs),
      whole,
    )} | | | |\n| PostgreSQL, one process, TCP (once, before the rounds) | ${whole(one.rate)} | | ${whole(one.serveUs)} | ${whole(one.postgresUs)} | ${count([one])} | ${within([one])} |\n${
      socket.length === rounds.length ? row('PostgreSQL, two processes, Unix socket', socket) : ''
    }${row(
      'PostgreSQL, two processes, loopback TCP',
      rounds.map((round) => round.tcp),
    )}`,
  );
}

async function inParallel(count: number, concurrency: number, work: (n: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchScaleOut();
