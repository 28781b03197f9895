/**
 * Launch stampede (issue "Speed and footprint", item 3): `cohort serve` on a fresh database, one
 * opportunity with PLACES places, a two-question screener and a quota splitting the places 60/40
 * between two answers, launched; then APPLICANTS distinct participants (seeded in the database
 * with their tokens, as bench/audience.ts seeds its panel) apply over HTTP at a steady arrival
 * rate spreading them over SECONDS, through at most CONNECTIONS kept-alive connections. Each
 * request's latency runs from its scheduled arrival, so a server that falls behind shows it.
 * Reported: answers that were not 2xx/4xx (5xx, timeouts, resets), places taken and quota cells
 * counted in the database afterwards, and p99. On the embedded database, then on PostgreSQL
 * (BENCH_DATABASE_URL, or a throwaway durable cluster when initdb and pg_ctl are installed).
 * In `npm run bench stampede`, or alone: ./node_modules/.bin/node bench/stampede.ts
 * A quick run: BENCH_STAMPEDE_APPLICANTS=2000 BENCH_STAMPEDE_PLACES=200 BENCH_STAMPEDE_SECONDS=4
 */

import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BASIC_QUESTIONS } from '../fixtures/screener.ts';
import { postgresBinaries, startThrowawayPostgres } from '../scripts/postgres.ts';
import { PLACE_TAKING_STATUSES, readCounters } from '../src/admission/index.ts';
import { recordLedgerEntry } from '../src/finance/ledger.ts';
import { createApiKey, createOrganization } from '../src/organizations/index.ts';
import { participantFields } from '../src/participants/profile.ts';
import { seededRandom, simulatedProfile } from '../src/participants/simulated-panel.ts';
import { insertParticipants, type NewParticipant } from '../src/participants/store.ts';
import { type Db, migrateToLatest, openPostgres, openSqlite } from '../src/platform/db/database.ts';
import { quotaCellKey } from '../src/screening/index.ts';
import type { StampedeResult } from './figures/launch-stampede.ts';
import { cohortCommand, freePort, startChild, startCohort } from './lib/processes.ts';

const APPLICANTS = Number(process.env.BENCH_STAMPEDE_APPLICANTS ?? 10_000);
const PLACES = Number(process.env.BENCH_STAMPEDE_PLACES ?? 1_000);
const SECONDS = Number(process.env.BENCH_STAMPEDE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_STAMPEDE_CONNECTIONS ?? 100);
/** Which runs to make, for a quick run of one: `sqlite`, `postgres` or both (the default). */
const ENGINES = (process.env.BENCH_STAMPEDE_ENGINES ?? 'sqlite,postgres').split(',');
/** A request unanswered after this long counts as a failure (a timeout), and is abandoned. */
const TIMEOUT_MS = Number(process.env.BENCH_STAMPEDE_TIMEOUT_MS ?? 30_000);
/** Participants per call of the store, inside the one seeding transaction. */
const SEED_CHUNK = 2_000;

const note = (line: string) => process.stderr.write(`stampede: ${line}\n`);

/** The everyday screener: Student rejects, Manager waits for review. */
const QUESTIONS = BASIC_QUESTIONS;

/** The quota's two cells: 60% of the places for designers, 40% for engineers. */
const CELLS = [
  { value: 'Designer', count: Math.round(PLACES * 0.6) },
  { value: 'Engineer', count: PLACES - Math.round(PLACES * 0.6) },
];

/**
 * The crowd: half designers and three in ten engineers who qualify, one in ten screened out
 * (Student) and one in ten sent to review (Manager), in a seeded random order.
 */
function answersOf(random: () => number) {
  const draw = random();
  const role =
    draw < 0.5 ? 'Designer' : draw < 0.8 ? 'Engineer' : draw < 0.9 ? 'Student' : 'Manager';
  const tools = role === 'Manager' ? ['Sketch'] : ['Figma'];
  return [
    { key: 'role', answer: [role] },
    { key: 'tools', answer: tools },
  ];
}

export interface StampedeRun extends StampedeResult {
  engine: string;
  statuses: Record<string, number>;
  cells: Record<string, { taken: number; target: number; qualified: number }>;
  p50Ms: number;
  maxMs: number;
  /** Seconds from the first arrival to the last answer. */
  seconds: number;
}

