import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerSumCents } from '../../src/store/ledger.ts';
import { findOrganization } from '../../src/store/organizations.ts';
import {
  client,
  engines,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

const run = promisify(execFile);
const MAIN = path.resolve('src/main.ts');

describe.each(engines())('operators’ CLI on %s', (engine) => {
  let server: TestServer;
  const env: NodeJS.ProcessEnv = { ...process.env };
  beforeAll(async () => {
    if (engine === 'postgres') {
      env.DATABASE_URL = inject('postgresUrl');
      server = await startTestServer(engine);
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-cli-'));
      env.DATA_DIR = dataDir;
      delete env.DATABASE_URL;
      await run(process.execPath, [MAIN, 'migrate'], { env });
      server = await startTestServer(
        engine,
        {},
        { database: openTestDatabase('sqlite', path.join(dataDir, 'cohort.sqlite')) },
      );
    }
  });
  afterAll(() => server.close());

  const cohort = async (...args: string[]) => {
    const { stdout } = await run(process.execPath, [MAIN, ...args], { env });
    return stdout;
  };

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
      const failure = await run(process.execPath, [MAIN, ...args], { env }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code, args.join(' ')).toBe(2);
      expect(failure?.stderr).toMatch(/^cohort: /);
    }
  });
});
