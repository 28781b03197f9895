import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { fanOutEvents } from '../../src/webhooks/fan-out.ts';
import { type Clock, startDashboardServer } from '../dashboard/support.ts';
import { csrfOf, ParticipantClient } from '../participate/support.ts';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  type TestOrganization,
  type TestServer,
} from '../support/harness.ts';
import {
  apply,
  DEFAULT_QUESTIONS,
  DEFAULT_TASKS,
  FAILING_ANSWERS,
  launchStudy,
  PASSING_ANSWERS,
  REVIEW_ANSWERS,
  signUp,
} from '../support/participant-side.ts';
import { confirmedSubscription, Receiver } from '../webhooks/support.ts';

/**
 * Previews (docs/decisions/0081-test-work-changes-nothing.md): a test participant sees a study
 * in any status as a participant would, through the same use cases, and what it does is `test`:
 * no charge or pay, no place, no counters or statistics, no webhook, not listed unless asked.
 */
describe.each(engines())('previews and test participants on %s', (engine) => {
  let server: TestServer;
  let clock: Clock;
  let receiver: Receiver;

  beforeAll(async () => {
    loadGeography();
    ({ server, clock } = await startDashboardServer(engine));
    receiver = await Receiver.start();
  }, 120_000);
  afterAll(async () => {
    await receiver?.down();
    await server?.close();
  });

  async function organizationWithDraft(
    spec: { review?: 'auto_invite' | 'manual_review'; numParticipants?: number } = {},
  ) {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const customer = client(server, organization.apiKey);
    const project = await customer.post('/v2/projects', { name: 'Previews' });
    const draft = await customer.post('/v2/opportunities', {
      title: 'Checkout usability study',
      description: 'Try a new checkout and tell us what you think',
      project_id: project.body.id,
      num_participants: spec.numParticipants ?? 3,
      expected_days_to_complete: 14,
      // An audience the test participant does not match: a preview ignores it.
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
      customer_screening_review: spec.review ?? 'auto_invite',
      screening_questions: DEFAULT_QUESTIONS,
      tasks: DEFAULT_TASKS,
    });
    expect(draft.status).toBe(200);
    return { organization, customer, opportunityId: draft.body.id as string };
  }

  const preview = async (organization: TestOrganization, opportunityId: string) => {
    const response = await client(server, organization.apiKey).post(
      `/v2/opportunities/${opportunityId}/preview`,
      {},
    );
    expect(response.status).toBe(200);
    return response.body as {
      url: string;
      token: string;
      expires_at: string;
      participant_id: string;
      opportunity_id: string;
    };
  };

  const moneyOf = async (organizationId: string) => {
    const rows = await server.database.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount_cents', 'participant_amount_cents'])
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      amount: Number(row.amount_cents),
      participant: Number(row.participant_amount_cents ?? 0),
    }));
  };

  const eventsAbout = async (submissionId: string) =>
    server.database.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('data', 'like', `%${submissionId}%`)
      .execute();

  const deliveriesAbout = async (submissionId: string) =>
    server.database.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('payload', 'like', `%${submissionId}%`)
      .execute();

  it('shows a draft’s study and screener through the participant API, and the token sees nothing else', async () => {
    const { organization, opportunityId } = await organizationWithDraft();
    const created = await preview(organization, opportunityId);
    expect(created).toEqual({
      url: expect.stringMatching(
        new RegExp(`^${server.context.config.publicUrl}/participate/preview/[\\w-]{40,}$`),
      ),
      token: expect.stringMatching(/^pt_/),
      expires_at: new Date(clock.now + 60 * 60 * 1000).toISOString(),
      participant_id: expect.stringMatching(/^par_/),
      opportunity_id: opportunityId,
    });
    const tester = client(server, created.token);
    const detail = await tester.get(`/v2/participant/opportunities/${opportunityId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: opportunityId, status: 'draft', application: null });
    expect(detail.body.screening_questions.map((q: { key: string }) => q.key)).toEqual([
      'role',
      'tools',
    ]);
    // Grading information stays hidden, as for every participant.
    expect(JSON.stringify(detail.body)).not.toContain('qualify_logic');
    const discovered = await tester.get('/v2/participant/opportunities');
    expect(discovered.body.data.map((o: { id: string }) => o.id)).toEqual([opportunityId]);

    // A real participant does not see the draft; the tester sees no other study.
    const someone = await signUp(server, {
      country_id: 'DE',
      state_id: undefined,
      city_id: undefined,
    });
    expect((await someone.api.get(`/v2/participant/opportunities/${opportunityId}`)).status).toBe(
      404,
    );
    const other = await launchStudy(server, organization);
    expect((await tester.get(`/v2/participant/opportunities/${other.id}`)).status).toBe(404);
    expect(
      (
        await tester.post(`/v2/participant/opportunities/${other.id}/applications`, {
          answers: PASSING_ANSWERS,
        })
      ).status,
    ).toBe(404);

    // A stranger's key cannot preview it, a viewer's key cannot either.
    const stranger = await createTestOrganization(server);
    expect(
      (await client(server, stranger.apiKey).post(`/v2/opportunities/${opportunityId}/preview`, {}))
        .status,
    ).toBe(404);
    const viewer = await createTestKey(server, organization.id, 'viewer');
    expect(
      (await client(server, viewer.apiKey).post(`/v2/opportunities/${opportunityId}/preview`, {}))
        .status,
    ).toBe(403);
  });

  it('opens the study through the page link once, within the hour, and applies from the page', async () => {
    const { organization, opportunityId } = await organizationWithDraft();
    const created = await preview(organization, opportunityId);
    const browser = new ParticipantClient(server.url);
    const link = new URL(created.url).pathname;
    const opened = await browser.get(link);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe(`/participate/studies/${opportunityId}`);
    const page = await browser.get(opened.location!);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Checkout usability study');
    expect(page.text).toContain('What is your role?');
    expect(page.text).toContain('Which tools do you use?');
    // The studies list shows it too; nothing else.
    const studies = await browser.get('/participate');
    expect(studies.text).toContain(`/participate/studies/${opportunityId}`);

    // Applying from the page works (the test participant's address counts as confirmed).
    const applied = await browser.post(`/participate/studies/${opportunityId}/apply`, [
      ['_csrf', csrfOf(page.text)],
      ['q.role', 'Designer'],
      ['q.tools', 'Figma'],
      ['q.tools', 'Paint'],
    ]);
    expect(applied.status).toBe(303);
    const row = await server.database.db
      .selectFrom('submissions')
      .select(['status', 'test', 'quality_flags', 'network_fingerprint'])
      .where('participant_id', '=', created.participant_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'screen_passed',
      test: 1,
      quality_flags: '[]',
      network_fingerprint: null,
    });

    // Once only.
    const again = await new ParticipantClient(server.url).get(link);
    expect(again.status).toBe(410);
    // Within the hour only.
    const late = await preview(organization, opportunityId);
    clock.advance(61 * 60 * 1000);
    expect((await new ParticipantClient(server.url).get(new URL(late.url).pathname)).status).toBe(
      410,
    );
    expect((await new ParticipantClient(server.url).get('/participate/preview/nope')).status).toBe(
      410,
    );
  });

  it('moves no money, takes no place, counts nothing and sends no webhook', async () => {
    const { organization, customer, opportunityId } = await organizationWithDraft({
      numParticipants: 2,
    });
    const subscription = await confirmedSubscription(
      { organizationId: organization.id, api: customer },
      receiver,
      ['submission.status.change', 'applicant.created', 'opportunity.status.change'],
    );
    expect(subscription.id).toMatch(/^whk_/);

    // On the draft: a test application, its work and its approval.
    const tester = client(server, (await preview(organization, opportunityId)).token);
    const applied = await tester.post(
      `/v2/participant/opportunities/${opportunityId}/applications`,
      { answers: PASSING_ANSWERS },
    );
    expect(applied.body).toEqual({
      status: 'screen_passed',
      submission_id: expect.stringMatching(/^sub_/),
    });
    const testId = applied.body.submission_id as string;
    expect((await tester.post(`/v2/participant/submissions/${testId}/start`, {})).status).toBe(200);
    const handedIn = await tester.post(`/v2/participant/submissions/${testId}/tasks/1/submit`, {
      notes: 'done',
    });
    expect(handedIn.body.status).toBe('awaiting_review');
    const read = await customer.get(`/v2/submissions/${testId}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: testId, status: 'awaiting_review', test: true });
    expect(read.body.quality_flags).toEqual([]);

    const moneyBefore = await moneyOf(organization.id);
    const approved = await customer.post(`/v2/submissions/${testId}/approve`, {});
    expect(approved.body).toMatchObject({ id: testId, status: 'approved' });
    expect(await moneyOf(organization.id)).toEqual(moneyBefore);
    const paid = await server.database.db
      .selectFrom('submissions')
      .select('paid_cents')
      .where('id', '=', testId)
      .executeTakeFirstOrThrow();
    expect(Number(paid.paid_cents)).toBe(0);
    expect((await tester.get('/v2/participant/earnings')).body.total_cents ?? 0).toBe(0);

    // The draft launches as if nobody had applied.
    const launched = await customer.post(`/v2/opportunities/${opportunityId}/launch`, {});
    expect(launched.status).toBe(200);
    expect(launched.body.status).toBe('active');
    expect(launched.body.submission_stats).toEqual({
      total: 0,
      in_progress: 0,
      awaiting_review: 0,
      approved: 0,
      rejected: 0,
    });

    // On the launched study: two more test participants take no place; a real one sees both free.
    const tester2 = client(server, (await preview(organization, opportunityId)).token);
    const second = await tester2.post(
      `/v2/participant/opportunities/${opportunityId}/applications`,
      { answers: PASSING_ANSWERS },
    );
    expect(second.body.status).toBe('screen_passed');
    const third = client(server, (await preview(organization, opportunityId)).token);
    expect(
      (
        await third.post(`/v2/participant/opportunities/${opportunityId}/applications`, {
          answers: FAILING_ANSWERS,
        })
      ).body.status,
    ).toBe('screened_out');
    const statsAfterTests = (await customer.get(`/v2/opportunities/${opportunityId}`)).body;
    expect(statsAfterTests.status).toBe('active');
    expect(statsAfterTests.submission_stats.total).toBe(0);
    for (const question of statsAfterTests.screening_stats) expect(question.graded).toBe(0);

    const real = await signUp(server, {
      country_id: 'DE',
      state_id: undefined,
      city_id: undefined,
    });
    const seen = await real.api.get(`/v2/participant/opportunities/${opportunityId}`);
    expect(seen.body.places_remaining).toBe(2);
    const realApplied = await apply(real, opportunityId, PASSING_ANSWERS);
    expect(realApplied.status).toBe('screen_passed');
    const after = (await customer.get(`/v2/opportunities/${opportunityId}`)).body;
    expect(after.status).toBe('active');
    expect(after.submission_stats.total).toBe(1);
    expect(after.screening_stats[0].graded).toBe(1);

    // Lists leave tests out unless asked; the test ones say so.
    const listed = await customer.get(`/v2/opportunities/${opportunityId}/submissions`);
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([realApplied.submission_id]);
    const withTests = await customer.get(
      `/v2/opportunities/${opportunityId}/submissions?include_test=true`,
    );
    expect(withTests.body.data).toHaveLength(4);
    expect(
      withTests.body.data.filter((s: { test: boolean }) => s.test).map((s: { id: string }) => s.id),
    ).toContain(testId);

    // The outbox holds the real submission's events and none of the tests'.
    await fanOutEvents(server.database.db, new Date(clock.now), 1000);
    expect(await eventsAbout(testId)).toEqual([]);
    expect(await eventsAbout(second.body.submission_id)).toEqual([]);
    expect(await deliveriesAbout(testId)).toEqual([]);
    expect((await eventsAbout(realApplied.submission_id!)).length).toBeGreaterThan(0);
    expect((await deliveriesAbout(realApplied.submission_id!)).length).toBeGreaterThan(0);

    // Work a test participant holds when the study stops is refunded by nobody, even given up.
    const secondId = second.body.submission_id as string;
    expect((await tester2.post(`/v2/participant/submissions/${secondId}/start`, {})).status).toBe(
      200,
    );
    const stop = await customer.post(`/v2/opportunities/${opportunityId}/stop`, {
      reason: 'done testing',
    });
    expect(stop.status).toBe(200);
    const afterStop = await moneyOf(organization.id);
    // The stop refunded both places (one free, one withdrawn), as if no test had happened.
    expect(afterStop.at(-1)).toMatchObject({ kind: 'stop_refund' });
    expect(afterStop.at(-1)!.amount).toBe(2 * launched.body.pricing.cost_per_participant_cents);
    const gaveUp = await tester2.post(`/v2/participant/submissions/${secondId}/abandon`, {});
    expect(gaveUp.status).toBe(200);
    expect(await moneyOf(organization.id)).toEqual(afterStop);
  });

  it('under manual review, a test applicant waits, is listed only when asked, and is invited on a draft', async () => {
    const { organization, customer, opportunityId } = await organizationWithDraft({
      review: 'manual_review',
    });
    const tester = client(server, (await preview(organization, opportunityId)).token);
    const applied = await tester.post(
      `/v2/participant/opportunities/${opportunityId}/applications`,
      { answers: REVIEW_ANSWERS },
    );
    expect(applied.body.status).toBe('awaiting_decision');
    const applicantId = applied.body.applicant_id as string;
    expect((await customer.get(`/v2/opportunities/${opportunityId}/applicants`)).body.data).toEqual(
      [],
    );
    const listed = await customer.get(
      `/v2/opportunities/${opportunityId}/applicants?include_test=true`,
    );
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: applicantId, test: true, quality_flags: [] }),
    ]);
    const invited = await customer.post(`/v2/submissions/${applicantId}/invite`, {});
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ status: 'screen_passed', test: true });
    // No invitation mail goes to the test participant's made-up address.
    const mail = await server.database.db
      .selectFrom('mail_messages')
      .select('id')
      .where('to_address', 'like', '%@preview.invalid')
      .execute();
    expect(mail).toEqual([]);
  });
});
