/**
 * A million participants (issue 37): `npm run bench panel`. On SQLite, then on PostgreSQL
 * (BENCH_DATABASE_URL's server or a throwaway durable cluster, bench/lib/bench-postgres.ts), seeds
 * a panel with `cohort panel seed` to 100,000 and then to BENCH_PANEL_PARTICIPANTS (1,000,000 by
 * default), and at each size, against `cohort serve` over HTTP:
 *
 * - item 1, the seed's rate (participants a second, the command's own wall time);
 * - item 2, POST /v2/audience/size one request at a time for the audience benchmark's sets, a set
 *   of five filters, and a few hundred varied sets of up to five filters each, never the same
 *   twice in a row (p50, p99, max); at the largest size, 50 connections on the goal's sets against
 *   bare node:http, and on the varied sets;
 * - item 4, inviting 5,000 (a new study, no filters: the whole panel eligible), each call timed;
 * - item 5, the serve process's resident memory (now and its peak) and the database's bytes per
 *   participant.
 *
 * Each figure is printed beside its goal, with how it grows from the first size to the last.
 * Items 3 and 6 (discovery, applications, the write path on PostgreSQL) are measured by their own
 * benchmarks; `PANEL_STAGE_FIGURES` below is where they join this one's table at each size.
 * BENCH_PANEL_ENGINES=sqlite (or postgres) runs one engine. BENCH_PANEL_SQLITE_FROM=<a seeded
 * cohort.sqlite> measures `serve` on a copy of that file instead of seeding (one stage, of
 * BENCH_PANEL_PARTICIPANTS participants, SQLite only): a change to the serving process is then
 * measured in minutes, on the same panel every run. Alone:
 * ./node_modules/.bin/node bench/panel.ts
 */

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { foldAll } from '../src/audience/bitmaps/fold.ts';
import { recordLedgerEntry } from '../src/finance/index.ts';
import { createApiKey, createOrganization } from '../src/organizations/index.ts';
import {
  type Database,
  migrateToLatest,
  openPostgres,
  openSqlite,
} from '../src/platform/db/database.ts';
import { benchPostgres } from './lib/bench-postgres.ts';
import { compareSaturated, type LoadResult, printComparison } from './lib/load.ts';
import { launchOpenStudy } from './lib/open-study.ts';
import { cpuMs, residentMb } from './lib/proc-stats.ts';
import {
  cohortCommand,
  freePort,
  type Started,
  startBareServer,
  startChild,
} from './lib/processes.ts';

const LARGEST = Number(process.env.BENCH_PANEL_PARTICIPANTS ?? 1_000_000);
/** A seeded panel's file, copied rather than seeded anew (see above). */
const FROM = process.env.BENCH_PANEL_SQLITE_FROM;
const SIZES = LARGEST > 100_000 && !FROM ? [100_000, LARGEST] : [LARGEST];
const ENGINES = FROM
  ? ['sqlite']
  : (process.env.BENCH_PANEL_ENGINES ?? 'sqlite,postgres').split(',');
const SEED = 37;
const SEQUENTIAL = Number(process.env.BENCH_PANEL_REQUESTS ?? 150);
const VARIED = Number(process.env.BENCH_PANEL_VARIED ?? 300);
const INVITE = 5_000;
const INVITE_CALLS = 2;

const GOALS = {
  seedPerSecond: 50_000,
  countP99Ms: 50,
  loadPerSecond: 500,
  loadP99Ms: 250,
  inviteMs: 2_000,
  residentMb: 200,
};

