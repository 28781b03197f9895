/**
 * Invitations at scale (issue 35, item 7: inviting 5,000 of 100,000 eligible takes at most 2 s on
 * each engine). Seeds BENCH_INVITE_PANEL simulated participants (100,000 by default) with credit
 * for the studies, launches one study per measured call (the whole panel eligible: no filters),
 * and times `POST /v2/opportunities/{id}/invitations {"count": 5000}` over HTTP, each call
 * drawing its sample, writing 5,000 invitations and 5,000 mails with their jobs in one
 * transaction, and counting who is left. Each call waits until the worker has sent the previous
 * call's mails, so it is timed alone. Then checks in the database that every call wrote
 * exactly 5,000 distinct invitations and as many mails. SQLite, then PostgreSQL
 * (BENCH_DATABASE_URL or its own throwaway cluster). In `npm run bench invitations`.
 */

import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { postgresBinaries, startThrowawayPostgres } from '../scripts/postgres.ts';
import { recordLedgerEntry } from '../src/finance/index.ts';
import { createApiKey, createOrganization } from '../src/organizations/index.ts';
import { participantFields } from '../src/participants/profile.ts';
import { seededRandom, simulatedProfile } from '../src/participants/simulated-panel.ts';
import { insertParticipants, type NewParticipant } from '../src/participants/store.ts';
import {
  type Database,
  type Db,
  migrateToLatest,
  openPostgres,
  openSqlite,
} from '../src/platform/db/database.ts';
import { launchOpenStudy } from './lib/open-study.ts';
import { peakResidentMb } from './lib/proc-stats.ts';
import { cohortCommand, freePort, startChild, startCohort } from './lib/processes.ts';

const PANEL = Number(process.env.BENCH_INVITE_PANEL ?? 100_000);
const INVITE = 5_000;
const CALLS = Number(process.env.BENCH_INVITE_CALLS ?? 3);
const GOAL_MS = 2_000;
/** Issue 37, item 5: the serving process stays within 200 MB resident. */
const RESIDENT_GOAL_MB = 200;
const SEED_CHUNK = 5_000;

export interface InvitationRun {
  engine: string;
  panel: number;
  /** Each call's wall time over HTTP, in the order made. */
  callsMs: number[];
  /** Every call wrote exactly INVITE distinct invitations, each with its mail. */
  exact: boolean;
  /** `serve`'s peak resident memory (VmHWM) after the calls, in MiB: issue 37's goal is 200. */
  peakResidentMb: number;
}

export interface InvitationsResult {
  sqlite?: InvitationRun;
  postgres?: InvitationRun;
}

async function seed(db: Db, organizationId: string) {
  const random = seededRandom(35);
  const runId = `invite-${Date.now().toString(36)}`;
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    await recordLedgerEntry(trx, {
      organizationId,
      kind: 'credit',
      amountCents: 1_000_000_000,
      memo: 'Benchmark credit',
    });
    for (let from = 0; from < PANEL; from += SEED_CHUNK) {
      const chunk: NewParticipant[] = [];
      for (let n = from; n < Math.min(PANEL, from + SEED_CHUNK); n++) {
        chunk.push({ fields: participantFields(simulatedProfile(random, n, runId)) });
      }
      await insertParticipants(trx, chunk);
    }
  });
  return (performance.now() - started) / 1000;
}

