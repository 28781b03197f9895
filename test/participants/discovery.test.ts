import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiResponse,
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
  signUp,
} from '../support/participant-side.ts';

describe.each(engines())('participant discovery on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  /** Unique titles so these tests see their own studies among everyone's. */
  const tag = () => `Study ${Math.random().toString(36).slice(2)}`;

  async function listAll(api: Awaited<ReturnType<typeof signUp>>['api'], limit = 100) {
    const seen: { id: string; title: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse = await api.get(
        `/v2/participant/opportunities?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data);
      cursor = page.body.pagination.next_cursor;
      expect(page.body.pagination.has_more).toBe(cursor !== null);
    } while (cursor);
    return seen;
  }

  it('lists recruiting studies the participant matches, has accounts for and has not applied to', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const title = tag();
    const open = await launchStudy(server, organization, { title });
    const californians = await launchStudy(server, organization, {
      title,
      filters: [
        { 'multi_select--state': { $in: ['US-CA'] } },
        { 'integer--age': { $gte: 30, $lte: 40 } },
      ],
    });
    const germans = await launchStudy(server, organization, {
      title,
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });
    const github = await launchStudy(server, organization, {
      title,
      requiredAccounts: ['github'],
    });
    const appliedTo = await launchStudy(server, organization, { title });
    const full = await launchStudy(server, organization, { title, numParticipants: 1 });
    await apply(await signUp(server), full.id);

    const participant = await signUp(server, { birth_date: '1990-02-28' });
    await apply(participant, appliedTo.id, FAILING_ANSWERS);

    const mine = (await listAll(participant.api)).filter((o) => o.title === title);
    expect(mine.map((o) => o.id)).toEqual([californians.id, open.id]);
    expect(mine[0]).toEqual({
      id: californians.id,
      title,
      description: expect.any(String),
      status: 'active',
      estimated_duration_minutes: 15,
      incentive_cents: californians.incentiveCents,
      currency: 'usd',
      places_remaining: 5,
      device_types: ['desktop'],
      required_accounts: [],
      video_required: 'none',
      screen_share_required: 'none',
      ending_at: expect.any(String),
      launched_at: expect.any(String),
    });
    void germans;
    void github;

    const withGithub = await signUp(server, { linked_accounts: ['linkedin', 'github'] });
    const theirs = (await listAll(withGithub.api)).filter((o) => o.title === title);
    expect(theirs.map((o) => o.id)).toContain(github.id);
  });

  it('pages with keyset cursors covering every open study exactly once', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const title = tag();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await launchStudy(server, organization, { title })).id);
    const participant = await signUp(server);
    const seen = (await listAll(participant.api, 2)).filter((o) => o.title === title);
    expect(seen.map((o) => o.id)).toEqual([...ids].reverse());
  });

  it('honours reference filters: include and exclude participants of other studies', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const pilot = await launchStudy(server, organization);
    const title = tag();
    const followUp = await launchStudy(server, organization, {
      title,
      filters: [{ 'reference--include_participants': { $in: [pilot.id] } }],
    });
    const fresh = await launchStudy(server, organization, {
      title,
      filters: [{ 'reference--exclude_participants': { $in: [pilot.id] } }],
    });
    const veteran = await signUp(server);
    await apply(veteran, pilot.id);
    const screenedOut = await signUp(server);
    await apply(screenedOut, pilot.id, FAILING_ANSWERS);

    const forVeteran = (await listAll(veteran.api)).filter((o) => o.title === title);
    expect(forVeteran.map((o) => o.id)).toEqual([followUp.id]);
    // Screened out never took part: they see the study for newcomers only.
    const forOther = (await listAll(screenedOut.api)).filter((o) => o.title === title);
    expect(forOther.map((o) => o.id)).toEqual([fresh.id]);
  });

  it('shows the brief, tasks and screener without any grading information', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const study = await launchStudy(server, organization, {
      quotas: [{ screening_question: 'role', targets: [{ value: 'Designer', count: 2 }] }],
    });
    const participant = await signUp(server);
    const read = await participant.api.get(`/v2/participant/opportunities/${study.id}`);
    expect(read.status).toBe(200);
    expect(read.body.tasks).toEqual([
      {
        sequence: 1,
        task_type: 'activity',
        title: 'Try the prototype',
        description: 'Complete the checkout flow',
        duration_minutes: 15,
      },
    ]);
    expect(read.body.screening_questions).toEqual([
      {
        key: 'role',
        text: 'What is your role?',
        pick: 'one',
        answers: [
          { text: 'Designer' },
          { text: 'Engineer' },
          { text: 'Student' },
          { text: 'Manager' },
        ],
      },
      {
        key: 'tools',
        text: 'Which tools do you use?',
        pick: 'any',
        answers: [{ text: 'Figma' }, { text: 'Sketch' }, { text: 'Paint' }],
      },
    ]);
    expect(read.text).not.toMatch(/qualify_logic|must_one_of|reject|quota|min_qualifying|task_url/);
    expect(read.body.application).toBeNull();

    const applied = await apply(participant, study.id);
    const after = await participant.api.get(`/v2/participant/opportunities/${study.id}`);
    expect(after.body.application).toEqual({ id: applied.submission_id, status: 'screen_passed' });
  });

  it('shuffles answers per participant, stably, when randomization is enabled', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const answers = Array.from({ length: 8 }, (_, i) => ({ text: `Option ${i + 1}` }));
    const study = await launchStudy(server, organization, {
      randomization: 'enabled',
      questions: [{ key: 'pick', text: 'Pick one', pick: 'one', answers }],
    });
    const orders = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const participant = await signUp(server);
      const first = await participant.api.get(`/v2/participant/opportunities/${study.id}`);
      const again = await participant.api.get(`/v2/participant/opportunities/${study.id}`);
      const order = first.body.screening_questions[0].answers.map((a: { text: string }) => a.text);
      expect(
        again.body.screening_questions[0].answers.map((a: { text: string }) => a.text),
      ).toEqual(order);
      expect([...order].sort()).toEqual(answers.map((a) => a.text).sort());
      orders.add(order.join('|'));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('answers 404 for a study the participant cannot see', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const germans = await launchStudy(server, organization, {
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
    });
    const participant = await signUp(server);
    const hidden = await participant.api.get(`/v2/participant/opportunities/${germans.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({
      code: 'NOT_FOUND',
      message: `Opportunity ${germans.id} not found`,
      issues: [{ message: expect.any(String) }],
    });
    expect((await participant.api.get('/v2/participant/opportunities/opp_nope')).status).toBe(404);
  });
});