/** The audience benchmark's sets (bench/audience.ts), and five filters at once. */
export const FILTER_SETS: { label: string; filters: unknown[]; goalLoad?: boolean }[] = [
  { label: 'country', filters: [{ 'multi_select--country': { $in: ['US'] } }], goalLoad: true },
  {
    label: 'country + age',
    filters: [
      { 'multi_select--country': { $in: ['US'] } },
      { 'integer--age': { $gte: 25, $lte: 44 } },
    ],
    goalLoad: true,
  },
  {
    label: 'country + state + seniority',
    filters: [
      { 'multi_select--country': { $in: ['US'] } },
      { 'multi_select--state': { $in: ['US-CA'] } },
      { 'multi_select--seniority': { $in: ['senior', 'manager'] } },
    ],
    goalLoad: true,
  },
  {
    label: 'country + seniority $nin',
    filters: [
      { 'multi_select--country': { $in: ['US'] } },
      { 'multi_select--seniority': { $nin: ['intern', 'entry'] } },
    ],
    goalLoad: true,
  },
  {
    label: 'stress: three countries + seniority $nin',
    filters: [
      { 'multi_select--country': { $in: ['US', 'GB', 'DE'] } },
      { 'multi_select--seniority': { $nin: ['entry', 'mid'] } },
    ],
  },
  {
    label: 'stress: three options, no place',
    filters: [
      { 'multi_select--language': { $in: ['en'] } },
      { 'multi_select--industry': { $in: ['technology', 'retail'] } },
      { 'multi_select--gender': { $nin: ['male'] } },
    ],
  },
  {
    label: 'five filters',
    filters: [
      { 'multi_select--country': { $in: ['US', 'GB', 'DE', 'IN', 'CN'] } },
      { 'integer--age': { $gte: 25, $lte: 54 } },
      { 'multi_select--language': { $in: ['en'] } },
      { 'multi_select--employment_status': { $in: ['full_time', 'part_time'] } },
      { 'integer--approval_rate': { $gte: 90 } },
    ],
  },
];

/** Filters the varied sets are drawn from: each a function of a random number. */
const VARIED_FILTERS: ((r: number) => unknown)[] = [
  (r) => ({
    'multi_select--country': { $in: [['US', 'IN', 'CN', 'DE', 'BR', 'GB'][Math.floor(r * 6)]] },
  }),
  (r) => ({ 'integer--age': { $gte: 18 + Math.floor(r * 30), $lte: 50 + Math.floor(r * 40) } }),
  (r) => ({ 'multi_select--gender': { [r < 0.5 ? '$in' : '$nin']: ['male'] } }),
  (r) => ({
    'multi_select--language': { $in: [['en', 'es', 'de', 'fr', 'zh'][Math.floor(r * 5)]] },
  }),
  (r) => ({
    'multi_select--seniority': {
      [r < 0.5 ? '$in' : '$nin']: r < 0.25 ? ['senior'] : ['entry', 'mid'],
    },
  }),
  (r) => ({
    'multi_select--industry': { $in: r < 0.5 ? ['technology'] : ['retail', 'healthcare'] },
  }),
  (r) => ({ 'multi_select--employment_status': { $in: r < 0.7 ? ['full_time'] : ['student'] } }),
  (r) => ({ 'integer--approval_rate': { $gte: 80 + Math.floor(r * 20) } }),
  (r) => ({ 'integer--approved_submissions': { $gte: 1 + Math.floor(r * 20) } }),
  (r) => ({
    'multi_select--education_level': { $in: r < 0.5 ? ['bachelor'] : ['master', 'doctorate'] },
  }),
];

/** Seeded random sets of one to five different filters. */
export function variedSets(count: number): unknown[][] {
  let state = 0x9e3779b9;
  const random = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const take = 1 + Math.floor(random() * 5);
    const chosen = new Set<number>();
    while (chosen.size < take) chosen.add(Math.floor(random() * VARIED_FILTERS.length));
    return [...chosen].map((index) => VARIED_FILTERS[index]!(random()));
  });
}

export interface Latency {
  p50: number;
  p99: number;
  max: number;
}

