import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSumCents } from '../../src/finance/ledger.ts';
import { csrfOf, ParticipantClient } from '../participate/support.ts';
import { runCli, startCliServer } from '../support/cli.ts';
import { client, engines, type TestServer } from '../support/harness.ts';
import { loadGeographyOnce } from '../support/participant-side.ts';

describe.each(engines())('cohort demo on %s', (engine) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    loadGeographyOnce();
    ({ server, env } = await startCliServer(engine, 'cohort-demo-', (dataDir) => ({ dataDir })));
  });
  afterAll(() => server.close());

  it('builds an organization and a launched study, then a panel applies and works through the API', async () => {
    const { stdout, stderr } = await runCli(
      env,
      [
        'demo',
        '--url',
        server.url,
        '--participants',
        '12',
        '--minutes',
        '0.15',
        '--seed',
        '7',
        '--json',
      ],
      { timeout: 90_000 },
    );
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({
      organization_id: expect.stringMatching(/^org_/),
      api_key: expect.stringMatching(/^ck_/),
      opportunity_id: expect.stringMatching(/^opp_/),
      seed: 7,
    });
    expect(stderr).toContain('applied:');

    const customer = client(server, summary.api_key);
    const study = await customer.get(`/v2/opportunities/${summary.opportunity_id}`);
    expect(study.status).toBe(200);
    expect(['active', 'fulfilled', 'completed']).toContain(study.body.status);
    expect(study.body.submission_stats).toEqual(summary.submission_stats);
    const submissions = await customer.get(
      `/v2/opportunities/${summary.opportunity_id}/submissions?limit=100`,
    );
    const statuses = new Set(submissions.body.data.map((s: { status: string }) => s.status));
    expect(submissions.body.data.length).toBeGreaterThan(0);
    expect(statuses.size).toBeGreaterThan(1);
    // Twelve people applied; graded ones all show in the screening statistics.
    const graded = study.body.screening_stats[0].graded;
    expect(graded).toBeGreaterThanOrEqual(submissions.body.data.length);

    // Money: the organization's balance is its ledger, and payouts are what participants earned.
    const balance = (await customer.get('/v2/organization')).body.balance.balance_cents;
    expect(await ledgerSumCents(server.database.db, summary.organization_id)).toBe(balance);
    const paid = await server.database.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.sum<number>('participant_amount_cents').as('paid'))
      .where('organization_id', '=', summary.organization_id)
      .executeTakeFirstOrThrow();
    expect(Number(paid.paid ?? 0)).toBe(summary.paid_to_participants_cents);

    // Both sides at once: the printed logins open the dashboard and the participant app.
    const researcher = new ParticipantClient(server.url);
    const opened = await researcher.get(new URL(summary.dashboard_login_url).pathname);
    expect(opened.status).toBe(303);
    expect(opened.location).toBe('/dashboard');
    const participant = new ParticipantClient(server.url);
    const { url, email, password } = summary.participant_login;
    const form = await participant.get(new URL(url).pathname);
    const signedIn = await participant.post('/participate/sign-in', {
      _csrf: csrfOf(form.text),
      email,
      password,
      next: '/participate/submissions',
    });
    expect(signedIn.status).toBe(303);
    expect((await participant.get('/participate/submissions')).status).toBe(200);
  }, 120_000);
});
