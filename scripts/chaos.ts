/**
 * The chaos run (issue 36, item 4; docs/decisions/0170-chaos-run.md): two `cohort serve` and one
 * `cohort worker` on one PostgreSQL, a mixed workload over HTTP for CHAOS_SECONDS (default 120)
 * while a random process is SIGKILLed every few seconds and started again; then the fleet drains,
 * stops, and the invariants of scripts/chaos/invariants.ts are checked against the database and
 * printed as a table. Exits 1 on any breach.
 *
 *   npm run chaos                       a throwaway cluster (scripts/postgres.ts)
 *   CHAOS_DATABASE_URL=postgres://...   a fresh database created on that server, dropped after
 *   CHAOS_SECONDS=600 CHAOS_SEED=7      longer, and another random sequence
 */

import { setTimeout as delay } from 'node:timers/promises';
import { recordLedgerEntry } from '../src/finance/index.ts';
import { createApiKey, createOrganization } from '../src/organizations/index.ts';
import { seededRandom } from '../src/participants/simulated-panel.ts';
import { type Database, migrateToLatest, openPostgres } from '../src/platform/db/database.ts';
import { ChaosInbox, Fleet, WebhookReceiver } from './chaos/fleet.ts';
import { checkInvariants, formatTable, loadChaosState } from './chaos/invariants.ts';
import { Client, type Customer, newTally, runStudy } from './chaos/workload.ts';
import { postgresForRun } from './postgres.ts';

const SECONDS = Number(process.env.CHAOS_SECONDS ?? 120);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 100_000);
/** Studies run at once: each with its own crowd of applicants. */
const LOOPS = Number(process.env.CHAOS_LOOPS ?? 4);
/** A kill every KILL_MIN_MS to KILL_MAX_MS. */
const KILL_MIN_MS = 3_000;
const KILL_MAX_MS = 8_000;
/** How long the fleet, left alone after the workload, may take to settle every job and delivery. */
const DRAIN_SECONDS = Number(process.env.CHAOS_DRAIN_SECONDS ?? 180);
const WEBHOOK_TIMEOUT_MS = 3_000;
/** Short, so a killed worker's jobs come back within seconds rather than 2 minutes. */
const JOB_LEASE_MS = 10_000;

const EVENT_TYPES = [
  'submission.status.change',
  'opportunity.status.change',
  'applicant.created',
  'bonus.paid',
  'payout_run.completed',
  'message.received',
];

const log = (line: string) => process.stderr.write(`chaos: ${line}\n`);

async function main(): Promise<number> {
  if (!Number.isFinite(SECONDS) || SECONDS < 1) throw new Error('CHAOS_SECONDS must be positive');
  const random = seededRandom(SEED);
  const runId = `chaos${SEED}`;
  log(`seed ${SEED}, ${SECONDS} s of workload, ${LOOPS} studies at a time`);
  // CHAOS_DATABASE_URL: a fresh database on that server, dropped after; else a throwaway cluster.
  const database = await postgresForRun({
    server: process.env.CHAOS_DATABASE_URL,
    prefix: 'cohort_chaos_',
  });
  const inbox = await ChaosInbox.start();
  const receiver = await WebhookReceiver.start({ failShare: 0.1, hangShare: 0.05, random });
  let fleet: Fleet | undefined;
  let db: Database | undefined;
  // Whatever ends this process, the processes it started end with it.
  process.once('exit', () => {
    for (const slot of fleet?.slots ?? []) slot.process?.child.kill('SIGKILL');
  });
  try {
    db = openPostgres(database.url, 4);
    await migrateToLatest(db.db);
    const customers = await seed(db, 2);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      SMTP_URL: inbox.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_KEY: '1000000000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
      JOB_LEASE_MS: String(JOB_LEASE_MS),
      SHUTDOWN_GRACE_SECONDS: '5',
    };
    fleet = await Fleet.start(env, log);
    const running = fleet;
    log(`fleet up: ${fleet.origins.join(', ')} and a worker`);
    const tally = newTally();
    const client = new Client(() => running.origins, tally);
    await subscribe(client, customers, receiver.url);

    let person = 0;
    const scenario = { client, db: db.db, random, runId, nextPerson: () => person++, tally };
    const deadline = Date.now() + SECONDS * 1000;
    let studies = 0;
    const loops = Array.from({ length: LOOPS }, async (_, loop) => {
      while (Date.now() < deadline) {
        const n = studies++;
        await runStudy(scenario, customers[n % customers.length]!, `${runId}-${n}`).catch((error) =>
          log(`study ${n} (loop ${loop}) ended early: ${String(error)}`),
        );
      }
    });
    const kills: string[] = [];
    let killing = true;
    const killer = (async () => {
      while (killing && Date.now() < deadline) {
        await delay(KILL_MIN_MS + random() * (KILL_MAX_MS - KILL_MIN_MS));
        if (!killing || Date.now() >= deadline) break;
        const killed = await running.killOne(random);
        if (killed) kills.push(killed);
      }
    })();
    const progress = setInterval(
      () =>
        log(
          `${Math.round((deadline - Date.now()) / 1000)} s left: ${tally.requests} requests, ${tally.retried} retried, ${kills.length} kills, ${tally.studies} studies`,
        ),
      30_000,
    );
    await Promise.all(loops);
    killing = false;
    await killer;
    clearInterval(progress);
    log(`workload done: ${JSON.stringify(tally)}`);

    await fleet.settled();
    log('fleet whole again; draining');
    const drained = await drain(db, DRAIN_SECONDS);
    log(drained ? 'drained' : `not drained after ${DRAIN_SECONDS} s: checking as it is`);
    await fleet.stop();
    const stoppedAt = new Date().toISOString();
    // The SMTP and webhook servers may still have a message in hand from the last moments.
    await delay(1000);

    const state = await loadChaosState(db.db, receiver.received, inbox.received, stoppedAt);
    const rows = checkInvariants(state);
    const summary = [
      `Chaos run: ${SECONDS} s, seed ${SEED}; ${kills.length} processes SIGKILLed (${countOf(kills)}), ${fleet.slots.map((slot) => `${slot.name} started ${slot.starts}`).join(', ')}`,
      `${tally.requests} requests (${tally.retried} attempts sent again after a refused, reset or timed-out connection or a 5xx; ${tally.inFlight} met their key in flight; ${tally.replayed} replayed; ${tally.abandoned} given up), ${tally.studies} studies launched, ${tally.participants} participants`,
      `${state.events.length} events, ${state.deliveries.length} deliveries, receiver answered ${receiver.answered.ok} 200, ${receiver.answered.failed} 500, ${receiver.answered.hung} hung; ${state.mails.length} mails, ${inbox.received.length} received`,
      '',
    ].join('\n');
    process.stdout.write(`\n${summary}\n${formatTable(rows)}\n`);
    const steps = Object.entries(tally.steps)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, count]) => `${name}: ${count}`)
      .join(', ');
    process.stdout.write(`\nsteps (final status): ${steps}\n`);
    return rows.every((row) => row.ok) ? 0 : 1;
  } catch (error) {
    log(`failed: ${(error as Error).stack ?? String(error)}`);
    if (fleet) log(fleet.outputs());
    return 2;
  } finally {
    await fleet?.kill();
    await db?.destroy();
    await receiver.close();
    await inbox.close();
    await database.stop();
  }
}

