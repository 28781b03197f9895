import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  DEFAULT_QUESTIONS,
  FAILING_ANSWERS,
  loadGeographyOnce,
  PASSING_ANSWERS,
  REVIEW_ANSWERS,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

const ENGINEER = [
  { key: 'role', answer: ['Engineer'] },
  { key: 'tools', answer: ['Sketch'] },
];
const START_BALANCE = 1_000_000;

/**
 * A study walked end to end through the HTTP API only: created and launched by the customer,
 * applied to, worked on and reviewed, with every status, statistic and ledger row checked, and the
 * money reconciled to the cent.
 */
describe.each(engines())('a study from launch to completed on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, { rateLimitPerKey: 100_000 });
  });
  afterAll(() => server.close());

  async function launch(customer: Client, numParticipants: number, extra: object = {}) {
    const project = await customer.post('/v2/projects', { name: 'Checkout research' });
    const created = await customer.post('/v2/opportunities', {
      title: 'Checkout usability study',
      description: 'Try a new checkout and tell us what you think',
      project_id: project.body.id,
      num_participants: numParticipants,
      expected_days_to_complete: 7,
      screening_questions: DEFAULT_QUESTIONS,
      quotas: [
        { screening_question: 'role', targets: [{ value: 'Engineer', count: 1, type: 'maximum' }] },
      ],
      tasks: [
        {
          task_type: 'activity',
          title: 'Try the prototype',
          description: 'Complete the checkout flow',
          task_url: 'https://tasks.example/checkout',
          duration_minutes: 15,
        },
      ],
      ...extra,
    });
    expect(created.status).toBe(200);
    expect(created.body.status).toBe('draft');
    const launched = await customer.post(`/v2/opportunities/${created.body.id}/launch`, {});
    expect(launched.status).toBe(200);
    expect(launched.body.status).toBe('active');
    return launched.body as {
      id: string;
      pricing: { cost_per_participant_cents: number; total_cost_cents: number };
    };
  }

  async function work(participant: TestParticipant, submissionId: string) {
    expect(
      (await participant.api.post(`/v2/participant/submissions/${submissionId}/start`)).body.status,
    ).toBe('in_progress');
    const done = await participant.api.post(
      `/v2/participant/submissions/${submissionId}/tasks/1/submit`,
      { notes: 'Finished the checkout' },
    );
    expect(done.body.status).toBe('awaiting_review');
  }

  const ledger = (organizationId: string) =>
    server.database.db
      .selectFrom('ledger_entries')
      .select([
        'kind',
        'amount_cents',
        'participant_amount_cents',
        'submission_id',
        'participant_id',
      ])
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          ...row,
          amount_cents: Number(row.amount_cents),
          participant_amount_cents: Number(row.participant_amount_cents),
        })),
      );

  const statusOf = async (customer: Client, id: string) =>
    (await customer.get(`/v2/submissions/${id}`)).body.status;

  it('applications, invites, declines, work, approvals and rejections reconcile to the cent', async () => {
    const organization = await createTestOrganization(server, { balanceCents: START_BALANCE });
    const customer = client(server, organization.apiKey);
    const study = await launch(customer, 4);
    const cost = study.pricing.cost_per_participant_cents;
    expect(study.pricing.total_cost_cents).toBe(4 * cost);

    const people = await Promise.all(Array.from({ length: 9 }, () => signUp(server)));
    const [p1, p2, p3, p4, p5, p6, p7, p8, p9] = people as [TestParticipant, ...TestParticipant[]] &
      TestParticipant[];
    const brief = await p1!.api.get(`/v2/participant/opportunities/${study.id}`);
    const incentive = brief.body.incentive_cents as number;
    expect(incentive).toBeGreaterThan(0);
    expect(incentive).toBeLessThanOrEqual(cost);

    // Applications: passing, failing, review, quota, quota full.
    const s1 = await apply(p1!, study.id, PASSING_ANSWERS);
    expect(s1.status).toBe('screen_passed');
    expect((await apply(p2!, study.id, FAILING_ANSWERS)).status).toBe('screened_out');
    const a3 = await apply(p3!, study.id, REVIEW_ANSWERS);
    expect(a3.status).toBe('awaiting_decision');
    const s4 = await apply(p4!, study.id, ENGINEER);
    expect(s4.status).toBe('screen_passed');
    const s5 = await apply(p5!, study.id, ENGINEER);
    expect(s5.status).toBe('screened_out');
    const a6 = await apply(p6!, study.id, REVIEW_ANSWERS);
    expect(a6.status).toBe('awaiting_decision');

    const applicants = await customer.get(`/v2/opportunities/${study.id}/applicants`);
    expect(applicants.body.data.map((a: { id: string }) => a.id)).toEqual([
      a3.applicant_id,
      a6.applicant_id,
    ]);
    expect(applicants.body.data[0].screening_outcome).toBe('review');
    expect((await customer.post(`/v2/submissions/${a3.applicant_id}/invite`)).body.status).toBe(
      'screen_passed',
    );
    expect((await customer.post(`/v2/submissions/${a6.applicant_id}/decline`)).body.status).toBe(
      'screened_out',
    );
    const s7 = await apply(p7!, study.id, PASSING_ANSWERS);
    expect(s7.status).toBe('screen_passed');

    let opportunity = (await customer.get(`/v2/opportunities/${study.id}`)).body;
    expect(opportunity.status).toBe('fulfilled');
    expect(opportunity.submission_stats).toEqual({
      total: 7,
      in_progress: 0,
      awaiting_review: 0,
      approved: 0,
      rejected: 0,
    });
    expect(opportunity.quota_progress).toEqual([
      {
        screening_question: 'role',
        targets: [{ value: 'Engineer', count: 1, current: 1, type: 'maximum' }],
      },
    ]);
    const late = await p8!.api.post(`/v2/participant/opportunities/${study.id}/applications`, {
      answers: PASSING_ANSWERS,
    });
    expect(late.status).toBe(409);

    // Work and review.
    await work(p1!, s1.submission_id!);
    await work(p4!, s4.submission_id!);
    await work(p3!, a3.applicant_id!);
    opportunity = (await customer.get(`/v2/opportunities/${study.id}`)).body;
    expect(opportunity.submission_stats).toMatchObject({ awaiting_review: 3, in_progress: 0 });
    expect(
      (await customer.post(`/v2/submissions/${s1.submission_id}/approve`, {})).body.status,
    ).toBe('approved');
    const rejected = await customer.post(`/v2/submissions/${s4.submission_id}/reject`, {
      rejection_category: 'FAILED_INSTRUCTIONS',
      rejection_reason: 'Skipped the payment step',
    });
    expect(rejected.body.status).toBe('rejected');
    expect(
      (await customer.post(`/v2/submissions/${a3.applicant_id}/approve`, {})).body.status,
    ).toBe('approved');
    const gaveUp = await p7!.api.post(`/v2/participant/submissions/${s7.submission_id}/abandon`);
    expect(gaveUp.body.status).toBe('abandoned');

    // Two places freed (rejected, abandoned): recruiting again, and the Engineer cell is free too.
    opportunity = (await customer.get(`/v2/opportunities/${study.id}`)).body;
    expect(opportunity.status).toBe('active');
    expect(opportunity.quota_progress[0].targets[0].current).toBe(0);
    const s8 = await apply(p8!, study.id, PASSING_ANSWERS);
    const s9 = await apply(p9!, study.id, ENGINEER);
    expect([s8.status, s9.status]).toEqual(['screen_passed', 'screen_passed']);
    expect((await customer.get(`/v2/opportunities/${study.id}`)).body.status).toBe('fulfilled');
    await work(p8!, s8.submission_id!);
    await work(p9!, s9.submission_id!);
    for (const id of [s8.submission_id, s9.submission_id]) {
      expect((await customer.post(`/v2/submissions/${id}/approve`, {})).body.status).toBe(
        'approved',
      );
    }

    // Every status.
    expect(await statusOf(customer, s1.submission_id!)).toBe('approved');
    expect(await statusOf(customer, s4.submission_id!)).toBe('rejected');
    expect(await statusOf(customer, s5.submission_id!)).toBe('screened_out');
    expect(await statusOf(customer, a3.applicant_id!)).toBe('approved');
    expect(await statusOf(customer, a6.applicant_id!)).toBe('screened_out');
    expect(await statusOf(customer, s7.submission_id!)).toBe('abandoned');
    const listed = await customer.get(`/v2/opportunities/${study.id}/submissions?limit=100`);
    expect(listed.body.data).toHaveLength(9);

    opportunity = (await customer.get(`/v2/opportunities/${study.id}`)).body;
    expect(opportunity.status).toBe('completed');
    expect(opportunity.submission_stats).toEqual({
      total: 9,
      in_progress: 0,
      awaiting_review: 0,
      approved: 4,
      rejected: 1,
    });
    expect(opportunity.quota_progress[0].targets[0]).toEqual({
      value: 'Engineer',
      count: 1,
      current: 1,
      type: 'maximum',
    });
    expect(opportunity.cross_quota_progress).toEqual([]);
    // Nine graded applications (p8's first try was refused before grading).
    expect(opportunity.screening_stats).toEqual([
      {
        screening_question: 'role',
        graded: 9,
        rejected: 1,
        rejection_rate: 0.1111,
        answers: [
          { text: 'Designer', selected: 3, share: 0.3333 },
          { text: 'Engineer', selected: 3, share: 0.3333 },
          { text: 'Student', selected: 1, share: 0.1111 },
          { text: 'Manager', selected: 2, share: 0.2222 },
        ],
      },
      {
        screening_question: 'tools',
        graded: 9,
        rejected: 0,
        rejection_rate: 0,
        answers: [
          { text: 'Figma', selected: 4, share: 0.4444 },
          { text: 'Sketch', selected: 5, share: 0.5556 },
          { text: 'Paint', selected: 3, share: 0.3333 },
        ],
      },
    ]);

    // Every ledger row, and the reconciliation.
    const paidTo = [p1, p3, p8, p9].map((p) => p!.id);
    const rows = await ledger(organization.id);
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'credit', amount_cents: START_BALANCE }),
      expect.objectContaining({ kind: 'launch_charge', amount_cents: -4 * cost }),
      ...[s1.submission_id, a3.applicant_id, s8.submission_id, s9.submission_id].map((id, i) =>
        expect.objectContaining({
          kind: 'participant_payout',
          amount_cents: 0,
          participant_amount_cents: incentive,
          submission_id: id,
          participant_id: paidTo[i],
        }),
      ),
    ]);
    const balance = (await customer.get('/v2/organization')).body.balance.balance_cents;
    expect(balance).toBe(START_BALANCE - 4 * cost);
    expect(rows.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(balance);
    for (const participant of people) {
      const earnings = (await participant.api.get('/v2/participant/earnings')).body;
      expect(earnings.total_cents).toBe(paidTo.includes(participant.id) ? incentive : 0);
    }
    const paidOut = rows.reduce((sum, row) => sum + row.participant_amount_cents, 0);
    expect(paidOut).toBe(4 * incentive);
    // What the organization spent is exactly the incentives paid plus the platform fee per place.
    expect(START_BALANCE - balance - paidOut).toBe(4 * (cost - incentive));
  });

  it('refunds places after a stop: unused at once, then work that ends unpaid', async () => {
    const organization = await createTestOrganization(server, { balanceCents: START_BALANCE });
    const customer = client(server, organization.apiKey);
    const study = await launch(customer, 4);
    const cost = study.pricing.cost_per_participant_cents;
    const [working, quitting, invited, waiting] = await Promise.all(
      Array.from({ length: 4 }, () => signUp(server)),
    );
    const w = await apply(working!, study.id);
    const q = await apply(quitting!, study.id);
    const i = await apply(invited!, study.id);
    const a = await apply(waiting!, study.id, REVIEW_ANSWERS);
    for (const [p, s] of [
      [working!, w],
      [quitting!, q],
    ] as const) {
      await p.api.post(`/v2/participant/submissions/${s.submission_id}/start`);
    }
    await working!.api.post(`/v2/participant/submissions/${w.submission_id}/tasks/1/submit`, {});
    // Work awaiting review blocks a stop; rejecting it while recruiting frees the place, no refund.
    expect(
      (await customer.post(`/v2/opportunities/${study.id}/stop`, { reason: 'x' })).status,
    ).toBe(409);
    await customer.post(`/v2/submissions/${w.submission_id}/reject`, {});

    const stopped = await customer.post(`/v2/opportunities/${study.id}/stop`, {
      reason: 'Budget cut',
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toBe('stopped');
    expect(await statusOf(customer, i.submission_id!)).toBe('abandoned');
    expect(await statusOf(customer, a.applicant_id!)).toBe('screened_out');
    // One place is still under way (quitting); three come back now, the fourth when it ends unpaid.
    const quit = await quitting!.api.post(`/v2/participant/submissions/${q.submission_id}/abandon`);
    expect(quit.body.status).toBe('abandoned');

    const rows = await ledger(organization.id);
    expect(rows.map((r) => [r.kind, r.amount_cents])).toEqual([
      ['credit', START_BALANCE],
      ['launch_charge', -4 * cost],
      ['stop_refund', 3 * cost],
      ['rejection_refund', cost],
    ]);
    expect(rows[3]).toMatchObject({ submission_id: q.submission_id, participant_id: quitting!.id });
    const balance = (await customer.get('/v2/organization')).body.balance.balance_cents;
    expect(balance).toBe(START_BALANCE);
    expect(rows.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(balance);
  });
});
