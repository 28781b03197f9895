import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { verifyWebhook } from '@cohort/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/platform/csv.ts';
import { migrations } from '../../src/platform/db/migrations/index.ts';
import { Browserless, loginLinkFor } from '../dashboard/support.ts';
import { runCli } from '../support/cli.ts';
import { client, openTestDatabase, startTestServer, type TestServer } from '../support/harness.ts';

/**
 * Upgrades (docs/decisions/0109-upgrades-tested-against-a-frozen-database.md): each folder of
 * releases/ holds an embedded database written by a past release (fixtures/upgrade/make-fixture.ts,
 * run on that release's commit) and what its API answered then. `cohort migrate` must bring the
 * file to this build's migrations, and the server must answer the same: every field the old answer
 * had, with the same value (fields added since are allowed). Written once per release and never
 * remade, so every migration added later is run against real old data here.
 */
const RELEASES = path.join(import.meta.dirname, 'releases');

interface Expected {
  made_by: { version: string; migrations: string[] };
  organizations: {
    id: string;
    api_key: string;
    organization: Record<string, unknown>;
    projects: unknown;
    opportunities: { id: string; status: string }[];
    ledger_csv: string;
    webhook_subscriptions: { data: { id: string; target_url: string }[] };
    /** The signing secret of each subscription, as its creation showed it. */
    webhook_secrets: Record<string, string>;
  }[];
  participants: {
    id: string;
    token: string;
    organization_id: string;
    submission: { id: string; status: string };
    me: unknown;
    own_submissions: unknown;
  }[];
}

/** The CSV's rows as objects of the columns `columns` names (later releases may add columns). */
function csvColumns(text: string, columns: string[]) {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) =>
    Object.fromEntries(columns.map((name) => [name, row[header!.indexOf(name)]])),
  );
}

/**
 * Listens where an old subscription points (a fixed loopback port, as the fixture could not know
 * a test's), runs `send`, and answers the one request it gets with 204.
 */
async function receivePing<T>(targetUrl: string, send: () => Promise<T>) {
  let received!: (request: { headers: http.IncomingHttpHeaders; body: string }) => void;
  const arrived = new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve) => {
    received = resolve;
  });
  const receiver = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    response.writeHead(204).end();
  });
  const target = new URL(targetUrl);
  await new Promise<void>((resolve, reject) => {
    receiver.once('error', reject);
    receiver.listen(Number(target.port), target.hostname, () => resolve());
  });
  try {
    const answer = await send();
    // A refused ping sends nothing: answer at once, so the caller's check says why.
    if ((answer as { status?: number }).status !== 200) return { answer, headers: {}, body: '{}' };
    return { answer, ...(await arrived) };
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

describe.each(fs.readdirSync(RELEASES).sort())('a database made by release %s', (release) => {
  const expected = JSON.parse(
    fs.readFileSync(path.join(RELEASES, release, 'expected.json'), 'utf8'),
  ) as Expected;
  let server: TestServer | undefined;
  afterAll(() => server?.close());

  it('migrates forward with cohort migrate and serves the same data', {
    timeout: 120_000,
  }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cohort-upgrade-${release}-`));
    const file = path.join(dataDir, 'cohort.sqlite');
    fs.copyFileSync(path.join(RELEASES, release, 'cohort.sqlite'), file);
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const { stdout } = await runCli(env, ['migrate'], { timeout: 60_000 });
    expect(stdout).toContain('Migrations applied (sqlite)');

    const database = openTestDatabase('sqlite', file);
    const applied = await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .orderBy('name' as never)
      .execute();
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(Object.keys(migrations));
    expect(Object.keys(migrations).slice(0, expected.made_by.migrations.length)).toEqual(
      expected.made_by.migrations,
    );

    // The links in the old answers name the default PUBLIC_URL.
    server = await startTestServer(
      'sqlite',
      {
        dataDir,
        publicUrl: 'http://localhost:8080',
        rateLimitPerKey: 100_000,
      },
      { database },
    );
    for (const organization of expected.organizations) {
      const api = client(server, organization.api_key);
      const briefing = await api.get('/v2/organization');
      expect(briefing.status).toBe(200);
      expect(briefing.body).toMatchObject(organization.organization);
      expect((await api.get('/v2/projects')).body).toMatchObject(organization.projects as object);
      for (const opportunity of organization.opportunities) {
        const now = await api.get(`/v2/opportunities/${opportunity.id}`);
        expect(now.status).toBe(200);
        expect(now.body).toMatchObject(opportunity);
      }
      const subscriptions = await api.get('/v2/hooks/subscriptions');
      expect(subscriptions.body).toMatchObject(organization.webhook_subscriptions);
      for (const subscription of organization.webhook_subscriptions.data) {
        const secret = organization.webhook_secrets[subscription.id]!;
        const ping = await receivePing(subscription.target_url, () =>
          api.post(`/v2/hooks/subscriptions/${subscription.id}`, {}),
        );
        expect(ping.answer.status, ping.answer.text).toBe(200);
        expect(JSON.parse(ping.body).type).toBe('webhook.ping');
        expect(
          verifyWebhook({ secret, headers: ping.headers, rawBody: ping.body, now: Date.now() }),
        ).toMatchObject({ ok: true });
      }
      const browser = new Browserless(server.url);
      await browser.get(
        new URL(await loginLinkFor(server, { organizationId: organization.id })).pathname,
      );
      const ledger = await browser.get('/dashboard/finance/ledger.csv');
      expect(ledger.status).toBe(200);
      const columns = parseCsv(organization.ledger_csv)[0]!;
      expect(csvColumns(ledger.text, columns)).toEqual(
        csvColumns(organization.ledger_csv, columns),
      );
    }
    for (const participant of expected.participants) {
      const owner = expected.organizations.find((o) => o.id === participant.organization_id)!;
      const submission = await client(server, owner.api_key).get(
        `/v2/submissions/${participant.submission.id}`,
      );
      expect(submission.body).toMatchObject(participant.submission);
      const own = client(server, participant.token);
      expect((await own.get('/v2/participant/me')).body).toMatchObject(participant.me as object);
      expect((await own.get('/v2/participant/submissions')).body).toMatchObject(
        participant.own_submissions as object,
      );
    }

    // And it keeps working: the old data takes new writes through the API.
    const [lab] = expected.organizations;
    const api = client(server, lab!.api_key);
    const waiting = expected.participants.find((p) => p.submission.status === 'awaiting_review');
    expect(waiting).toBeDefined();
    const approved = await api.post(`/v2/submissions/${waiting!.submission.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    const draft = lab!.opportunities.find((o) => o.status === 'draft');
    expect(draft).toBeDefined();
    const launched = await api.post(`/v2/opportunities/${draft!.id}/launch`, {});
    expect(launched.status, launched.text).toBe(200);
    const before = (lab!.organization as { balance: { balance_cents: number } }).balance
      .balance_cents;
    const after = (await api.get('/v2/organization')).body.balance.balance_cents;
    expect(after).toBe(before - launched.body.pricing.total_cost_cents);
  });
});
