import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, dropDatabase } from '../../fixtures/scratch-postgres.ts';
import { openPostgres } from '../../src/platform/db/database.ts';
import { Browserless, loginLinkFor } from '../dashboard/support.ts';
import { runCli } from '../support/cli.ts';
import { client, engines, startTestServer, type TestServer } from '../support/harness.ts';

const run = promisify(execFile);
const CLI_TIMEOUT = { timeout: 60_000 };

async function ledgerAndBalance(server: TestServer, organizationId: string, apiKey: string) {
  const browser = new Browserless(server.url);
  await browser.get(new URL(await loginLinkFor(server, { organizationId })).pathname);
  const ledger = await browser.get('/dashboard/finance/ledger.csv');
  expect(ledger.status).toBe(200);
  const briefing = await client(server, apiKey).get('/v2/organization');
  return { ledger: ledger.text, balance: briefing.body.balance.balance_cents as number };
}

/**
 * On PostgreSQL `cohort backup` refuses and points at pg_dump; the commands docs/operations.md gives
 * (pg_dump, then pg_restore into an empty database) bring back the same data.
 */
describe.runIf(engines().includes('postgres'))('backups on PostgreSQL', () => {
  const base = new URL(inject('postgresUrl') || 'postgres://unused/x');
  const scratch: string[] = [];
  const servers: TestServer[] = [];
  const folders: string[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    for (const name of scratch) await dropDatabase(base, name);
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it('cohort backup says to use pg_dump, and the commands of docs/operations.md restore', {
    timeout: 120_000,
  }, async () => {
    const original = await createScratchDatabase(base, 'cohort_backup_src_');
    scratch.push(original.name);
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: original.url };
    const created = JSON.parse(
      (
        await runCli(
          env,
          ['org', 'create', '--name', 'Dumped Lab', '--balance-cents', '250000', '--json'],
          CLI_TIMEOUT,
        )
      ).stdout,
    );
    await runCli(
      env,
      ['credit', 'add', '--org', created.organization.id, '--cents', '1234'],
      CLI_TIMEOUT,
    );

    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-pg-backup-'));
    folders.push(folder);
    await expect(
      runCli(env, ['backup', path.join(folder, 'b.tar.gz')], CLI_TIMEOUT),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('pg_dump') });
    expect(fs.readdirSync(folder)).toEqual([]);

    // docs/operations.md, "Backups on PostgreSQL".
    const dump = path.join(folder, 'cohort.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, original.url]);
    const restored = await createScratchDatabase(base, 'cohort_backup_dst_');
    scratch.push(restored.name);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored.url}`, dump]);

    const before = await startTestServer(
      'postgres',
      {},
      { database: openPostgres(original.url, 2) },
    );
    servers.push(before);
    const after = await startTestServer(
      'postgres',
      {},
      { database: openPostgres(restored.url, 2) },
    );
    servers.push(after);
    const was = await ledgerAndBalance(before, created.organization.id, created.api_key);
    expect(was.balance).toBe(251_234);
    expect(await ledgerAndBalance(after, created.organization.id, created.api_key)).toEqual(was);
  });
});
