import { expect } from 'vitest';
import { operatorActor } from '../../src/audit/index.ts';
import { type PayFrequencyChange, setPayFrequency } from '../../src/opportunities/index.ts';
import { type Client, client, type TestOrganization, type TestServer } from './harness.ts';
import { apply, signUp, type TestParticipant } from './participant-side.ts';

/**
 * Studies that pay beyond one approval (hourly, per task) and people at work on them, reached the
 * way the product gets there: a draft over HTTP, the operator's pay setting, launch, then
 * participants who sign up, apply, start, track time and hand in tasks. The server clock is the
 * test's `clock.now`, moved forward as work happens.
 */

export interface Clock {
  now: number;
}

/** Tasks long enough (10 h each) that the default time limit never ends work during a test. */
export const LONG_TASK = {
  sequence: 1,
  task_type: 'activity',
  review_type: 'manual_review',
  task_url: 'https://tasks.example/work',
  title: 'Work on the project',
  description: 'Do the work and hand it in',
  duration_minutes: 600,
};

export const GATED_SECOND_TASK = {
  ...LONG_TASK,
  sequence: 2,
  title: 'Second part',
  available_after_sequence: 1,
  available_after_delay_minutes: 0,
};

export interface PaidStudy {
  id: string;
  customer: Client;
}

/** A launched study paying `pay` (one_time when left out), with no screener. */
export async function payingStudy(
  server: TestServer,
  organization: TestOrganization,
  options: {
    pay?: PayFrequencyChange;
    numParticipants?: number;
    tasks?: unknown[];
    title?: string;
    filters?: unknown[];
  } = {},
): Promise<PaidStudy> {
  const customer = client(server, organization.apiKey);
  const project = await customer.post('/v2/projects', { name: 'Paid work' });
  expect(project.status, project.text).toBe(200);
  const created = await customer.post('/v2/opportunities', {
    title: options.title ?? 'Paid by the hour',
    description: 'Ongoing work on a research project',
    project_id: project.body.id,
    num_participants: options.numParticipants ?? 5,
    expected_days_to_complete: 30,
    screening_questions: [],
    filters: options.filters ?? [],
    tasks: options.tasks ?? [LONG_TASK],
  });
  expect(created.status, created.text).toBe(200);
  if (options.pay && options.pay.frequency !== 'one_time') {
    await setPayFrequency(server.database.db, {
      opportunityId: created.body.id,
      change: options.pay,
      actor: operatorActor(),
    });
  }
  const launched = await customer.post(`/v2/opportunities/${created.body.id}/launch`, {});
  expect(launched.status, launched.text).toBe(200);
  return { id: created.body.id, customer };
}

export interface Worker extends TestParticipant {
  submissionId: string;
  /** Records an entry ending `minutes` after the clock, then moves the clock to its end. */
  track(minutes: number): Promise<number>;
  submit(sequence?: number): Promise<void>;
}

/** Someone who applied and started work at the clock's time (`as` to reuse a person). */
export async function startWork(
  server: TestServer,
  clock: Clock,
  studyId: string,
  as?: TestParticipant,
): Promise<Worker> {
  const person = as ?? (await signUp(server));
  const applied = await apply(person, studyId, []);
  expect(applied.status).toBe('screen_passed');
  const submissionId = applied.submission_id!;
  const started = await person.api.post(`/v2/participant/submissions/${submissionId}/start`);
  expect(started.status, started.text).toBe(200);
  return {
    ...person,
    submissionId,
    async track(minutes) {
      const startedAt = new Date(clock.now + 1000).toISOString();
      clock.now += minutes * 60_000 + 2000;
      const endedAt = new Date(clock.now - 1000).toISOString();
      const response = await person.api.post('/v2/participant/time-entries', {
        submission_id: submissionId,
        started_at: startedAt,
        ended_at: endedAt,
      });
      expect(response.status, response.text).toBe(200);
      return response.body.seconds as number;
    },
    async submit(sequence = 1) {
      const response = await person.api.post(
        `/v2/participant/submissions/${submissionId}/tasks/${sequence}/submit`,
        { notes: 'Done' },
      );
      expect(response.status, response.text).toBe(200);
    },
  };
}

export async function balanceOf(server: TestServer, organizationId: string): Promise<number> {
  const row = await server.database.db
    .selectFrom('organizations')
    .select('balance_cents')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.balance_cents);
}

export async function ledgerOf(server: TestServer, organizationId: string) {
  const rows = await server.database.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    amount_cents: Number(row.amount_cents),
    participant_amount_cents: Number(row.participant_amount_cents),
    balance_after_cents: Number(row.balance_after_cents),
  }));
}
