import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { outreachWavesJob } from '../../src/invitations/outreach.job.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
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
  DEFAULT_TASKS,
  loadGeographyOnce,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';

const MINUTE = 60_000;

/**
 * An opportunity's outreach (docs/api/invitations.md, "Outreach"): N invited at launch, waves of M
 * every K minutes as the server's clock moves, until nobody eligible is left or the places are
 * gone; PATCH on drafts and active studies. A database of its own per engine: eligible counts are
 * this file's participants alone.
 */
describe.each(engines())('outreach on %s', (engine) => {
  let server: TestServer;
  let researcher: Client;
  let worker: Worker;
  const clock = { now: Date.now() };
  const germans: TestParticipant[] = [];

  const draft = async (title: string, extra: Record<string, unknown> = {}) => {
    const project = await researcher.post('/v2/projects', { name: `Outreach ${title}` });
    const created = await researcher.post('/v2/opportunities', {
      title,
      description: 'A study for Germans',
      project_id: project.body.id,
      num_participants: 50,
      expected_days_to_complete: 14,
      device_types: ['desktop'],
      filters: [{ 'multi_select--country': { $in: ['DE'] } }],
      screening_questions: DEFAULT_QUESTIONS,
      tasks: DEFAULT_TASKS,
      ...extra,
    });
    expect(created.status, created.text).toBe(200);
    return created.body as { id: string; outreach: unknown };
  };
  /** Launch and PATCH stamp real time: the clock must not stand behind what they wrote. */
  const catchUp = () => {
    clock.now = Math.max(clock.now, Date.now());
  };
  const launch = async (id: string) => {
    const launched = await researcher.post(`/v2/opportunities/${id}/launch`, {});
    expect(launched.status, launched.text).toBe(200);
    catchUp();
    return launched.body;
  };
  const invitedCount = async (id: string) =>
    (
      await server.database.db
        .selectFrom('invitations')
        .select('participant_id')
        .where('opportunity_id', '=', id)
        .execute()
    ).length;
  const runOf = (id: string) =>
    server.database.db
      .selectFrom('outreach_runs')
      .selectAll()
      .where('opportunity_id', '=', id)
      .executeTakeFirst();
  const outreachJobs = (id: string) =>
    server.database.db
      .selectFrom('jobs')
      .select(['status', 'dedupe_key'])
      .where('kind', '=', 'invitations.outreach')
      .where('dedupe_key', 'like', `invitations-outreach:${id}:%`)
      .orderBy('dedupe_key')
      .execute();
  /** Moves the server's clock and lets every due job run. */
  const minutesPass = async (minutes: number) => {
    clock.now += minutes * MINUTE;
    await worker.drain();
  };

  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000 },
      { ownDatabase: true, clock: () => clock.now },
    );
    worker = new Worker(jobContextFor(server.context, quietLog), {
      definitions: [outreachWavesJob],
    });
    const organization = await createTestOrganization(server, { balanceCents: 10_000_000 });
    researcher = client(server, organization.apiKey);
    const german = { country_id: 'DE', state_id: null, city_id: null, timezone: 'Europe/Berlin' };
    for (let i = 0; i < 10; i++) germans.push(await signUp(server, german));
    await signUp(server); // an American, never eligible
  }, 60_000);
  afterAll(() => server.close());

  it('invites N at launch, then M every K minutes until nobody eligible is left, then stops', async () => {
    const plan = { initial_invitations: 3, wave_size: 2, wave_every_minutes: 30 };
    const study = await draft('Waves', { outreach: plan });
    expect(study.outreach).toEqual(plan);
    await launch(study.id);
    await worker.drain();
    expect(await invitedCount(study.id)).toBe(3);

    await minutesPass(29);
    expect(await invitedCount(study.id)).toBe(3);
    await minutesPass(1);
    expect(await invitedCount(study.id)).toBe(5);
    await minutesPass(30);
    expect(await invitedCount(study.id)).toBe(7);
    await minutesPass(30);
    expect(await invitedCount(study.id)).toBe(9);
    // The last wave finds one left, invites them, and the run stops: nobody eligible is left.
    await minutesPass(30);
    expect(await invitedCount(study.id)).toBe(10);
    expect(await runOf(study.id)).toMatchObject({
      run: 1,
      waves_sent: 4,
      invited: 10,
      stop_reason: 'nobody_eligible',
      next_round_at: null,
    });
    expect(await outreachJobs(study.id)).toEqual([
      { status: 'done', dedupe_key: `invitations-outreach:${study.id}:1` },
    ]);
    await minutesPass(60);
    expect(await invitedCount(study.id)).toBe(10);

    const listed = await researcher.get(`/v2/opportunities/${study.id}`);
    expect(listed.body.outreach).toEqual(plan);
  });

  it('stops once the places are gone', async () => {
    const study = await draft('Two places', { num_participants: 2 });
    // Set on the draft by PATCH, then launched.
    const plan = { initial_invitations: 4, wave_size: 2, wave_every_minutes: 10 };
    const patched = await researcher.patch(`/v2/opportunities/${study.id}`, { outreach: plan });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.outreach).toEqual(plan);
    await launch(study.id);
    await worker.drain();
    const invited = await server.database.db
      .selectFrom('invitations')
      .select('participant_id')
      .where('opportunity_id', '=', study.id)
      .execute();
    expect(invited).toHaveLength(4);
    const byId = new Map(germans.map((g) => [g.id, g]));
    for (const { participant_id } of invited.slice(0, 2)) {
      await apply(byId.get(participant_id)!, study.id);
    }
    expect((await researcher.get(`/v2/opportunities/${study.id}`)).body.status).toBe('fulfilled');
    await minutesPass(10);
    expect(await invitedCount(study.id)).toBe(4);
    expect(await runOf(study.id)).toMatchObject({ stop_reason: 'not_recruiting', invited: 4 });
    expect((await outreachJobs(study.id)).map((job) => job.status)).toEqual(['done']);
  });

  it('takes outreach alone by PATCH on an active study, starting the waves if none run', async () => {
    const study = await draft('Later');
    await launch(study.id);
    await worker.drain();
    expect(await invitedCount(study.id)).toBe(0);
    expect((await researcher.get(`/v2/opportunities/${study.id}`)).body.outreach).toBeNull();

    const plan = { initial_invitations: 2, wave_size: 1, wave_every_minutes: 5 };
    const set = await researcher.patch(`/v2/opportunities/${study.id}`, { outreach: plan });
    catchUp();
    expect(set.status, set.text).toBe(200);
    expect(set.body.outreach).toEqual(plan);
    expect(set.body.status).toBe('active');
    await worker.drain();
    expect(await invitedCount(study.id)).toBe(2);
    // Setting it again while the waves run starts no second run.
    const again = await researcher.patch(`/v2/opportunities/${study.id}`, {
      outreach: { ...plan, wave_size: 2 },
    });
    expect(again.status).toBe(200);
    await worker.drain();
    expect(await invitedCount(study.id)).toBe(2);
    await minutesPass(5);
    expect(await invitedCount(study.id)).toBe(4);

    // Other fields stay refused once launched, with or without outreach beside them.
    for (const body of [{ title: 'Renamed' }, { title: 'Renamed', outreach: plan }]) {
      const refused = await researcher.patch(`/v2/opportunities/${study.id}`, body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
    }

    // null clears it: the next round stops the run.
    const cleared = await researcher.patch(`/v2/opportunities/${study.id}`, { outreach: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.outreach).toBeNull();
    await minutesPass(5);
    expect(await invitedCount(study.id)).toBe(4);
    expect(await runOf(study.id)).toMatchObject({ run: 1, stop_reason: 'cleared' });

    // Set once more: a new run, whose first round is a wave (the initial ones went out).
    const restarted = await researcher.patch(`/v2/opportunities/${study.id}`, {
      outreach: { ...plan, wave_size: 3 },
    });
    catchUp();
    expect(restarted.status).toBe(200);
    await worker.drain();
    expect(await invitedCount(study.id)).toBe(7);
    expect(await runOf(study.id)).toMatchObject({ run: 2, stopped_at: null });
    expect((await outreachJobs(study.id)).map((job) => job.dedupe_key)).toEqual([
      `invitations-outreach:${study.id}:1`,
      `invitations-outreach:${study.id}:2`,
    ]);
  });

  it('lists each problem of a plan in one 400, on create and on PATCH, and writes nothing', async () => {
    const study = await draft('Problems');
    const bad = { initial_invitations: -1, wave_size: 0, wave_every_minutes: 4.5 };
    const patched = await researcher.patch(`/v2/opportunities/${study.id}`, { outreach: bad });
    expect(patched.status).toBe(400);
    expect(patched.body.code).toBe('BAD_REQUEST');
    const messages = patched.body.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('initial_invitations'),
        expect.stringContaining('wave_size'),
        expect.stringContaining('wave_every_minutes'),
      ]),
    );

    const project = await researcher.post('/v2/projects', { name: 'Outreach problems' });
    const created = await researcher.post('/v2/opportunities', {
      title: 'Bad plan',
      project_id: project.body.id,
      num_participants: 5,
      tasks: DEFAULT_TASKS,
      outreach: { initial_invitations: 10_001, wave_size: 1 },
    });
    expect(created.status).toBe(400);
    const createMessages = created.body.issues.map((issue: { message: string }) => issue.message);
    expect(createMessages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('initial_invitations'),
        expect.stringContaining('wave_every_minutes'),
      ]),
    );

    const launched = await draft('Launched problems');
    await launch(launched.id);
    const onActive = await researcher.patch(`/v2/opportunities/${launched.id}`, {
      outreach: { initial_invitations: 1, wave_size: 10_001, wave_every_minutes: 10_081 },
    });
    expect(onActive.status).toBe(400);
    expect(onActive.body.issues).toHaveLength(2);
    expect((await researcher.get(`/v2/opportunities/${study.id}`)).body.outreach).toBeNull();
    expect((await researcher.get(`/v2/opportunities/${launched.id}`)).body.outreach).toBeNull();
  });
});