export interface PanelStage {
  engine: 'sqlite' | 'postgresql';
  participants: number;
  loadAverage: number;
  /** The command's rate (its own wall time) and the CPU it used, user and system. */
  seed: { added: number; seconds: number; perSecond: number; cpuSeconds: number };
  counts: (Latency & { label: string; answer: string })[];
  varied: Latency;
  /** At the largest size: 50 connections on the goal's sets (against bare node:http) and varied. */
  load?: { fixed: LoadResult[]; bare: LoadResult; varied: LoadResult };
  inviteMs: number[];
  residentMb: number;
  peakResidentMb: number;
  /** The peak before the invitations: counts alone, under load included. */
  countsPeakMb: number;
  /** The peak after the invitations, before the stage's other figures (discovery, applications). */
  invitePeakMb: number;
  databaseBytes: number;
  /** Rows other benchmarks add at each size (PANEL_STAGE_FIGURES). */
  more: PanelFigureRow[];
}

/** One line of the table: a figure at one size, its goal and whether it is met. */
export interface PanelFigureRow {
  figure: string;
  value: string;
  goal: string;
  met?: boolean;
}

/** What a stage offers a figure of another benchmark: a serving process on the seeded panel. */
export interface PanelStageContext {
  engine: 'sqlite' | 'postgresql';
  participants: number;
  url: string;
  apiKey: string;
  /** The panel's database, opened anew (the caller destroys it). */
  open: () => Database;
}

/**
 * The hook for issue 37's items 3 and 6 (discovery at scale, applications, the write path on
 * PostgreSQL): a function added here runs at each size after this benchmark's own figures, with
 * `cohort serve` up on the seeded panel, and its rows join the table (the growth column included).
 */
export const PANEL_STAGE_FIGURES: ((stage: PanelStageContext) => Promise<PanelFigureRow[]>)[] = [];

interface EngineWorld {
  engine: 'sqlite' | 'postgresql';
  env: NodeJS.ProcessEnv;
  open: () => Database;
  apiKey: string;
  databaseBytes: (db: Database) => Promise<number>;
  stop: () => Promise<void>;
}

async function prepare(open: () => Database) {
  const database = open();
  try {
    await migrateToLatest(database.db);
    const organization = await createOrganization(database.db, {
      name: 'Panel benchmark',
      balanceCents: 0,
      platformFeeCents: 200,
    });
    await recordLedgerEntry(database.db, {
      organizationId: organization.id,
      kind: 'credit',
      amountCents: 1_000_000_000,
      memo: 'Benchmark credit',
    });
    return (await createApiKey(database.db, organization.id, 'owner')).apiKey;
  } finally {
    await database.destroy();
  }
}

async function sqliteWorld(): Promise<EngineWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-panel-bench-'));
  const file = path.join(dataDir, 'cohort.sqlite');
  if (FROM) fs.copyFileSync(FROM, file);
  const open = () => openSqlite(file);
  return {
    engine: 'sqlite',
    env: { DATA_DIR: dataDir },
    open,
    apiKey: await prepare(open),
    databaseBytes: async (database) => {
      await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
      return (
        fs.statSync(file).size +
        (fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0)
      );
    },
    stop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresWorld(): Promise<EngineWorld | string> {
  const run = await benchPostgres('cohort_panel_');
  if ('missing' in run) return run.missing;
  const open = () => openPostgres(run.url, 2);
  return {
    engine: 'postgresql',
    env: { DATABASE_URL: run.url },
    open,
    apiKey: await prepare(open),
    databaseBytes: async (database) => {
      const { rows } = await sql<{ bytes: string }>`
        select pg_database_size(current_database()) as bytes
      `.execute(database.db);
      return Number(rows[0]!.bytes);
    },
    stop: run.stop,
  };
}

/** `cohort panel seed` as a child process, timed from outside. */
async function seed(world: EngineWorld, participants: number) {
  const started = performance.now();
  // The child's CPU, read until it exits: on a shared machine the wall time says more about the
  // neighbours than about the seed.
  let cpu = 0;
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...cohortCommand(),
        'panel',
        'seed',
        '--participants',
        String(participants),
        '--seed',
        String(SEED),
        '--json',
      ],
      {
        env: { ...process.env, ...world.env, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    const poll = setInterval(() => {
      try {
        cpu = cpuMs(child.pid!);
      } catch {}
    }, 250);
    child.once('exit', () => clearInterval(poll));
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`seed: ${code}\n${out}`)),
    );
  });
  const seconds = (performance.now() - started) / 1000;
  const reported = JSON.parse(output.slice(output.indexOf('{'))) as { per_second: number };
  return { added: participants, seconds, perSecond: reported.per_second, cpuSeconds: cpu / 1000 };
}

