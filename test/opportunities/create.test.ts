import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respondToFeasibilityRequest } from '../../src/feasibility/respond.ts';
import { audienceSelectivity } from '../../src/filters/geography-filters.ts';
import { FILE_UPLOAD_DEFAULTS } from '../../src/opportunities/index.ts';
import { estimateIncentive, estimateScreenerStrictness } from '../../src/pricing/index.ts';
import { normalizeScreener } from '../../src/screening/index.ts';
import {
  client,
  createTestKey,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { createDraft, draftBody, INTERVIEW_TASK, newCustomer, RICH_SCREENER } from './fixtures.ts';
import { ledgerRows } from './seed.ts';

const US_ADULTS = [
  { 'multi_select--country': { $in: ['US'] } },
  { 'integer--age': { $gte: 25, $lte: 40 } },
];

/** A task's completion code and URL (test/opportunities/completion-codes.test.ts checks them). */
const completion = (task: { completion_code: string }) => ({
  completion_code: expect.stringMatching(/^[A-Z2-9]{8}$/),
  completion_url: `http://cohort.test/participate/complete?code=${task.completion_code}`,
});

function expectedCost(input: {
  filters: unknown[];
  questions: unknown[];
  numParticipants: number;
  minutes: number;
  days: number;
  b2b?: boolean;
  feeCents: number;
}) {
  const { value } = normalizeScreener({ questions: input.questions as never });
  const { incentiveCents } = estimateIncentive({
    numParticipants: input.numParticipants,
    durationMinutes: input.minutes,
    audienceSelectivity: audienceSelectivity(input.filters),
    screenerStrictness: estimateScreenerStrictness(value.questions),
    recruitmentWindowDays: input.days,
    b2b: input.b2b ?? false,
  });
  return incentiveCents + input.feeCents;
}

describe.each(engines())('POST /v2/opportunities on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  // The defaults are those docs/api/opportunities.md lists under "Required on create".
  it('creates a draft that reads back in full, with every documented default', async () => {
    const customer = await newCustomer(server, { balanceCents: 50_000 });
    const draft = await createDraft(customer, { ...RICH_SCREENER, filters: US_ADULTS });
    expect(draft).toMatchObject({
      title: 'Checkout study',
      internal_title: null,
      description: 'How people pay online',
      status: 'draft',
      num_participants: 4,
      estimated_duration_minutes: 30,
      filters: US_ADULTS,
      device_types: ['desktop', 'mobile_ios', 'mobile_android', 'other'],
      business_type: null,
      candidate_profile: null,
      required_accounts: [],
      video_required: 'none',
      screen_share_required: 'none',
      customer_screening_review: 'auto_invite',
      pay_frequency: 'one_time',
      screening_option_randomization: 'disabled',
      forwarding_email_enabled: 'disabled',
      max_responses_per_expert: null,
      feasibility_request_id: null,
      project_id: customer.projectId,
      launched_at: null,
    });
    expect(draft.id).toMatch(/^opp_/);
    expect(draft.created_at).toBe(draft.updated_at);
    // Draft only: funding; never the launched-only blocks.
    expect(draft.funding).toEqual({
      affordable: true,
      draws_on_credit: false,
      balance_cents: 50_000,
      shortfall_cents: 0,
      finance_url: 'http://cohort.test/dashboard/finance',
    });
    for (const block of [
      'submission_stats',
      'quota_progress',
      'cross_quota_progress',
      'screening_stats',
    ]) {
      expect(draft).not.toHaveProperty(block);
    }
    const self = `/v2/opportunities/${draft.id}`;
    const builder = `http://cohort.test/dashboard/studies/${draft.id}/builder`;
    expect(draft.links).toEqual({
      self,
      launch: `${self}/launch`,
      submissions: `${self}/submissions`,
      dashboard: {
        study: builder,
        draft_editor: builder,
        submissions: null,
        recruitment: null,
        task: null,
        settings: null,
      },
    });
    // Nothing charged at create.
    expect(
      (await ledgerRows(server.database.db, customer.organization.id)).map((r) => r.kind),
    ).toEqual(['credit']);
  });

  it('reads the screener back in the shape create accepts: keys assigned, single-select logic as must', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, RICH_SCREENER);
    const [role, tools, remote, rate, why] = draft.screening_questions;
    expect(role.answers).toEqual([
      { text: 'Engineer', qualify_logic: 'must' },
      { text: 'Designer', qualify_logic: 'must' },
      { text: 'Student', qualify_logic: 'reject' },
    ]);
    expect(tools.key).toBe('q2');
    expect(tools.answers).toEqual([
      { text: 'Figma', qualify_logic: 'must' },
      { text: 'Sketch', qualify_logic: 'may' },
      { text: 'Other', qualify_logic: 'may', allow_free_text: true },
    ]);
    expect(tools.min_qualifying).toBe(1);
    expect(tools.display_condition).toEqual(
      RICH_SCREENER.screening_questions[1]!.display_condition,
    );
    expect(remote.answers).toEqual([
      { text: 'Yes', qualify_logic: 'must' },
      { text: 'No', qualify_logic: 'review' },
    ]);
    expect(remote.skip_rules).toHaveLength(1);
    expect(role).not.toHaveProperty('skip_rules');
    expect(rate.grid.cell_actions).toEqual([
      { row: 'speed', column: 'bad', qualify_logic: 'reject' },
    ]);
    expect(why).toEqual({ key: 'why', text: 'Why?', pick: 'text', answers: [] });
    expect(draft.quotas).toEqual([
      {
        screening_question: 'role',
        targets: [
          { value: 'Engineer', count: 2, type: 'minimum' },
          { value: 'Designer', count: 2, type: 'maximum' },
        ],
      },
    ]);
    expect(draft.cross_quotas).toEqual(RICH_SCREENER.cross_quotas);

    // What reads back is accepted again unchanged.
    const again = await createDraft(customer, {
      screening_questions: draft.screening_questions,
      quotas: draft.quotas,
      cross_quotas: draft.cross_quotas,
      tasks: draft.tasks,
    });
    expect(again.screening_questions).toEqual(draft.screening_questions);
    // All but the completion codes, which are the new opportunity's own.
    const withoutCodes = (tasks: Record<string, unknown>[]) =>
      tasks.map(({ completion_code: _c, completion_url: _u, ...task }) => task);
    expect(withoutCodes(again.tasks)).toEqual(withoutCodes(draft.tasks));
  });

  it('shows tasks with participant_url_template, and file_upload defaults', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, {
      tasks: [
        INTERVIEW_TASK,
        {
          sequence: 2,
          task_type: 'file_upload',
          title: 'Upload your receipts',
          description: 'Photos or PDFs',
          duration_minutes: 10,
          instructions: 'One file per receipt',
          max_files: 3,
          available_after_sequence: 1,
          available_after_delay_minutes: 60,
        },
        { task_type: 'activity', title: 'Diary', duration_minutes: 5, sequence: 3 },
      ],
    });
    expect(draft.estimated_duration_minutes).toBe(45);
    expect(draft.tasks[0]).toEqual({
      ...INTERVIEW_TASK,
      ...completion(draft.tasks[0]),
      review_type: 'manual_review',
      participant_url_template:
        'https://meet.example.com/room?lang=en&submissionId={submissionId}&serviceSubmissionId={submissionId}&taskId={taskId}',
    });
    expect(draft.tasks[1]).toEqual({
      ...completion(draft.tasks[1]),
      sequence: 2,
      task_type: 'file_upload',
      review_type: 'manual_review',
      task_url: null,
      title: 'Upload your receipts',
      description: 'Photos or PDFs',
      duration_minutes: 10,
      available_after_sequence: 1,
      available_after_delay_minutes: 60,
      instructions: 'One file per receipt',
      accepted_mime_types: [...FILE_UPLOAD_DEFAULTS.accepted_mime_types],
      min_files: FILE_UPLOAD_DEFAULTS.min_files,
      max_files: 3,
      max_file_size_bytes: FILE_UPLOAD_DEFAULTS.max_file_size_bytes,
    });
    // No task_url: no template, and no file_upload fields on other types.
    expect(draft.tasks[2]).toEqual({
      ...completion(draft.tasks[2]),
      sequence: 3,
      task_type: 'activity',
      review_type: 'manual_review',
      task_url: null,
      title: 'Diary',
      description: '',
      duration_minutes: 5,
    });
  });

  it('keeps every field create sets, and a given estimated duration', async () => {
    const customer = await newCustomer(server);
    const fields = {
      internal_title: 'Q3 checkout',
      estimated_duration_minutes: 50,
      business_type: 'b2b',
      candidate_profile: 'Finance leads at mid-size retailers',
      device_types: ['desktop'],
      required_accounts: ['linkedin'],
      video_required: 'required',
      screen_share_required: 'requested',
      customer_screening_review: 'manual_review',
      pay_frequency: 'one_time',
      screening_option_randomization: 'enabled',
      forwarding_email_enabled: 'enabled',
      max_responses_per_expert: 2,
    };
    const draft = await createDraft(customer, fields);
    expect(draft).toMatchObject(fields);
  });

  it('keeps explicit nulls as null (never coerced to empty strings or zeros)', async () => {
    const customer = await newCustomer(server);
    const nulls = {
      internal_title: null,
      description: null,
      business_type: null,
      candidate_profile: null,
      feasibility_request_id: null,
      max_responses_per_expert: null,
    };
    const draft = await createDraft(customer, {
      ...nulls,
      tasks: [{ ...INTERVIEW_TASK, task_url: null, available_after_sequence: null }],
    });
    expect(draft).toMatchObject(nulls);
    expect(draft.tasks[0].task_url).toBeNull();
    expect(draft.tasks[0]).not.toHaveProperty('participant_url_template');
    expect(draft.tasks[0]).not.toHaveProperty('available_after_sequence');
  });

  it('prices with the documented estimate, the organization fee, and the window; ending_at follows the window', async () => {
    const customer = await newCustomer(server);
    const body = {
      ...RICH_SCREENER,
      filters: US_ADULTS,
      num_participants: 40,
      expected_days_to_complete: 3,
    };
    const draft = await createDraft(customer, body);
    const cost = expectedCost({
      filters: US_ADULTS,
      questions: RICH_SCREENER.screening_questions,
      numParticipants: 40,
      minutes: 30,
      days: 3,
      feeCents: server.context.config.defaultPlatformFeeCents,
    });
    expect(draft.pricing).toEqual({
      cost_per_participant_cents: cost,
      total_cost_cents: cost * 40,
      currency: 'usd',
    });
    const days = (Date.parse(draft.ending_at) - Date.parse(draft.created_at)) / 86_400_000;
    expect(days).toBe(3);

    // Narrower, longer, more urgent and B2B studies never cost less.
    const b2b = await createDraft(customer, { ...body, business_type: 'b2b' });
    expect(b2b.pricing.cost_per_participant_cents).toBeGreaterThan(cost);
    const slower = await createDraft(customer, { ...body, expected_days_to_complete: 14 });
    expect(slower.pricing.cost_per_participant_cents).toBeLessThan(cost);

    // The platform fee is the organization's own.
    await server.database.db
      .updateTable('organizations')
      .set({ platform_fee_cents: 750 })
      .where('id', '=', customer.organization.id)
      .execute();
    const withFee = await createDraft(customer, body);
    expect(withFee.pricing.cost_per_participant_cents - cost).toBe(
      750 - server.context.config.defaultPlatformFeeCents,
    );
  });

  it('honours a RESPONDED feasibility price exactly; RECEIVED is a 409, unknown a 400', async () => {
    const customer = await newCustomer(server);
    // Five hours, past the automatic pricing's bounds (src/feasibility/auto-price.ts): it stays
    // RECEIVED until the operator below prices it. Within them, any worker on the shared
    // PostgreSQL test database could price it first, and the early create would be a 200.
    const requested = await customer.api.post('/v2/feasibility/requests', {
      taskDescription: 'Interview about payroll software',
      panelDescription: 'HR managers at companies of 50 to 500',
      submissionCount: 10,
      timelineHours: 120,
      payRateFrequency: 'ONE_TIME',
      loiMinutes: 300,
    });
    expect(requested.status).toBe(200);
    const id = requested.body.id;

    const early = await customer.api.post(
      '/v2/opportunities',
      draftBody(customer.projectId, { feasibility_request_id: id }),
    );
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'CONFLICT' });
    expect(early.body.message).toContain('RESPONDED');

    await respondToFeasibilityRequest(server.database.db, id, {
      cpiCents: 4500,
      feeCents: 1200,
      by: 'operator',
    });
    const draft = await createDraft(customer, { feasibility_request_id: id, num_participants: 8 });
    expect(draft.feasibility_request_id).toBe(id);
    expect(draft.pricing).toEqual({
      cost_per_participant_cents: 4500,
      total_cost_cents: 36_000,
      currency: 'usd',
    });
    // Still RESPONDED until the draft launches (docs/api/feasibility.md).
    expect((await customer.api.get(`/v2/feasibility/requests/${id}`)).body.status).toBe(
      'RESPONDED',
    );

    const unknown = await customer.api.post(
      '/v2/opportunities',
      draftBody(customer.projectId, { feasibility_request_id: 'fea_nope' }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues.map((i: { message: string }) => i.message).join('\n')).toContain(
      'feasibility_request_id',
    );

    // Another organization's request is unknown here.
    const other = await newCustomer(server);
    const foreign = await other.api.post(
      '/v2/opportunities',
      draftBody(other.projectId, { feasibility_request_id: id }),
    );
    expect(foreign.status).toBe(400);
  });

  it('lists every invalid part of the body in one 400', async () => {
    const customer = await newCustomer(server);
    const other = await newCustomer(server);
    const foreignDraft = await createDraft(other);
    const response = await customer.api.post('/v2/opportunities', {
      ...draftBody('prj_missing'),
      num_participant: 3,
      pay_frequency: 'hourly',
      filters: [
        { 'multi_select--country': { $in: ['Germany'] } },
        { 'integer--age': { $gte: 10 } },
        { 'reference--exclude_participants': { $in: [foreignDraft.id] } },
        { 'multi_select--planet': { $in: ['mars'] } },
      ],
      screening_questions: [
        {
          key: 'a',
          text: 'First',
          pick: 'one',
          answers: [{ text: 'x' }, { text: 'y' }],
          display_condition: {
            conditions: [{ screening_question: 'b', answer: 'x', operator: 'eq' }],
            join: 'and',
          },
        },
        {
          key: 'b',
          text: 'Second',
          pick: 'one',
          answers: [{ text: 'x' }, { text: 'y' }],
          skip_rules: [
            {
              conditions: [{ screening_question: 'b', answer: 'x', operator: 'eq' }],
              join: 'and',
              target_question: 'a',
            },
          ],
        },
      ],
      quotas: [{ screening_question: 'nope', targets: [{ value: 'x', count: 1 }] }],
      cross_quotas: [
        {
          label: 'cell',
          conditions: [{ screening_question: 'a', answer: 'z', operator: 'eq' }],
          join: 'and',
          target: 1,
          quota_type: 'minimum',
        },
      ],
      tasks: [
        { task_type: 'survey', title: 'S', duration_minutes: 5 },
        { task_type: 'file_upload', title: 'F', duration_minutes: 5, task_url: 'https://x.test' },
        {
          task_type: 'interview',
          title: 'I',
          duration_minutes: 5,
          max_files: 2,
          available_after_sequence: 9,
        },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    const messages = response.body.issues.map((i: { message: string }) => i.message).join('\n');
    for (const part of [
      'num_participant: unknown field',
      'pay_frequency',
      'project_id: no project with id prj_missing',
      'filters[0]',
      'filters[1]',
      'filters[2]',
      'filters[3]',
      'EARLIER question',
      'LATER question',
      'Quota 1 (question "nope")',
      'Cross quota "cell"',
      'task_type "survey" cannot be created',
      'a file_upload task carries no task_url',
      'max_files is only for file_upload tasks',
      'available_after_sequence 9',
    ]) {
      expect(messages).toContain(part);
    }
  });

  it('checks structure too: required fields and types, with the other problems', async () => {
    const customer = await newCustomer(server);
    const response = await customer.api.post('/v2/opportunities', {
      title: '',
      num_participants: 'many',
      filters: [{ 'multi_select--country': { $in: ['ZZ'] } }],
    });
    expect(response.status).toBe(400);
    const messages = response.body.issues.map((i: { message: string }) => i.message).join('\n');
    expect(messages).toContain('body.project_id: is required');
    expect(messages).toContain('body.tasks: is required');
    expect(messages).toContain('body.title');
    expect(messages).toContain('body.num_participants');
    expect(messages).toContain('filters[0]');

    const notObject = await customer.api.post('/v2/opportunities', [1, 2]);
    expect(notObject.status).toBe(400);
  });

  it('accepts reference filters naming the organization’s own opportunities', async () => {
    const customer = await newCustomer(server);
    const earlier = await createDraft(customer);
    const draft = await createDraft(customer, {
      filters: [{ 'reference--exclude_participants': { $in: [earlier.id] } }],
    });
    expect(draft.filters).toEqual([{ 'reference--exclude_participants': { $in: [earlier.id] } }]);
  });

  it('answers 401 without a key and 403 to a viewer key', async () => {
    const customer = await newCustomer(server);
    const anonymous = await client(server).post('/v2/opportunities', draftBody(customer.projectId));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
    const { apiKey } = await createTestKey(server, customer.organization.id, 'viewer');
    const viewer = await client(server, apiKey).post(
      '/v2/opportunities',
      draftBody(customer.projectId),
    );
    expect(viewer.status).toBe(403);
    expect(viewer.body).toMatchObject({ code: 'FORBIDDEN', message: 'Insufficient access' });
  });
});
