import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createTestOrganization,
  engines,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { Browserless, startDashboardServer } from './support.ts';

const MAIN = path.resolve('src/main.ts');

/** Runs the CLI with an environment and optional stdin; resolves with its exit code and output. */
function cohort(env: NodeJS.ProcessEnv, args: string[], stdin = '') {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe.each(engines())('dashboard CLI on %s', (engine) => {
  let server: TestServer;
  const env: NodeJS.ProcessEnv = { ...process.env };
  beforeAll(async () => {
    if (engine === 'postgres') {
      env.DATABASE_URL = inject('postgresUrl');
      ({ server } = await startDashboardServer(engine));
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-dashboard-cli-'));
      env.DATA_DIR = dataDir;
      delete env.DATABASE_URL;
      expect((await cohort(env, ['migrate'])).code).toBe(0);
      server = await startTestServer(
        engine,
        {},
        { database: openTestDatabase('sqlite', path.join(dataDir, 'cohort.sqlite')) },
      );
    }
    env.PUBLIC_URL = server.url;
  }, 60_000);
  afterAll(() => server.close());

  it('creates a user whose password signs in, and prints a one-time link for them', async () => {
    const organization = await createTestOrganization(server, { name: 'CLI Dashboard Lab' });
    const email = `cli.${Date.now()}@Example.com`;
    const created = await cohort(
      env,
      [
        'user',
        'create',
        '--org',
        organization.id,
        '--email',
        email,
        '--role',
        'viewer',
        '--password-stdin',
        '--json',
      ],
      'a long enough passphrase\n',
    );
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toEqual({
      user: {
        id: expect.stringMatching(/^usr_/),
        organization_id: organization.id,
        email: email.toLowerCase(),
        role: 'viewer',
        password_set: true,
        created_at: expect.any(String),
      },
    });
    const stored = await server.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$16\$8\$2\$[\w-]{22}\$[\w-]{43}$/);
    expect(stored.password_hash).not.toContain('passphrase');

    const browser = new Browserless(server.url);
    expect((await browser.signIn(email, 'a long enough passphrase')).status).toBe(303);
    expect((await browser.get('/dashboard')).text).toContain('>viewer</span>');

    const again = await cohort(
      env,
      ['user', 'create', '--org', organization.id, '--email', email, '--password-stdin'],
      'another long passphrase\n',
    );
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    const short = await cohort(
      env,
      ['user', 'create', '--org', organization.id, '--email', `x.${email}`, '--password-stdin'],
      'short\n',
    );
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('at least 12 characters');

    const link = await cohort(env, [
      'login-link',
      '--org',
      organization.id,
      '--email',
      email,
      '--json',
    ]);
    expect(link.code, link.stderr).toBe(0);
    const { url } = JSON.parse(link.stdout);
    expect(url).toMatch(new RegExp(`^${server.url}/dashboard/login/cl_[\\w-]{43}$`));
    const visitor = new Browserless(server.url);
    const used = await visitor.get(url);
    expect(used.status).toBe(303);
    expect((await visitor.get('/dashboard')).text).toContain(email.toLowerCase());
    expect((await new Browserless(server.url).get(url)).status).toBe(410);
  });

  it('prints an operator link without --email, and refuses unknown organizations and users', async () => {
    const organization = await createTestOrganization(server);
    const link = await cohort(env, ['login-link', '--org', organization.id, '--json']);
    expect(link.code, link.stderr).toBe(0);
    const visitor = new Browserless(server.url);
    await visitor.get(JSON.parse(link.stdout).url);
    const home = await visitor.get('/dashboard');
    expect(home.text).toContain('Operator');
    expect(home.text).toContain('>owner</span>');

    const unknownOrg = await cohort(env, ['login-link', '--org', 'org_nope', '--json']);
    expect(unknownOrg.code).toBe(2);
    expect(unknownOrg.stderr).toContain('no organization org_nope');
    const unknownUser = await cohort(env, [
      'login-link',
      '--org',
      organization.id,
      '--email',
      'ghost@example.com',
    ]);
    expect(unknownUser.code).toBe(2);
    expect(unknownUser.stderr).toContain('no user ghost@example.com');
  });
});
