import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  FAILING_ANSWERS,
  launchStudy,
  loadGeographyOnce,
  PASSING_ANSWERS,
  REVIEW_ANSWERS,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

describe.each(engines())('applicants and submissions review on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, { rateLimitPerKey: 100_000 });
  });
  afterAll(() => server.close());

  async function study(spec: Parameters<typeof launchStudy>[2] = {}, hideIdentity = false) {
    const organization = await createTestOrganization(server, {
      balanceCents: 1_000_000,
      hideIdentity,
    });
    const launched = await launchStudy(server, organization, spec);
    return { organization, study: launched, customer: client(server, organization.apiKey) };
  }

  async function submitted(participant: TestParticipant, submissionId: string) {
    await participant.api.post(`/v2/participant/submissions/${submissionId}/start`);
    const done = await participant.api.post(
      `/v2/participant/submissions/${submissionId}/tasks/1/submit`,
      { notes: 'done' },
    );
    expect(done.body.status).toBe('awaiting_review');
  }

  it('lists applicants oldest first with pages and dashboard_url; 404 for another organization', async () => {
    const { study: s, customer } = await study({ review: 'manual_review' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await apply(await signUp(server), s.id)).applicant_id!);
    await apply(await signUp(server), s.id, FAILING_ANSWERS);
    const first = await customer.get(`/v2/opportunities/${s.id}/applicants?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((a: { id: string }) => a.id)).toEqual(ids.slice(0, 2));
    expect(first.body.dashboard_url).toBe(
      `http://cohort.test/dashboard/studies/${s.id}/recruitment`,
    );
    expect(first.body.data[0]).toEqual({
      id: ids[0],
      opportunity_id: s.id,
      participant_id: expect.stringMatching(/^par_/),
      screening_outcome: 'passed',
      screening_answers: [
        { key: 'role', question: 'What is your role?', answer: ['Designer'], outcome: 'qualify' },
        {
          key: 'tools',
          question: 'Which tools do you use?',
          answer: ['Figma', 'Paint'],
          outcome: 'qualify',
        },
      ],
      // Every applicant here applied from this test's one address and browser.
      quality_flags: ['shared_network'],
      test: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const second = await customer.get(
      `/v2/opportunities/${s.id}/applicants?limit=2&cursor=${first.body.pagination.next_cursor}`,
    );
    expect(second.body.data.map((a: { id: string }) => a.id)).toEqual([ids[2]]);
    expect(second.body.pagination).toEqual({ next_cursor: null, has_more: false });

    const other = await createTestOrganization(server);
    expect(
      (await client(server, other.apiKey).get(`/v2/opportunities/${s.id}/applicants`)).status,
    ).toBe(404);
    expect((await customer.get('/v2/opportunities/opp_nope/applicants')).status).toBe(404);
  });

  it('answers the applicants listing’s 401 flat, as the contract shows it', async () => {
    const { study: s } = await study();
    const response = await client(server).get(`/v2/opportunities/${s.id}/applicants`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      code: 'UNAUTHORIZED',
      message: expect.stringContaining('Authorization'),
      issues: [{ message: expect.any(String) }],
    });
    const elsewhere = await client(server).get(`/v2/opportunities/${s.id}/submissions`);
    expect(elsewhere.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
  });

  it('invites and declines applicants; 409 when not awaiting a decision', async () => {
    const { study: s, customer } = await study({ review: 'manual_review' });
    const a = (await apply(await signUp(server), s.id)).applicant_id!;
    const b = (await apply(await signUp(server), s.id)).applicant_id!;
    expect((await customer.get(`/v2/submissions/${a}`)).status).toBe(404);

    const invited = await customer.post(`/v2/submissions/${a}/invite`);
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({
      id: a,
      status: 'screen_passed',
      screening_outcome: 'passed',
    });
    const declined = await customer.post(`/v2/submissions/${b}/decline`);
    expect(declined.body).toMatchObject({ id: b, status: 'screened_out' });

    for (const id of [a, b]) {
      for (const action of ['invite', 'decline']) {
        const again = await customer.post(`/v2/submissions/${id}/${action}`);
        expect(again.status).toBe(409);
        expect(again.body).toEqual({
          code: 'CONFLICT',
          message: expect.stringContaining('awaiting a decision'),
          issues: [{ message: expect.any(String) }],
        });
      }
    }
    const applicants = await customer.get(`/v2/opportunities/${s.id}/applicants`);
    expect(applicants.body.data).toEqual([]);
    const listed = await customer.get(`/v2/opportunities/${s.id}/submissions`);
    expect(listed.body.data.map((x: { id: string }) => x.id)).toEqual([b, a]);
    expect((await customer.post('/v2/submissions/sub_nope/invite')).status).toBe(404);
  });

  it('refuses an invite when no place is free (409)', async () => {
    const { study: s, customer } = await study({ numParticipants: 1 });
    const waiting = (await apply(await signUp(server), s.id, REVIEW_ANSWERS)).applicant_id!;
    await apply(await signUp(server), s.id, PASSING_ANSWERS);
    const refused = await customer.post(`/v2/submissions/${waiting}/invite`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('No place is free on this opportunity');
  });

  it('lists submissions newest first, filtered by status, without applicants', async () => {
    const { study: s, customer } = await study();
    const passed = (await apply(await signUp(server), s.id)).submission_id!;
    const failed = (await apply(await signUp(server), s.id, FAILING_ANSWERS)).submission_id!;
    await apply(await signUp(server), s.id, REVIEW_ANSWERS);
    const all = await customer.get(`/v2/opportunities/${s.id}/submissions`);
    expect(all.status).toBe(200);
    expect(all.body.data.map((x: { id: string }) => x.id)).toEqual([failed, passed]);
    expect(all.body.dashboard_url).toBe(`http://cohort.test/dashboard/studies/${s.id}/submissions`);
    const out = await customer.get(`/v2/opportunities/${s.id}/submissions?status=screened_out`);
    expect(out.body.data.map((x: { id: string }) => x.id)).toEqual([failed]);
    const bad = await customer.get(
      `/v2/opportunities/${s.id}/submissions?status=awaiting_decision`,
    );
    expect(bad.status).toBe(400);
  });

  it('shows the full submission: identity, redacted background, verdicts', async () => {
    const { study: s, customer } = await study();
    const participant = await signUp(server, { name: 'Ana Lima' });
    const id = (await apply(participant, s.id)).submission_id!;
    const read = await customer.get(`/v2/submissions/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id,
      opportunity_id: s.id,
      participant_id: participant.id,
      status: 'screen_passed',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      participant_name: 'Ana Lima',
      participant_linkedin_url: 'https://www.linkedin.com/in/ana-lima',
      participant_background: {
        experiences: [
          {
            company: 'Acme',
            role: 'Product designer',
            started_at: '2019-01',
            ended_at: null,
            description: 'Led checkout redesign. Reach me at [removed] or [removed]',
          },
        ],
        educations: [{ school: 'Stanford University', degree: 'BA', major: 'Design' }],
      },
      screening_outcome: 'passed',
      screening_answers: expect.any(Array),
      quality_flags: [],
      test: false,
      abandoned_reason: null,
      deadline_at: expect.any(String),
      auto_approve_at: null,
      return_requested_at: null,
      return_request_reason: null,
      tasks: [{ sequence: 1, task_type: 'activity', status: 'available' }],
      bonuses: [],
    });

    const hidden = await study({}, true);
    const other = await signUp(server, { background: { experiences: [], educations: [] } });
    const hiddenId = (await apply(other, hidden.study.id)).submission_id!;
    const anonymous = await hidden.customer.get(`/v2/submissions/${hiddenId}`);
    expect(anonymous.body).toMatchObject({
      participant_name: null,
      participant_linkedin_url: null,
      participant_background: null,
    });
    expect((await customer.get(`/v2/submissions/${hiddenId}`)).status).toBe(404);
  });

  it('approves with {} only while awaiting review, paying the incentive once', async () => {
    const { study: s, customer, organization } = await study();
    const participant = await signUp(server);
    const id = (await apply(participant, s.id)).submission_id!;
    const early = await customer.post(`/v2/submissions/${id}/approve`, {});
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CONFLICT');
    await submitted(participant, id);

    const noBody = await customer.request('POST', `/v2/submissions/${id}/approve`);
    expect(noBody.status).toBe(400);
    const extra = await customer.post(`/v2/submissions/${id}/approve`, { note: 'x' });
    expect(extra.status).toBe(400);

    const approved = await customer.post(`/v2/submissions/${id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({
      id,
      status: 'approved',
      dashboard_url: `http://cohort.test/dashboard/studies/${s.id}/submissions/${id}`,
    });
    expect((await customer.post(`/v2/submissions/${id}/approve`, {})).status).toBe(409);
    expect((await customer.post(`/v2/submissions/${id}/reject`, {})).status).toBe(409);

    const payouts = await server.database.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('organization_id', '=', organization.id)
      .where('kind', '=', 'participant_payout')
      .execute();
    expect(payouts).toEqual([
      expect.objectContaining({
        amount_cents: 0,
        participant_amount_cents: s.incentiveCents,
        submission_id: id,
        participant_id: participant.id,
        opportunity_id: s.id,
      }),
    ]);
    const row = await server.database.db
      .selectFrom('submissions')
      .select('paid_cents')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(row.paid_cents)).toBe(s.incentiveCents);
  });

  it('rejects with a category and reason; unknown categories are a 400', async () => {
    const { study: s, customer } = await study();
    const participant = await signUp(server);
    const id = (await apply(participant, s.id)).submission_id!;
    expect((await customer.post(`/v2/submissions/${id}/reject`, {})).status).toBe(409);
    await submitted(participant, id);
    const bad = await customer.post(`/v2/submissions/${id}/reject`, {
      rejection_category: 'LAZY',
    });
    expect(bad.status).toBe(400);
    const rejected = await customer.post(`/v2/submissions/${id}/reject`, {
      rejection_category: 'LOW_EFFORT',
      rejection_reason: 'Answers were one word each',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ id, status: 'rejected' });
    const mine = await participant.api.get(`/v2/participant/submissions/${id}`);
    expect(mine.body).toMatchObject({
      status: 'rejected',
      rejection_category: 'LOW_EFFORT',
      rejection_reason: 'Answers were one word each',
      paid_cents: 0,
    });
    expect(mine.body.tasks[0].status).toBe('rejected');
  });

  it('refuses decisions from viewer keys with the flat 403', async () => {
    const { study: s, organization } = await study({ review: 'manual_review' });
    const applicant = (await apply(await signUp(server), s.id)).applicant_id!;
    const { apiKey } = await createTestKey(server, organization.id, 'viewer');
    const viewer = client(server, apiKey);
    const refused = await viewer.post(`/v2/submissions/${applicant}/invite`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'Insufficient access' });
    expect((await viewer.get(`/v2/opportunities/${s.id}/applicants`)).status).toBe(200);
  });
});
