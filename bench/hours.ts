/**
 * Hours of a large study (issue 8): 2,000 people x 60 days of tracked time, seeded through the store
 * functions into the database `npm start` serves, then GET /v2/opportunities/{id}/hours for a
 * 31-day window (about 56,000 rows, 13 MB of JSON) over HTTP: sequential latency (p50, p99) and
 * throughput with four clients at once. Also the report built in-process, phase by phase, to show
 * where the time goes. In `npm run bench hours`, or alone: ./node_modules/.bin/node bench/hours.ts
 */

import fs from 'node:fs';
import path from 'node:path';
import { readHoursReport } from '../src/hours/hours-report.ts';
import {
  aggregateHoursRows,
  candidateDatesForWindow,
  countedSeconds,
  parseHoursWindow,
  splitIntervalByLocalDay,
} from '../src/hours/index.ts';
import { addDailySeconds, readDailyHours } from '../src/hours/store.ts';
import { insertTimeEntry } from '../src/hours/time-entries.store.ts';
import { insertOpportunity } from '../src/opportunities/store.ts';
import { findKeyByHash } from '../src/organizations/api-keys.ts';
import { insertParticipant } from '../src/participants/store.ts';
import { hashSecret } from '../src/platform/credentials.ts';
import { openSqlite } from '../src/platform/db/database.ts';
import { newId } from '../src/platform/ids.ts';
import { insertProject } from '../src/projects/store.ts';
import { insertSubmission } from '../src/submissions/store.ts';
import { startCohort } from './lib/processes.ts';

const PEOPLE = Number(process.env.BENCH_HOURS_PEOPLE ?? 2000);
const DAYS = 60;
const WINDOW_DAYS = 31;
const DAY_MS = 86_400_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** Every kind of offset: daylight saving both hemispheres, +05:30, +05:45, +14, -11. */
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Berlin',
  'Africa/Lagos',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];

type SeededDb = ReturnType<typeof openSqlite>['db'];

