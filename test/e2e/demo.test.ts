import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ledgerSumCents } from '../../src/store/ledger.ts';
import {
  client,
  engines,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { loadGeographyOnce } from './fixtures.ts';

const run = promisify(execFile);
const MAIN = path.resolve('src/main.ts');

describe.each(engines())('cohort demo on %s', (engine) => {
  let server: TestServer;
  const env: NodeJS.ProcessEnv = { ...process.env };
  beforeAll(async () => {
    loadGeographyOnce();
    if (engine === 'postgres') {
      env.DATABASE_URL = inject('postgresUrl');
      server = await startTestServer(engine);
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-demo-'));
      env.DATA_DIR = dataDir;
      delete env.DATABASE_URL;
      await run(process.execPath, [MAIN, 'migrate'], { env });
      server = await startTestServer(
        engine,
        { dataDir },
        { database: openTestDatabase('sqlite', path.join(dataDir, 'cohort.sqlite')) },
      );
    }
  });
  afterAll(() => server.close());

  it('builds an organization and a launched study, then a panel applies and works through the API', async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        MAIN,
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
      { env, timeout: 90_000 },
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
  }, 120_000);
});