async function serve(world: EngineWorld): Promise<Started> {
  const port = await freePort();
  return startChild(
    [...cohortCommand(), 'serve'],
    {
      ...process.env,
      ...world.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_KEY: '1000000000',
    },
    /API listening on/,
    `http://127.0.0.1:${port}`,
  );
}

function latency(timings: number[]): Latency {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

async function countOnce(url: string, headers: Record<string, string>, filters: unknown[]) {
  const response = await fetch(`${url}/v2/audience/size`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ filters }),
  });
  const answer = await response.text();
  if (response.status !== 200) throw new Error(`${response.status}: ${answer}`);
  return answer;
}

async function sequential(url: string, headers: Record<string, string>, filters: unknown[]) {
  let answer = '';
  for (let n = 0; n < 10; n++) answer = await countOnce(url, headers, filters);
  const timings: number[] = [];
  for (let n = 0; n < SEQUENTIAL; n++) {
    const sent = performance.now();
    await countOnce(url, headers, filters);
    timings.push(performance.now() - sent);
  }
  return { ...latency(timings), answer };
}

/** 50 connections, each request the next of the varied sets. */
async function variedLoad(url: string, headers: Record<string, string>, sets: unknown[][]) {
  const bodies = sets.map((filters) => JSON.stringify({ filters }));
  let next = 0;
  const result = await autocannon({
    url: `${url}/v2/audience/size`,
    connections: 50,
    duration: Number(process.env.BENCH_SECONDS ?? 12),
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length]! }),
      },
    ],
  });
  return {
    label: 'POST /v2/audience/size, varied sets',
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  } satisfies LoadResult;
}

