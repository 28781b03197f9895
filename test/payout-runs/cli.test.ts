import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startCliServer } from '../support/cli.ts';
import { client, createTestOrganization, engines, type TestServer } from '../support/harness.ts';

describe.each(engines())('cohort opportunity pay on %s', (engine) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    ({ server, env } = await startCliServer(engine, 'cohort-pay-cli-'));
  }, 60_000);
  afterAll(() => server.close());

  const cohort = async (...args: string[]) => (await runCli(env, ['opportunity', ...args])).stdout;
  const fails = async (...args: string[]) => {
    try {
      await runCli(env, ['opportunity', ...args]);
    } catch (error) {
      return error as { code: number; stderr: string };
    }
    throw new Error(`cohort opportunity ${args.join(' ')} succeeded`);
  };

  async function draft() {
    const organization = await createTestOrganization(server, { balanceCents: 100_000 });
    const api = client(server, organization.apiKey);
    const project = await api.post('/v2/projects', { name: 'CLI' });
    const created = await api.post('/v2/opportunities', {
      title: 'Diary study',
      project_id: project.body.id,
      num_participants: 3,
      tasks: [
        {
          sequence: 1,
          task_type: 'activity',
          task_url: 'https://tasks.example/diary',
          title: 'Diary',
          description: 'Write daily',
          duration_minutes: 20,
        },
      ],
    });
    expect(created.status, created.text).toBe(200);
    return { organization, api, opportunity: created.body };
  }

  it('sets hourly pay on a draft, records it, and the full form reads it', async () => {
    const { api, opportunity } = await draft();
    const fee =
      opportunity.pricing.cost_per_participant_cents -
      Number(
        (
          await server.database.db
            .selectFrom('opportunities')
            .select('incentive_cents')
            .where('id', '=', opportunity.id)
            .executeTakeFirstOrThrow()
        ).incentive_cents,
      );
    const json = JSON.parse(
      await cohort(
        'pay',
        opportunity.id,
        '--frequency',
        'hourly',
        '--rate-cents',
        '2500',
        '--json',
      ),
    );
    expect(json).toEqual({
      id: opportunity.id,
      status: 'draft',
      pay_frequency: 'hourly',
      hourly_rate_cents: 2500,
      task_price_cents: null,
      cost_per_participant_cents: fee,
      total_cost_cents: fee * 3,
    });
    const read = await api.get(`/v2/opportunities/${opportunity.id}`);
    expect(read.body).toMatchObject({
      pay_frequency: 'hourly',
      hourly_rate_cents: 2500,
      pricing: { cost_per_participant_cents: fee, total_cost_cents: fee * 3 },
    });
    const audit = await api.get('/v2/audit-events');
    expect(audit.body.data[0]).toMatchObject({
      actor_kind: 'operator',
      actor_id: null,
      actor_label: 'operator (cohort CLI)',
      action: 'opportunity.pay_frequency.set',
      subject_type: 'opportunity',
      subject_id: opportunity.id,
      details: {
        from: { pay_frequency: 'one_time', hourly_rate_cents: null },
        to: { pay_frequency: 'hourly', hourly_rate_cents: 2500 },
      },
    });
    expect(audit.body.data[0].id).toMatch(/^aud_/);

    // Back to one time: the incentive set aside comes back, and with it the price.
    expect(await cohort('pay', opportunity.id, '--frequency', 'one_time')).toContain('one_time');
    const back = await api.get(`/v2/opportunities/${opportunity.id}`);
    expect(back.body.pricing).toEqual(opportunity.pricing);
    expect(back.body).toMatchObject({ pay_frequency: 'one_time', hourly_rate_cents: null });
  });

  it('changes a launched opportunity’s rate but not its frequency; refuses bad input', async () => {
    const { api, opportunity } = await draft();
    await cohort('pay', opportunity.id, '--frequency', 'per_task', '--task-price-cents', '500');
    expect((await api.post(`/v2/opportunities/${opportunity.id}/launch`, {})).status).toBe(200);
    const repriced = JSON.parse(
      await cohort(
        'pay',
        opportunity.id,
        '--frequency',
        'per_task',
        '--task-price-cents',
        '650',
        '--json',
      ),
    );
    expect(repriced).toMatchObject({ status: 'active', task_price_cents: 650 });

    const switching = await fails(
      'pay',
      opportunity.id,
      '--frequency',
      'hourly',
      '--rate-cents',
      '100',
    );
    expect(switching.code).toBe(2);
    expect(switching.stderr).toContain('only while it is a draft');
    expect((await fails('pay', opportunity.id, '--frequency', 'weekly')).stderr).toContain(
      '--frequency must be one of',
    );
    expect((await fails('pay', opportunity.id, '--frequency', 'hourly')).stderr).toContain(
      '--rate-cents is required',
    );
    expect(
      (
        await fails(
          'pay',
          opportunity.id,
          '--frequency',
          'per_task',
          '--task-price-cents',
          '99999999',
        )
      ).stderr,
    ).toContain('--task-price-cents must be');
    expect((await fails('pay', 'opp_missing', '--frequency', 'one_time')).stderr).toContain(
      'not found',
    );
    // Eight commands, each a process of its own: 1.5 s apiece on an idle two-core machine, and
    // past 30 s in all when the machine's other work holds both cores.
  }, 90_000);
});
