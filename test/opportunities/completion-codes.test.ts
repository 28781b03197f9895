import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { up as backfillCompletionCodes } from '../../src/platform/db/migrations/0013-task-completion-codes.ts';
import { Browserless, createDashboardUser, startDashboardServer } from '../dashboard/support.ts';
import { engines, type TestServer } from '../support/harness.ts';
import { apply, signUp } from '../support/participant-side.ts';
import { type Customer, createDraft, INTERVIEW_TASK, newCustomer } from './fixtures.ts';

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

const TASKS = [
  INTERVIEW_TASK,
  { sequence: 2, task_type: 'activity', title: 'Survey', duration_minutes: 10 },
  {
    sequence: 3,
    task_type: 'file_upload',
    title: 'Upload your receipts',
    duration_minutes: 5,
  },
];

interface TaskView {
  sequence: number;
  completion_code: string;
  completion_url: string;
  [field: string]: unknown;
}

const codesOf = (tasks: TaskView[]) => tasks.map((task) => task.completion_code);

describe.each(engines())('task completion codes on %s', (engine) => {
  let server: TestServer;
  let publicUrl: string;
  beforeAll(async () => {
    loadGeography();
    ({ server } = await startDashboardServer(engine));
    publicUrl = server.context.config.publicUrl;
  });
  afterAll(() => server.close());

  const launch = async (customer: Customer, id: string) => {
    const launched = await customer.api.post(`/v2/opportunities/${id}/launch`, {});
    expect(launched.status).toBe(200);
    return launched.body;
  };

  it('gives each task of the researcher’s opportunity a code and the URL that completes it', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { tasks: TASKS });
    const tasks = draft.tasks as TaskView[];
    expect(new Set(codesOf(tasks)).size).toBe(TASKS.length);
    for (const task of tasks) {
      expect(task.completion_code).toMatch(CODE);
      expect(task.completion_url).toBe(
        `${publicUrl}/participate/complete?code=${task.completion_code}`,
      );
    }
    const read = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(read.body.tasks).toEqual(tasks);
    // Another opportunity's tasks get codes of their own.
    const other = await createDraft(customer, { tasks: TASKS });
    expect(codesOf(other.tasks)).not.toEqual(codesOf(tasks));
  });

  it('keeps the codes through a draft’s edits and its launch', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { tasks: TASKS });
    const edited = await customer.api.patch(`/v2/opportunities/${draft.id}`, {
      title: 'Renamed',
      screening_questions: [{ key: 'ok', text: 'Fine?', pick: 'boolean' }],
      expected_days_to_complete: 3,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.tasks).toEqual(draft.tasks);
    const launched = await launch(customer, draft.id);
    expect(launched.tasks).toEqual(draft.tasks);
  });

  it('accepts a task read back, ignoring its code and URL', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { tasks: TASKS });
    const again = await createDraft(customer, { tasks: draft.tasks });
    const withoutCodes = (tasks: TaskView[]) =>
      tasks.map(({ completion_code: _c, completion_url: _u, ...task }) => task);
    expect(withoutCodes(again.tasks)).toEqual(withoutCodes(draft.tasks));
    for (const [index, task] of (again.tasks as TaskView[]).entries()) {
      expect(task.completion_code).toMatch(CODE);
      expect(task.completion_code).not.toBe(draft.tasks[index].completion_code);
    }
  });

  it('never shows a code to participants', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { tasks: TASKS });
    await launch(customer, draft.id);
    const codes = codesOf(draft.tasks);
    const participant = await signUp(server);
    const brief = await participant.api.get(`/v2/participant/opportunities/${draft.id}`);
    expect(brief.status).toBe(200);
    expect(brief.body.tasks).toHaveLength(TASKS.length);
    for (const task of brief.body.tasks) {
      expect(task).not.toHaveProperty('completion_code');
      expect(task).not.toHaveProperty('completion_url');
    }
    const { submission_id } = await apply(participant, draft.id, []);
    const reads = [
      brief,
      await participant.api.get('/v2/participant/opportunities'),
      await participant.api.get(`/v2/participant/submissions/${submission_id}`),
      await participant.api.get('/v2/participant/submissions'),
    ];
    for (const response of reads) {
      expect(response.status).toBe(200);
      for (const code of codes) expect(response.text).not.toContain(code);
      expect(response.text).not.toContain('/participate/complete');
    }
  });

  it('shows each code and completion URL on the dashboard’s task page', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { tasks: TASKS });
    await launch(customer, draft.id);
    const person = await createDashboardUser(server, customer.organization.id, 'viewer');
    const browser = new Browserless(server.url);
    await browser.signIn(person.email, person.password);
    const page = await browser.get(`/dashboard/studies/${draft.id}/tasks`);
    expect(page.status).toBe(200);
    const [interview, survey, upload] = draft.tasks as TaskView[];
    for (const task of [interview!, survey!]) {
      expect(page.text).toContain(`<code>${task.completion_code}</code>`);
      expect(page.text).toContain(`<code class="wrap">${task.completion_url}</code>`);
    }
    expect(page.text).toContain("Set your survey tool's end-of-survey redirect to this URL.");
    // Files are handed in on the task's page: a code that cannot complete the task is not shown.
    expect(page.text).not.toContain(upload!.completion_code);
  });

  it('backfills a code into every task stored without one (migration 0013)', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { tasks: TASKS });
    const [first, ...rest] = draft.tasks as TaskView[];
    // As stored before completion codes, but for one task that has one already.
    const stored = [
      { ...first, completion_url: undefined, participant_url_template: undefined },
      ...rest.map(
        ({ completion_code: _c, completion_url: _u, participant_url_template: _p, ...task }) =>
          task,
      ),
    ];
    const { db } = server.database;
    await db
      .updateTable('opportunities')
      .set({ tasks: JSON.stringify(stored) })
      .where('id', '=', draft.id)
      .execute();
    const before = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(before.body.tasks[1]).not.toHaveProperty('completion_code');

    await backfillCompletionCodes(db as never);
    const after = await customer.api.get(`/v2/opportunities/${draft.id}`);
    const tasks = after.body.tasks as TaskView[];
    expect(tasks[0]!.completion_code).toBe(first!.completion_code);
    for (const task of tasks) {
      expect(task.completion_code).toMatch(CODE);
      expect(task.completion_url).toBe(
        `${publicUrl}/participate/complete?code=${task.completion_code}`,
      );
    }
    expect(new Set(codesOf(tasks)).size).toBe(tasks.length);
    const row = () =>
      db
        .selectFrom('opportunities')
        .select(['tasks', 'updated_at'])
        .where('id', '=', draft.id)
        .executeTakeFirstOrThrow();
    const migrated = await row();
    expect(migrated.updated_at).toBe(draft.updated_at);

    // Run again, it finds nothing to do.
    await backfillCompletionCodes(db as never);
    expect(await row()).toEqual(migrated);
  });
});
