import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCliServer } from '../support/cli.ts';
import { client, createTestOrganization, engines, type TestServer } from '../support/harness.ts';

describe.each(engines())('cohort feasibility on %s', (engine) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    ({ server, env } = await startCliServer(engine, 'cohort-feasibility-cli-'));
  });
  afterAll(() => server.close());

  const cohort = async (...args: string[]) => (await runCli(env, ['feasibility', ...args])).stdout;
  const fails = async (...args: string[]) => {
    try {
      await runCli(env, ['feasibility', ...args]);
    } catch (error) {
      return error as { code: number; stderr: string };
    }
    throw new Error(`cohort feasibility ${args.join(' ')} succeeded`);
  };

  it('lists, responds and closes requests; the API sees each move', async () => {
    const organization = await createTestOrganization(server);
    const api = client(server, organization.apiKey);
    const brief = {
      taskDescription: 'Diary study',
      panelDescription: 'New parents',
      submissionCount: 900,
      timelineHours: 240,
      loiMinutes: 30,
    };
    const priced = (await api.post('/v2/feasibility/requests', brief)).body;
    const defaultFee = (await api.post('/v2/feasibility/requests', brief)).body;
    const dropped = (await api.post('/v2/feasibility/requests', brief)).body;

    const listed = JSON.parse(
      await cohort('list', '--status', 'RECEIVED', '--limit', '100000', '--json'),
    );
    const ids = listed.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([priced.id, defaultFee.id, dropped.id]));
    expect(listed.find((r: { id: string }) => r.id === priced.id)).toMatchObject({
      status: 'RECEIVED',
      organization_id: organization.id,
      submission_count: 900,
      cost_per_participant: null,
    });
    expect(await cohort('list', '--limit', '100000')).toContain(priced.id);

    const responded = JSON.parse(
      await cohort('respond', priced.id, '--cpi', '45.00', '--fee', '12', '--json'),
    );
    expect(responded).toMatchObject({
      status: 'RESPONDED',
      cost_per_participant: '45.00',
      fee: '12.00',
    });
    const read = await api.get(`/v2/feasibility/requests/${priced.id}`);
    expect(read.body).toMatchObject({ status: 'RESPONDED', costPerParticipant: '45.00' });
    expect(read.body.respondedAt).not.toBeNull();

    // Without --fee, the organization's platform fee is the fee.
    expect(await cohort('respond', defaultFee.id, '--cpi', '30')).toContain('fee 2.00');

    expect(await cohort('close', dropped.id, '--lost')).toContain('LOST');
    expect((await api.get(`/v2/feasibility/requests/${dropped.id}`)).body.status).toBe('LOST');
    const notPursued = (await api.post('/v2/feasibility/requests', brief)).body;
    await cohort('close', notPursued.id, '--not-pursued');
    expect((await api.get(`/v2/feasibility/requests/${notPursued.id}`)).body.status).toBe(
      'NOT_PURSUED',
    );

    // The priced request now makes drafts at its price.
    const project = await api.post('/v2/projects', { name: 'P' });
    const draft = await api.post('/v2/opportunities', {
      title: 'Diary',
      project_id: project.body.id,
      num_participants: 3,
      feasibility_request_id: priced.id,
      tasks: [{ task_type: 'activity', title: 'Diary', duration_minutes: 30 }],
    });
    expect(draft.body.pricing).toEqual({
      cost_per_participant_cents: 4500,
      total_cost_cents: 13_500,
      currency: 'usd',
    });
  });

  it('refuses bad amounts, a second price, reopening, and unknown ids with exit code 2', async () => {
    const organization = await createTestOrganization(server);
    const api = client(server, organization.apiKey);
    const created = (
      await api.post('/v2/feasibility/requests', {
        taskDescription: 'x',
        panelDescription: 'y',
        submissionCount: 9999,
        timelineHours: 24,
        loiMinutes: 10,
      })
    ).body;
    for (const args of [
      ['respond', created.id, '--cpi', '45.001'],
      ['respond', created.id, '--cpi', '10', '--fee', '11'],
      ['respond', 'fea_missing', '--cpi', '10', '--fee', '1'],
      ['close', created.id, '--lost', '--not-pursued'],
    ]) {
      const error = await fails(...args);
      expect(error.code, args.join(' ')).toBe(2);
    }
    await cohort('close', created.id, '--not-pursued');
    expect((await fails('respond', created.id, '--cpi', '10', '--fee', '1')).stderr).toContain(
      'NOT_PURSUED',
    );
    expect((await fails('close', created.id, '--lost')).code).toBe(2);
  });
});