async function seedStudy(db: SeededDb, organizationId: string, firstDayMs: number) {
  const project = await insertProject(db, organizationId, { name: 'Hours benchmark' });
  const created = new Date(firstDayMs - 5 * DAY_MS).toISOString();
  const opportunity = await insertOpportunity(db, {
    id: newId('opportunity'),
    organization_id: organizationId,
    project_id: project.id,
    status: 'active',
    title: 'Two months of diary work',
    internal_title: null,
    description: 'Track your time while you work',
    num_participants: PEOPLE,
    estimated_duration_minutes: 120,
    business_type: 'b2b',
    candidate_profile: null,
    device_types: '["desktop"]',
    required_accounts: '[]',
    video_required: 'none',
    screen_share_required: 'none',
    customer_screening_review: 'auto_invite',
    pay_frequency: 'hourly',
    screening_option_randomization: 'disabled',
    forwarding_email_enabled: 'disabled',
    max_responses_per_expert: null,
    feasibility_request_id: null,
    filters: '[]',
    screening_questions: '[]',
    quotas: '[]',
    cross_quotas: '[]',
    tasks: '[]',
    incentive_cents: 5000,
    platform_fee_cents: 200,
    cost_per_participant_cents: 5200,
    total_cost_cents: 5200 * PEOPLE,
    pricing_basis: null,
    expected_days_to_complete: DAYS,
    ending_at: null,
    launched_at: created,
    stopped_at: null,
    stop_reason: null,
    deleted_at: null,
    created_at: created,
    updated_at: created,
  });

  let entries = 0;
  for (let person = 0; person < PEOPLE; person++) {
    const timezone = ZONES[person % ZONES.length]!;
    await db.transaction().execute(async (trx) => {
      const { participant } = await insertParticipant(trx, {
        name: `Person ${person}`,
        email: `person-${person}-${newId('participant').slice(4)}@example.org`,
        linkedin_url: null,
        timezone,
        birth_date: '1990-01-01',
        country_id: 'US',
        state_id: null,
        city_id: null,
        attributes: '{}',
        linked_accounts: '[]',
        background: '{}',
      });
      const submission = await insertSubmission(trx, {
        organization_id: organizationId,
        opportunity_id: opportunity.id,
        participant_id: participant.id,
        status: 'in_progress',
        screening_outcome: 'passed',
        screening_answers: '[]',
        quota_cells: '[]',
        started_at: created,
        submitted_at: null,
        decided_at: null,
        rejection_category: null,
        rejection_reason: null,
        closed_reason: null,
        paid_cents: 0,
      });
      for (let day = 0; day < DAYS; day++) {
        // A different hour each day, so many entries cross someone's local midnight.
        const startMs = firstDayMs + day * DAY_MS + ((person * 7 + day * 5) % 24) * 3_600_000;
        const endMs = startMs + (1 + ((person + day) % 3)) * 3_600_000 + 1_234_000;
        const now = new Date(endMs).toISOString();
        await insertTimeEntry(trx, {
          participantId: participant.id,
          submissionId: submission.id,
          opportunityId: opportunity.id,
          startedAt: new Date(startMs).toISOString(),
          endedAt: now,
          seconds: countedSeconds(startMs, endMs),
          now,
        });
        await addDailySeconds(trx, {
          opportunityId: opportunity.id,
          participantId: participant.id,
          submissionId: submission.id,
          timezone,
          days: splitIntervalByLocalDay(startMs, endMs, timezone),
          now,
        });
        entries++;
      }
    });
  }
  return { opportunityId: opportunity.id, entries };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function benchHours() {
  const cohort = await startCohort();
  const auth = { authorization: `Bearer ${cohort.apiKey}` };
  const database = openSqlite(path.join(cohort.dataDir, 'cohort.sqlite'));
  try {
    const key = await findKeyByHash(database.db, hashSecret(cohort.apiKey));
    if (!key) throw new Error('the demo key is not in the database');
    // Work over the 60 whole UTC days before today, all of it in the past.
    const firstDayMs = Math.floor(Date.now() / DAY_MS) * DAY_MS - (DAYS + 1) * DAY_MS;
    const seedStart = performance.now();
    const { opportunityId, entries } = await seedStudy(
      database.db,
      key.organization.id,
      firstDayMs,
    );
    const dailyRows = await database.db
      .selectFrom('hours_daily')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('opportunity_id', '=', opportunityId)
      .executeTakeFirstOrThrow();
    console.log(
      `seeded ${PEOPLE} people x ${DAYS} days: ${entries} time entries, ${dailyRows.n} per-day rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const from = new Date(firstDayMs + 15 * DAY_MS).toISOString().slice(0, 10);
    const to = new Date(firstDayMs + (15 + WINDOW_DAYS) * DAY_MS).toISOString().slice(0, 10);
    const url = `${cohort.url}/v2/opportunities/${opportunityId}/hours?from=${from}&to=${to}`;

    // In-process, phase by phase, in CPU time (steadier than wall time on a busy machine): the
    // store read, the window rule and sums, and JSON.
    const window = parseHoursWindow(from, to);
    if (!window.ok) throw new Error(JSON.stringify(window.issues));
    const phases = { read: [] as number[], aggregate: [] as number[], json: [] as number[] };
    const cpuMs = () => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1000;
    };
    let report = await readHoursReport(database.db, {
      organizationId: key.organization.id,
      opportunityId,
      from,
      to,
      now: Date.now(),
    });
    for (let i = 0; i < 15; i++) {
      let mark = cpuMs();
      const rows = await readDailyHours(database.db, {
        opportunityId,
        ...candidateDatesForWindow(window.fromMs, window.toMs),
      });
      phases.read.push(cpuMs() - mark);
      mark = cpuMs();
      report = aggregateHoursRows({ rows, window, asOf: Date.now() });
      phases.aggregate.push(cpuMs() - mark);
      mark = cpuMs();
      JSON.stringify(report);
      phases.json.push(cpuMs() - mark);
    }
    for (const list of Object.values(phases)) list.sort((a, b) => a - b);

    // Over HTTP, one request at a time: the latency a customer sees.
    const sequential: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 3; i++) await fetch(url, { headers: auth }).then((r) => r.text());
    const deadline = performance.now() + SECONDS * 1000;
    while (performance.now() < deadline || sequential.length < 20) {
      const start = performance.now();
      const response = await fetch(url, { headers: auth });
      const body = await response.arrayBuffer();
      sequential.push(performance.now() - start);
      if (response.status !== 200) throw new Error(`GET hours: ${response.status}`);
      bytes = body.byteLength;
    }
    sequential.sort((a, b) => a - b);

    // Throughput with a few clients at once (autocannon's parser is not made for 13 MB bodies).
    const concurrent: number[] = [];
    const loadStart = performance.now();
    const loadEnd = loadStart + Math.max(SECONDS, 10) * 1000;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() < loadEnd) {
          const start = performance.now();
          const response = await fetch(url, { headers: auth });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`GET hours: ${response.status}`);
          concurrent.push(performance.now() - start);
        }
      }),
    );
    const loadedRate = concurrent.length / ((performance.now() - loadStart) / 1000);
    concurrent.sort((a, b) => a - b);

    console.log(
      `window ${from} to ${to} (${WINDOW_DAYS} days): ${report.data.length} rows, ${report.total_hours} h, ${(bytes / 1024 / 1024).toFixed(1)} MiB of JSON`,
    );
    console.log(
      `in-process CPU ms (median of 15): store read ${percentile(phases.read, 50).toFixed(0)}, window and sums ${percentile(phases.aggregate, 50).toFixed(0)}, JSON ${percentile(phases.json, 50).toFixed(0)}`,
    );
    console.log('\n| run | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|');
    console.log(
      `| GET hours over HTTP, one at a time (${sequential.length} requests) | ${(1000 / percentile(sequential, 50)).toFixed(1)} | ${percentile(sequential, 50).toFixed(0)} | ${percentile(sequential, 99).toFixed(0)} | 0 |`,
    );
    console.log(
      `| GET hours over HTTP, 4 clients at once (${concurrent.length} requests) | ${loadedRate.toFixed(1)} | ${percentile(concurrent, 50).toFixed(0)} | ${percentile(concurrent, 99).toFixed(0)} | 0 |`,
    );
    return { phases, sequential, loaded: loadedRate };
  } finally {
    await database.destroy();
    await cohort.stop();
    // About 80 MB of seeded data: not worth keeping.
    fs.rmSync(cohort.dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await benchHours();