const countOf = (names: string[]) =>
  [...new Set(names)]
    .sort()
    .map((name) => `${name} ${names.filter((other) => other === name).length}`)
    .join(', ');

/** Organizations with credit enough for the run, and an owner key each, as bench/scale-out.ts seeds. */
async function seed(database: Database, count: number): Promise<Customer[]> {
  const customers: Customer[] = [];
  for (let i = 0; i < count; i++) {
    const organization = await createOrganization(database.db, {
      name: `Chaos Lab ${i + 1}`,
      balanceCents: 0,
      platformFeeCents: 200,
    });
    await database.db.transaction().execute((trx) =>
      recordLedgerEntry(trx, {
        organizationId: organization.id,
        kind: 'credit',
        amountCents: 1_000_000_000,
        memo: 'Chaos run credit',
      }),
    );
    const { apiKey } = await createApiKey(database.db, organization.id, 'owner');
    customers.push({ organizationId: organization.id, apiKey });
  }
  return customers;
}

/**
 * Each organization's subscriptions, confirmed before any event: the first every type, the
 * second (first organization only) submissions alone, each at a path of its own on the receiver.
 */
async function subscribe(client: Client, customers: Customer[], receiverUrl: string) {
  const wanted = customers.flatMap((customer, n) => [
    { customer, path: `/org${n + 1}/all`, types: EVENT_TYPES },
    ...(n === 0
      ? [{ customer, path: `/org${n + 1}/submissions`, types: ['submission.status.change'] }]
      : []),
  ]);
  for (const { customer, path, types } of wanted) {
    const created = await client.call('POST', '/v2/hooks/subscriptions', {
      token: customer.apiKey,
      body: { target_url: `${receiverUrl}${path}`, event_types: types },
    });
    if (created.status !== 200) throw new Error(`subscription: ${JSON.stringify(created)}`);
    const confirmed = await client.call('POST', `/v2/hooks/subscriptions/${created.body.id}`, {
      token: customer.apiKey,
      body: {},
    });
    if (confirmed.status !== 200) throw new Error(`confirmation: ${JSON.stringify(confirmed)}`);
  }
}

/**
 * Waits until nothing is left to do now: no job due 10 s and not taken, no lease lapsed, no delivery pending, no mail
 * queued, no Idempotency-Key in flight. True when that happened within `seconds`.
 */
async function drain(database: Database, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const now = new Date().toISOString();
    // Recurring jobs come due every few seconds and are held between rounds by a live worker
    // (a lease in the future): what counts is a job due a while and not taken, or a lapsed lease.
    const settled = new Date(Date.now() - 10_000).toISOString();
    const db = database.db;
    const [jobs, deliveries, mails, keys] = await Promise.all([
      db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', settled)]),
          ]),
        )
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('mail_messages')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('idempotency_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('status', '=', 'in_flight')
        .executeTakeFirstOrThrow(),
    ]);
    const left = [jobs.n, deliveries.n, mails.n, keys.n].map(Number);
    if (left[0]! > 0 && Date.now() > deadline) {
      const due = await db
        .selectFrom('jobs')
        .select(['kind', 'status', 'run_at', 'locked_until', 'attempts'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', settled)]),
          ]),
        )
        .limit(10)
        .execute();
      log(`jobs due or running: ${JSON.stringify(due)}`);
    }
    if (left.every((count) => count === 0)) return true;
    if (Date.now() > deadline) {
      log(
        `left: ${left[0]} jobs due or running, ${left[1]} deliveries pending, ${left[2]} mails queued, ${left[3]} keys in flight`,
      );
      return false;
    }
    await delay(1000);
  }
}

process.exitCode = await main();