export async function benchStampede(): Promise<StampedeResult> {
  const sqlite = ENGINES.includes('sqlite') ? await sqliteRun() : undefined;
  let postgres: StampedeRun | undefined;
  const given = process.env.BENCH_DATABASE_URL;
  if (!ENGINES.includes('postgres')) {
    note('PostgreSQL not run (BENCH_STAMPEDE_ENGINES)');
  } else if (given) {
    postgres = await postgresRun(given);
  } else if (postgresBinaries()) {
    const cluster = await startThrowawayPostgres({ durable: true });
    try {
      postgres = await postgresRun(cluster.url);
    } finally {
      cluster.stop();
    }
  } else {
    note('PostgreSQL not run: no BENCH_DATABASE_URL and no initdb/pg_ctl');
  }
  process.stdout.write(
    `\nLaunch stampede: ${APPLICANTS} applicants at ${Math.round(APPLICANTS / SECONDS)}/s for ${PLACES} places (quota ${CELLS.map((c) => `${c.value} ${c.count}`).join(', ')}), ${CONNECTIONS} connections\n`,
  );
  process.stdout.write(
    '| engine | places taken | failures | quota cells | p50 ms | p99 ms | max ms | seconds | outcomes |\n|---|---|---|---|---|---|---|---|---|\n',
  );
  for (const run of [sqlite, postgres]) {
    if (!run) continue;
    const cells = Object.entries(run.cells)
      .map(([value, c]) => `${value} ${c.taken}/${c.target} (${c.qualified} qualified)`)
      .join(', ');
    process.stdout.write(
      `| ${run.engine} | ${run.placesTaken} of ${run.places} | ${run.failures} | ${run.quotaCellsExact ? 'exact' : 'WRONG'}: ${cells} | ${run.p50Ms.toFixed(0)} | ${run.p99Ms.toFixed(0)} | ${run.maxMs.toFixed(0)} | ${run.seconds.toFixed(1)} | ${JSON.stringify(run.statuses)} |\n`,
    );
  }
  // The report's row reads the embedded database's run, or PostgreSQL's when it ran alone.
  const main = sqlite ?? postgres;
  if (!main) throw new Error('BENCH_STAMPEDE_ENGINES names neither sqlite nor postgres');
  return { ...main, ...(postgres && sqlite && { postgres }) };
}

async function sqliteRun(): Promise<StampedeRun> {
  const cohort = await startCohort();
  try {
    const database = openSqlite(path.join(cohort.dataDir, 'cohort.sqlite'));
    let tokens: string[];
    try {
      const owner = await database.db
        .selectFrom('organizations')
        .select('id')
        .executeTakeFirstOrThrow();
      tokens = await seed(database.db, owner.id);
    } finally {
      await database.destroy();
    }
    const run = await stampede(cohort.url, cohort.apiKey, tokens);
    return await verify('sqlite', run, () =>
      openSqlite(path.join(cohort.dataDir, 'cohort.sqlite')),
    );
  } finally {
    await cohort.stop();
  }
}

async function postgresRun(url: string): Promise<StampedeRun> {
  const database = openPostgres(url, 2);
  let apiKey: string;
  let tokens: string[];
  try {
    await migrateToLatest(database.db);
    const organization = await createOrganization(database.db, {
      name: 'Stampede',
      balanceCents: 0,
      platformFeeCents: 200,
    });
    apiKey = (await createApiKey(database.db, organization.id, 'owner')).apiKey;
    tokens = await seed(database.db, organization.id);
  } finally {
    await database.destroy();
  }
  const port = await freePort();
  const cohort = await startChild(
    [...cohortCommand(), 'serve'],
    {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_KEY: '1000000000',
    },
    /API listening on/,
    `http://127.0.0.1:${port}`,
  );
  try {
    const run = await stampede(cohort.url, apiKey, tokens);
    return await verify('postgresql', run, () => openPostgres(url, 2));
  } finally {
    await cohort.stop();
  }
}

