import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSumCents } from '../../src/finance/ledger.ts';
import { findOrganization } from '../../src/organizations/store.ts';
import { runCli, startCliServer } from '../support/cli.ts';
import { client, engines, type TestServer } from '../support/harness.ts';

describe.each(engines())('operators’ CLI on %s', (engine) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    ({ server, env } = await startCliServer(engine, 'cohort-cli-'));
  });
  afterAll(() => server.close());

  const cohort = async (...args: string[]) => (await runCli(env, args)).stdout;

  it('creates an organization with balance and overdraft, and its key works on the API', async () => {
    const out = JSON.parse(
      await cohort(
        'org',
        'create',
        '--name',
        'CLI Lab',
        '--balance-cents',
        '25000',
        '--overdraft-cents',
        '5000',
        '--json',
      ),
    );
    expect(out).toEqual({
      organization: {
        id: expect.stringMatching(/^org_/),
        name: 'CLI Lab',
        slug: expect.stringMatching(/^cli-lab-/),
        balance_cents: 25_000,
        overdraft_limit_cents: 5_000,
        hide_identity: false,
        created_at: expect.any(String),
      },
      api_key: expect.stringMatching(/^ck_[A-Za-z0-9_-]{43}$/),
    });
    const organization = await client(server, out.api_key).get('/v2/organization');
    expect(organization.status).toBe(200);
    expect(organization.body.balance.balance_cents).toBe(25_000);
  });

  it('creates role keys, revokes them, and adds credit through the ledger', async () => {
    const org = JSON.parse(await cohort('org', 'create', '--name', 'Keys Lab', '--json'));
    const viewer = JSON.parse(
      await cohort('key', 'create', '--org', org.organization.id, '--role', 'viewer', '--json'),
    );
    expect(viewer.key.role).toBe('viewer');
    const api = client(server, viewer.api_key);
    expect((await api.get('/v2/projects')).status).toBe(200);
    expect((await api.post('/v2/projects', { name: 'x' })).status).toBe(403);
    await cohort('key', 'revoke', viewer.key.id);
    expect((await api.get('/v2/projects')).status).toBe(401);

    const credit = JSON.parse(
      await cohort('credit', 'add', '--org', org.organization.id, '--cents', '1999', '--json'),
    );
    expect(credit.balance_cents).toBe(1999);
    const row = await findOrganization(server.database.db, org.organization.id);
    expect(row?.balance_cents).toBe(1999);
    expect(await ledgerSumCents(server.database.db, org.organization.id)).toBe(1999);
  });

  it('refuses bad arguments with a usage message and exit code 2', async () => {
    for (const args of [
      ['org', 'create'],
      ['key', 'create', '--org', 'org_x', '--role', 'admin'],
      ['credit', 'add', '--org', 'org_x', '--cents', '-5'],
      ['frobnicate'],
    ]) {
      const failure = await runCli(env, args).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code, args.join(' ')).toBe(2);
      expect(failure?.stderr).toMatch(/^cohort: /);
    }
  });
});