async function mailQueueDrained(open: () => Database, timeoutMs = 180_000) {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    const database = open();
    try {
      const row = await database.db
        .selectFrom('mail_messages')
        .select((eb) => eb.fn.countAll<number | string>().as('queued'))
        .where('status', '=', 'queued')
        .executeTakeFirstOrThrow();
      if (Number(row.queued) === 0) return;
    } finally {
      await database.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('the mail queue did not drain');
}

async function measure(
  engine: string,
  server: { url: string; pid: number },
  apiKey: string,
  open: () => Database,
) {
  const { url } = server;
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const callsMs: number[] = [];
  const studies: string[] = [];
  for (let n = 0; n < CALLS; n++) {
    // Each call is timed on its own: the worker has sent the previous call's mails first (that
    // pipeline is the mail benchmark's figure), so one call's sends do not slow the next.
    await mailQueueDrained(open);
    const id = await launchOpenStudy(url, headers, `Invitation benchmark ${n}`);
    studies.push(id);
    const sent = performance.now();
    const response = await fetch(`${url}/v2/opportunities/${id}/invitations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ count: INVITE }),
    });
    const answer = (await response.json()) as { invited?: number };
    callsMs.push(performance.now() - sent);
    if (response.status !== 200 || answer.invited !== INVITE) {
      throw new Error(`invitations: ${response.status} ${JSON.stringify(answer)}`);
    }
  }
  const peak = peakResidentMb(server.pid);
  const database = open();
  let exact = true;
  try {
    for (const id of studies) {
      const row = await sql<{
        rows: number | string;
        people: number | string;
        mails: number | string;
      }>`
        select count(*) as rows, count(distinct i.participant_id) as people,
          count(m.id) as mails
        from invitations i left join mail_messages m on m.id = i.mail_id
        where i.opportunity_id = ${id}
      `.execute(database.db);
      const counts = row.rows[0]!;
      exact &&=
        Number(counts.rows) === INVITE &&
        Number(counts.people) === INVITE &&
        Number(counts.mails) === INVITE;
    }
  } finally {
    await database.destroy();
  }
  return { engine, panel: PANEL, callsMs, exact, peakResidentMb: peak } satisfies InvitationRun;
}

async function sqliteRun(): Promise<InvitationRun> {
  const cohort = await startCohort();
  try {
    const file = path.join(cohort.dataDir, 'cohort.sqlite');
    const database = openSqlite(file);
    try {
      const owner = await database.db
        .selectFrom('organizations')
        .select('id')
        .executeTakeFirstOrThrow();
      const seconds = await seed(database.db, owner.id);
      process.stdout.write(
        `Seeded ${PANEL.toLocaleString('en')} participants on SQLite in ${seconds.toFixed(1)} s\n`,
      );
      await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
    } finally {
      await database.destroy();
    }
    return await measure('sqlite', cohort, cohort.apiKey, () => openSqlite(file));
  } finally {
    await cohort.stop();
  }
}

async function postgresRun(url: string): Promise<InvitationRun> {
  const database = openPostgres(url, 2);
  let apiKey: string;
  try {
    await migrateToLatest(database.db);
    const organization = await createOrganization(database.db, {
      name: 'Invitations',
      balanceCents: 0,
      platformFeeCents: 200,
    });
    apiKey = (await createApiKey(database.db, organization.id, 'owner')).apiKey;
    const seconds = await seed(database.db, organization.id);
    process.stdout.write(
      `Seeded ${PANEL.toLocaleString('en')} participants on PostgreSQL in ${seconds.toFixed(1)} s\n`,
    );
    await sql`analyze`.execute(database.db);
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
    return await measure('postgresql', cohort, apiKey, () => openPostgres(url, 2));
  } finally {
    await cohort.stop();
  }
}

function print(run: InvitationRun) {
  const sorted = [...run.callsMs].sort((a, b) => a - b);
  const worst = sorted.at(-1)!;
  process.stdout.write(
    `| ${run.engine} | ${run.panel.toLocaleString('en')} | ${run.callsMs.map((ms) => ms.toFixed(0)).join(', ')} | ${worst.toFixed(0)} | ≤ ${GOAL_MS}: ${worst <= GOAL_MS ? 'yes' : 'NO'} | ${run.exact ? 'yes' : 'NO'} | ${run.peakResidentMb.toFixed(0)} (≤ ${RESIDENT_GOAL_MB}: ${run.peakResidentMb <= RESIDENT_GOAL_MB ? 'yes' : 'NO'}) |\n`,
  );
}

export async function benchInvitations(): Promise<InvitationsResult> {
  const result: InvitationsResult = {};
  result.sqlite = await sqliteRun();
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    result.postgres = await postgresRun(given);
  } else if (postgresBinaries()) {
    const cluster = await startThrowawayPostgres();
    try {
      result.postgres = await postgresRun(cluster.url);
    } finally {
      await cluster.stop();
    }
  } else {
    process.stdout.write('PostgreSQL not run: no BENCH_DATABASE_URL and no initdb/pg_ctl\n');
  }
  process.stdout.write(
    `\nPOST /v2/opportunities/{id}/invitations {"count": ${INVITE}}, each on a new study with the whole panel eligible\n| engine | panel | each call, ms | slowest ms | goal | ${INVITE.toLocaleString('en')} distinct, each with a mail | serve peak resident MB |\n|---|---|---|---|---|---|---|\n`,
  );
  for (const run of [result.sqlite, result.postgres]) if (run) print(run);
  return result;
}

if (import.meta.main) await benchInvitations();
