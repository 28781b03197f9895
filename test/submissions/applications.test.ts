import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCounters } from '../../src/admission/counters.ts';
import {
  client,
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
} from '../support/participant-side.ts';

describe.each(engines())('applications on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine, { rateLimitPerKey: 100_000 });
  });
  afterAll(() => server.close());

  const newStudy = async (spec: Parameters<typeof launchStudy>[2] = {}) => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const study = await launchStudy(server, organization, spec);
    return { organization, study, customer: client(server, organization.apiKey) };
  };

  it('routes by grade: passed is invited, failed screened out, review waits for a decision', async () => {
    const { study } = await newStudy();
    const passed = await apply(await signUp(server), study.id, PASSING_ANSWERS);
    expect(passed).toEqual({
      status: 'screen_passed',
      submission_id: expect.stringMatching(/^sub_/),
    });
    const failed = await apply(await signUp(server), study.id, FAILING_ANSWERS);
    expect(failed).toEqual({
      status: 'screened_out',
      submission_id: expect.stringMatching(/^sub_/),
    });
    const review = await apply(await signUp(server), study.id, REVIEW_ANSWERS);
    expect(review).toEqual({
      status: 'awaiting_decision',
      applicant_id: expect.stringMatching(/^sub_/),
    });

    const counters = await readCounters(server.database.db, study.id);
    expect(counters['status:screen_passed']).toBe(1);
    expect(counters['status:screened_out']).toBe(1);
    expect(counters['status:awaiting_decision']).toBe(1);
    expect(counters['graded:"role"']).toBe(3);
    expect(counters['rejected:"role"']).toBe(1);
  });

  it('sends every qualified applicant to the list under manual_review', async () => {
    const { study } = await newStudy({ review: 'manual_review' });
    expect((await apply(await signUp(server), study.id, PASSING_ANSWERS)).status).toBe(
      'awaiting_decision',
    );
    expect((await apply(await signUp(server), study.id, FAILING_ANSWERS)).status).toBe(
      'screened_out',
    );
  });

  it('answers 400 with every issue when the answers do not fit the screener', async () => {
    const { study } = await newStudy();
    const participant = await signUp(server);
    const response = await participant.api.post(
      `/v2/participant/opportunities/${study.id}/applications`,
      {
        answers: [
          { key: 'role', answer: ['Astronaut'] },
          { key: 'nope', answer: ['x'] },
        ],
      },
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    expect(response.body.issues.map((i: { message: string }) => i.message)).toEqual([
      'Answer for "nope": no such screening question',
      'Question "role": "Astronaut" is not one of its answers',
      'Question "tools" is shown to this applicant and needs an answer',
    ]);
    // Nothing was recorded: the participant can still apply.
    expect((await apply(participant, study.id)).status).toBe('screen_passed');
  });

  it('refuses a second application with 409', async () => {
    const { study } = await newStudy();
    const participant = await signUp(server);
    await apply(participant, study.id, FAILING_ANSWERS);
    const again = await participant.api.post(
      `/v2/participant/opportunities/${study.id}/applications`,
      { answers: PASSING_ANSWERS },
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CONFLICT',
      issues: [{ message: expect.any(String) }],
    });
  });

  it('refuses applications once every place is taken (409, not recruiting)', async () => {
    const { study } = await newStudy({ numParticipants: 1 });
    await apply(await signUp(server), study.id);
    const late = await (await signUp(server)).api.post(
      `/v2/participant/opportunities/${study.id}/applications`,
      { answers: PASSING_ANSWERS },
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This opportunity is not recruiting');
  });

  it('answers 404 for unknown, draft or non-matching opportunities', async () => {
    const participant = await signUp(server);
    const unknown = await participant.api.post(
      '/v2/participant/opportunities/opp_nope/applications',
      { answers: [] },
    );
    expect(unknown.status).toBe(404);
    const { study } = await newStudy({ filters: [{ 'multi_select--country': { $in: ['DE'] } }] });
    const elsewhere = await participant.api.post(
      `/v2/participant/opportunities/${study.id}/applications`,
      { answers: PASSING_ANSWERS },
    );
    expect(elsewhere.status).toBe(404);
  });

  it('screens out applicants falling in a full maximum quota cell', async () => {
    const { study } = await newStudy({
      numParticipants: 5,
      quotas: [
        {
          screening_question: 'role',
          targets: [{ value: 'Designer', count: 1, type: 'maximum' }],
        },
      ],
    });
    expect((await apply(await signUp(server), study.id)).status).toBe('screen_passed');
    expect((await apply(await signUp(server), study.id)).status).toBe('screened_out');
    const engineer = await apply(await signUp(server), study.id, [
      { key: 'role', answer: ['Engineer'] },
      { key: 'tools', answer: ['Figma'] },
    ]);
    expect(engineer.status).toBe('screen_passed');
    const counters = await readCounters(server.database.db, study.id);
    expect(counters['quota:["role","Designer"]']).toBe(1);
  });

  it('never overfills: 30 concurrent applications to 5 places admit exactly 5', async () => {
    const { study } = await newStudy({ numParticipants: 5 });
    const participants = await Promise.all(Array.from({ length: 30 }, () => signUp(server)));
    const responses = await Promise.all(
      participants.map((participant) =>
        participant.api.post(`/v2/participant/opportunities/${study.id}/applications`, {
          answers: PASSING_ANSWERS,
        }),
      ),
    );
    const admitted = responses.filter((r) => r.status === 200 && r.body.status === 'screen_passed');
    expect(admitted).toHaveLength(5);
    for (const response of responses) {
      if (response.status === 200) {
        expect(response.body.status).toBe('screen_passed');
      } else {
        expect(response.status).toBe(409);
      }
    }
    const taken = await server.database.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('opportunity_id', '=', study.id)
      .where('status', '=', 'screen_passed')
      .executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(5);
    const counters = await readCounters(server.database.db, study.id);
    expect(counters['status:screen_passed']).toBe(5);
    const opportunity = await server.database.db
      .selectFrom('opportunities')
      .select('status')
      .where('id', '=', study.id)
      .executeTakeFirstOrThrow();
    expect(opportunity.status).toBe('fulfilled');
  });
});