async function invite(url: string, headers: Record<string, string>, n: number) {
  const id = await launchOpenStudy(url, headers, `Panel invitations ${n}`);
  const sent = performance.now();
  const response = await fetch(`${url}/v2/opportunities/${id}/invitations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ count: INVITE }),
  });
  const answer = (await response.json()) as { invited?: number };
  const ms = performance.now() - sent;
  if (response.status !== 200 || answer.invited !== INVITE) {
    throw new Error(`invitations: ${response.status} ${JSON.stringify(answer)}`);
  }
  return ms;
}

function peakResidentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

async function measureStage(
  world: EngineWorld,
  participants: number,
  seeded: PanelStage['seed'],
  loadAverage: number,
): Promise<PanelStage> {
  const server = await serve(world);
  const headers = { authorization: `Bearer ${world.apiKey}`, 'content-type': 'application/json' };
  try {
    const counts: PanelStage['counts'] = [];
    for (const { label, filters } of FILTER_SETS) {
      counts.push({ label, ...(await sequential(server.url, headers, filters)) });
    }
    const sets = variedSets(VARIED);
    const timings: number[] = [];
    for (const filters of sets) {
      const sent = performance.now();
      await countOnce(server.url, headers, filters);
      timings.push(performance.now() - sent);
    }
    const varied = latency(timings);

    let load: PanelStage['load'];
    if (participants === SIZES.at(-1)) {
      const goalSets = FILTER_SETS.filter((set) => set.goalLoad);
      const bare = await startBareServer(counts[0]!.answer);
      try {
        const compared = await compareSaturated(
          { label: 'bare node:http, the same answer', url: bare.url },
          goalSets.map(({ label, filters }) => ({
            label: `POST /v2/audience/size (${label})`,
            url: `${server.url}/v2/audience/size`,
            headers,
            method: 'POST' as const,
            body: JSON.stringify({ filters }),
          })),
          { settle: async () => void (await countOnce(server.url, headers, [])) },
        );
        printComparison(
          `Audience size, ${world.engine}, ${participants.toLocaleString('en')} participants, 50 connections`,
          compared,
        );
        const variedResult = await variedLoad(server.url, headers, variedSets(2_000));
        load = { fixed: compared.subjects, bare: compared.baseline, varied: variedResult };
      } finally {
        await bare.stop();
      }
    }

    // Before the invitations, whose 5,000 mails a call are made in the process.
    const countsPeakMb = peakResidentMb(server.pid);
    const inviteMs: number[] = [];
    for (let n = 0; n < INVITE_CALLS; n++) inviteMs.push(await invite(server.url, headers, n));
    const invitePeakMb = peakResidentMb(server.pid);

    const more: PanelFigureRow[] = [];
    for (const figures of PANEL_STAGE_FIGURES) {
      more.push(
        ...(await figures({
          engine: world.engine,
          participants,
          url: server.url,
          apiKey: world.apiKey,
          open: world.open,
        })),
      );
    }
    const residentNow = residentMb(server.pid);
    const peak = peakResidentMb(server.pid);
    const database = world.open();
    let databaseBytes: number;
    try {
      databaseBytes = await world.databaseBytes(database);
    } finally {
      await database.destroy();
    }
    return {
      engine: world.engine,
      participants,
      loadAverage,
      seed: seeded,
      counts,
      varied,
      load,
      inviteMs,
      residentMb: residentNow,
      peakResidentMb: peak,
      countsPeakMb,
      invitePeakMb,
      databaseBytes,
      more,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Folds whatever the seed left waiting into the audience bitmaps before `serve` starts
 * (docs/decisions/0190-audience-bitmaps.md), so the counts measured are the bitmaps' rather than
 * the sample's of a panel still catching up; the seconds it took.
 */
async function foldBitmaps(world: EngineWorld): Promise<number> {
  const started = performance.now();
  const database = world.open();
  try {
    await foldAll(database);
  } finally {
    await database.destroy();
  }
  return (performance.now() - started) / 1000;
}

async function runEngine(world: EngineWorld): Promise<PanelStage[]> {
  const stages: PanelStage[] = [];
  let have = 0;
  for (const size of SIZES) {
    const loadAverage = os.loadavg()[0]!;
    const seeded = FROM
      ? { added: 0, seconds: 0, perSecond: 0, cpuSeconds: 0 }
      : await seed(world, size - have);
    have = size;
    const foldSeconds = await foldBitmaps(world);
    process.stdout.write(
      `${world.engine}: seeded ${size.toLocaleString('en')} (${seeded.perSecond.toLocaleString('en')} a second; load average ${loadAverage.toFixed(1)}); audience bitmaps folded in ${foldSeconds.toFixed(1)} s\n`,
    );
    const stage = await measureStage(world, size, seeded, loadAverage);
    // Each size's figures as soon as they are measured, so a run stopped later keeps them.
    print([stage]);
    stages.push(stage);
  }
  return stages;
}

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);

/** Every figure of every stage, one line per figure and engine, one column per size. */
function print(stages: PanelStage[]) {
  const rows = new Map<string, { goal: string; values: Map<number, string>; met?: boolean }>();
  const put = (figure: string, size: number, value: string, goal: string, met?: boolean) => {
    let row = rows.get(figure);
    if (!row) {
      row = { goal, values: new Map() };
      rows.set(figure, row);
    }
    row.values.set(size, value);
    // The goal is judged at the largest size.
    if (size === SIZES.at(-1)) row.met = met;
  };
  for (const stage of stages) {
    const e = stage.engine;
    const size = stage.participants;
    if (stage.seed.added > 0) {
      put(
        `seed, participants a second (${e})`,
        size,
        `${stage.seed.perSecond.toLocaleString('en')} (${Math.round((stage.seed.cpuSeconds * 1e6) / stage.seed.added)} µs CPU a person; load ${stage.loadAverage.toFixed(1)})`,
        e === 'sqlite' ? `≥ ${GOALS.seedPerSecond.toLocaleString('en')}` : 'reported',
        e === 'sqlite' ? stage.seed.perSecond >= GOALS.seedPerSecond : undefined,
      );
    }
    for (const count of stage.counts) {
      put(
        `audience size p99 ms: ${count.label} (${e})`,
        size,
        `${ms(count.p99)} (p50 ${ms(count.p50)}, max ${ms(count.max)}) → ${count.answer}`,
        `≤ ${GOALS.countP99Ms}`,
        count.p99 <= GOALS.countP99Ms,
      );
    }
    put(
      `audience size p99 ms: ${VARIED} varied sets of 1 to 5 filters (${e})`,
      size,
      `${ms(stage.varied.p99)} (p50 ${ms(stage.varied.p50)}, max ${ms(stage.varied.max)})`,
      `≤ ${GOALS.countP99Ms}`,
      stage.varied.p99 <= GOALS.countP99Ms,
    );
    if (stage.load) {
      for (const result of [...stage.load.fixed, stage.load.varied]) {
        const ok = result.requestsPerSecond >= GOALS.loadPerSecond && result.p99 <= GOALS.loadP99Ms;
        put(
          `50 connections, counts a second: ${result.label} (${e})`,
          size,
          `${result.requestsPerSecond} (p99 ${result.p99} ms${result.ratio ? `, ${(result.ratio * 100).toFixed(1)}% of bare node:http` : ''}${result.non2xx ? `, ${result.non2xx} non-2xx` : ''})`,
          e === 'sqlite' ? `≥ ${GOALS.loadPerSecond}, p99 ≤ ${GOALS.loadP99Ms} ms` : 'reported',
          e === 'sqlite' ? ok : undefined,
        );
      }
    }
    const slowest = Math.max(...stage.inviteMs);
    put(
      `invite ${INVITE.toLocaleString('en')}, ms per call (${e})`,
      size,
      stage.inviteMs.map((value) => value.toFixed(0)).join(', '),
      `≤ ${GOALS.inviteMs.toLocaleString('en')}`,
      slowest <= GOALS.inviteMs,
    );
    put(
      `serve resident MB: at the end / peak / peak before inviting / peak after inviting, before discovery and applications (${e})`,
      size,
      `${stage.residentMb.toFixed(0)} / ${stage.peakResidentMb.toFixed(0)} / ${stage.countsPeakMb.toFixed(0)} / ${stage.invitePeakMb.toFixed(0)}`,
      `≤ ${GOALS.residentMb}`,
      stage.peakResidentMb <= GOALS.residentMb,
    );
    put(
      `database bytes per participant (${e})`,
      size,
      `${Math.round(stage.databaseBytes / size).toLocaleString('en')} (${(stage.databaseBytes / 2 ** 20).toFixed(0)} MiB)`,
      'reported',
    );
    for (const row of stage.more) put(`${row.figure} (${e})`, size, row.value, row.goal, row.met);
  }
  const mark = (met: boolean | undefined) => (met === undefined ? '–' : met ? 'yes' : 'NO');
  const sizes = SIZES.map((size) => size.toLocaleString('en'));
  process.stdout.write(
    `\nA million participants (issue 37), ${os.cpus().length} cores shared with other work\n| figure | ${sizes.join(' | ')} | goal | met at ${sizes.at(-1)} |\n|---|${SIZES.map(() => '---|').join('')}---|---|\n`,
  );
  for (const [figure, row] of rows) {
    const values = SIZES.map((size) => row.values.get(size) ?? '–');
    process.stdout.write(
      `| ${figure} | ${values.join(' | ')} | ${row.goal} | ${mark(row.met)} |\n`,
    );
  }
}

export async function benchPanel(): Promise<PanelStage[]> {
  const stages: PanelStage[] = [];
  for (const engine of ENGINES) {
    const world = engine === 'sqlite' ? await sqliteWorld() : await postgresWorld();
    if (typeof world === 'string') {
      process.stdout.write(`${world}\n`);
      continue;
    }
    try {
      stages.push(...(await runEngine(world)));
    } finally {
      await world.stop();
    }
  }
  print(stages);
  return stages;
}

if (import.meta.main) await benchPanel();