/** Credit for every place, and the applicants with their tokens, in one transaction. */
async function seed(db: Db, organizationId: string): Promise<string[]> {
  const started = performance.now();
  const random = seededRandom(24);
  // Emails unique across runs, for a BENCH_DATABASE_URL that keeps the last run's participants.
  const runId = `stampede-${Date.now().toString(36)}`;
  const tokens = await db.transaction().execute(async (trx) => {
    await recordLedgerEntry(trx, {
      organizationId,
      kind: 'credit',
      amountCents: 1_000_000_000,
      memo: 'Benchmark credit',
    });
    const all: string[] = [];
    for (let from = 0; from < APPLICANTS; from += SEED_CHUNK) {
      const chunk: NewParticipant[] = [];
      for (let n = from; n < Math.min(APPLICANTS, from + SEED_CHUNK); n++) {
        chunk.push({ fields: participantFields(simulatedProfile(random, n, runId)) });
      }
      for (const created of await insertParticipants(trx, chunk)) all.push(created.token);
    }
    return all;
  });
  note(
    `${tokens.length} participants seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return tokens;
}

interface Stampede {
  opportunityId: string;
  latencies: number[];
  statuses: Record<string, number>;
  failures: number;
  seconds: number;
  /** Qualified applicants per quota answer, from the answers sent. */
  qualified: Record<string, number>;
}

async function stampede(base: string, apiKey: string, tokens: string[]): Promise<Stampede> {
  const customer = async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${base}/v2${pathname}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    return (await response.json()) as Record<string, any>;
  };
  const project = await customer('POST', '/projects', { name: 'Launch stampede' });
  const draft = await customer('POST', '/opportunities', {
    title: 'Launch stampede',
    project_id: project.id,
    num_participants: PLACES,
    screening_questions: QUESTIONS,
    quotas: [
      {
        screening_question: 'role',
        targets: CELLS.map((cell) => ({ ...cell, type: 'maximum' })),
      },
    ],
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
  const launched = await customer('POST', `/opportunities/${draft.id}/launch`, {});
  if (launched.status !== 'active') throw new Error(`launch failed: ${JSON.stringify(launched)}`);

  const random = seededRandom(3);
  const bodies = tokens.map(() => JSON.stringify({ answers: answersOf(random) }));
  const qualified: Record<string, number> = {};
  for (const body of bodies) {
    const role = JSON.parse(body).answers[0].answer[0] as string;
    if (role === 'Designer' || role === 'Engineer') qualified[role] = (qualified[role] ?? 0) + 1;
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(`${base}/v2/participant/opportunities/${draft.id}/applications`);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failures = 0;
  const count = (key: string) => {
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  const send = (n: number, scheduled: number) =>
    new Promise<void>((resolve) => {
      const body = bodies[n]!;
      let settled = false;
      /** Each request counted once: answered (by its status), or failed (timeout, reset). */
      const settle = (outcome: string, failed: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (failed) failures++;
        else latencies.push(performance.now() - scheduled);
        count(outcome);
        resolve();
      };
      const request = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${tokens[n]}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            // Each applicant on a browser of their own: one client for all would flag every
            // application as from a shared network (src/submissions/quality-flags.ts).
            'user-agent': `stampede-browser/${n}`,
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            const answered = status >= 200 && status < 300;
            if (answered) settle((JSON.parse(text) as { status: string }).status, false);
            else settle(`HTTP ${status}`, !(status >= 400 && status < 500));
          });
          response.on('error', () => settle('reset', true));
        },
      );
      // The clock runs from the scheduled arrival, also while the request waits for a connection.
      const timer = setTimeout(
        () => {
          settle('timeout', true);
          request.destroy();
        },
        Math.max(0, scheduled + TIMEOUT_MS - performance.now()),
      );
      request.on('error', () => settle('error', true));
      request.end(body);
    });

  // Arrivals at a steady rate: every few milliseconds, every request whose time has come is sent
  // (queued by the agent when all CONNECTIONS are busy, its clock already running).
  const interval = (SECONDS * 1000) / tokens.length;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < tokens.length && started + next * interval <= now) {
        pending.push(send(next, started + next * interval));
        next++;
      }
      if (next < tokens.length) setTimeout(tick, 2);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { opportunityId: draft.id, latencies, statuses, failures, seconds, qualified };
}

/**
 * Counted in the database after the run: places taken by submission status, each quota cell by
 * the cells recorded on the place-taking submissions, and the counters the API reads agree.
 */
async function verify(
  engine: string,
  run: Stampede,
  open: () => { db: Db; destroy(): Promise<void> },
): Promise<StampedeRun> {
  const database = open();
  try {
    const rows = await database.db
      .selectFrom('submissions')
      .select(['status', 'quota_cells'])
      .where('opportunity_id', '=', run.opportunityId)
      .where('status', 'in', [...PLACE_TAKING_STATUSES])
      .execute();
    const counters = await readCounters(database.db, run.opportunityId);
    const cells: StampedeRun['cells'] = {};
    let exact = true;
    for (const cell of CELLS) {
      const key = quotaCellKey('role', cell.value);
      const taken = rows.filter((row) => (JSON.parse(row.quota_cells) as string[]).includes(key));
      const qualified = run.qualified[cell.value] ?? 0;
      cells[cell.value] = { taken: taken.length, target: cell.count, qualified };
      // Never above its target; full when enough qualified applicants came; the counter agrees.
      if (taken.length > cell.count) exact = false;
      if (qualified >= cell.count && taken.length !== cell.count) exact = false;
      if ((counters[key] ?? 0) !== taken.length) exact = false;
    }
    const latencies = [...run.latencies].sort((a, b) => a - b);
    const at = (p: number) =>
      latencies.length === 0
        ? Number.NaN
        : latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
    return {
      engine,
      applicants: APPLICANTS,
      places: PLACES,
      placesTaken: rows.length,
      failures: run.failures,
      quotaCellsExact: exact,
      p99Ms: at(0.99),
      p50Ms: at(0.5),
      maxMs: latencies.at(-1) ?? Number.NaN,
      seconds: run.seconds,
      statuses: run.statuses,
      cells,
    };
  } finally {
    await database.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStampede();
