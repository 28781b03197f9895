import { sql } from 'kysely';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/platform/db/database.ts';
import { migrations } from '../../src/platform/db/migrations/index.ts';
import { webhookDeliveryOutcomes } from '../../src/platform/http/metrics.ts';
import { declareJob } from '../../src/platform/jobs/define.ts';
import { enqueue } from '../../src/platform/jobs/store.ts';
import {
  client,
  createTestOrganization,
  engines,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

/** The value of one sample line of Prometheus text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).split(' ')[0] ?? '';
    if (wanted.every((pair) => labelText.includes(pair))) return Number(line.split(' ').pop());
  }
  return undefined;
}

describe.each(engines())('operator endpoints on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('GET /healthz answers without a key, a database or the rate limit', async () => {
    const anonymous = client(server);
    for (let i = 0; i < 5; i++) {
      const response = await anonymous.get('/healthz');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
      expect(response.headers.get('ratelimit-limit')).toBeNull();
    }
  });

  it('GET /readyz is 200 when the database answers and every migration is applied', async () => {
    const response = await client(server).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, message: `${engine} answered` },
        migrations: { ok: true, message: `${Object.keys(migrations).length} applied` },
      },
    });
  });

  it('operator endpoints take no API key, and a bad one does not make them fail', async () => {
    const withBadKey = client(server, 'ck_not_a_key');
    expect((await withBadKey.get('/healthz')).status).toBe(200);
    expect((await withBadKey.get('/readyz')).status).toBe(200);
    expect((await withBadKey.get('/metrics')).status).toBe(200);
  });

  it('GET /metrics counts requests by route pattern, method and status, with latency', async () => {
    const organization = await createTestOrganization(server);
    const api = client(server, organization.apiKey);
    const created = await api.post('/v2/projects', { name: 'Metrics' });
    expect(created.status).toBe(200);
    await api.get(`/v2/projects/${created.body.id}`);
    await api.get('/v2/projects/prj_unknown'); // 404 on the same route pattern
    await client(server).get('/v2/projects'); // 401
    await client(server).get('/no/such/path/12345'); // no route
    const response = await client(server).get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.text;
    const one = { route: '/v2/projects/:projectId', method: 'GET' };
    expect(sample(text, 'http_requests_total', { ...one, status_code: '200' })).toBe(1);
    expect(sample(text, 'http_requests_total', { ...one, status_code: '404' })).toBe(1);
    expect(
      sample(text, 'http_requests_total', {
        route: '/v2/projects',
        method: 'GET',
        status_code: '401',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', {
        route: 'unmatched',
        method: 'GET',
        status_code: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
    // Raw URLs never become labels: ids and unknown paths would grow the series without bound.
    expect(text).not.toContain(created.body.id);
    expect(text).not.toContain('/no/such/path');
    const count = sample(text, 'http_request_duration_seconds_count', {
      ...one,
      status_code: '200',
    });
    expect(count).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_bucket', {
        ...one,
        status_code: '200',
        le: '+Inf',
      }),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_sum', { ...one, status_code: '200' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Every sample line is `name{labels} value`, and every family says what it is. prom-client
    // writes a not-yet-sampled event-loop lag as `Nan`; Prometheus parses the value with Go's
    // ParseFloat, which takes NaN in any case, so any spelling of it is valid here.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line).toMatch(
        /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|[Nn][Aa][Nn]|[+-]Inf)$/,
      );
    }
    for (const family of [
      'http_requests_total',
      'http_request_duration_seconds',
      'cohort_jobs_pending',
    ]) {
      expect(text).toContain(`# TYPE ${family} `);
    }
  });

  it('GET /metrics shows the job queue depth and how long the oldest due job has waited', async () => {
    const kind = `test.metrics.${engine}.${Date.now()}`;
    const definition = declareJob({
      kind,
      payload: Type.Object({}),
      maxAttempts: 1,
      backoffMs: () => 1000,
    });
    const waitingSince = new Date(server.context.clock() - 90_000);
    await enqueue(server.database.db, definition, {}, { runAt: waitingSince });
    await enqueue(
      server.database.db,
      definition,
      {},
      { runAt: new Date(server.context.clock() + 3_600_000) },
    );
    const text = (await client(server).get('/metrics')).text;
    const pending = sample(text, 'cohort_jobs_pending')!;
    const age = sample(text, 'cohort_jobs_oldest_due_age_seconds')!;
    expect(sample(text, 'cohort_database_up')).toBe(1);
    if (engine === 'sqlite') {
      // This server's own database: exactly the two jobs above.
      expect(pending).toBe(2);
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(120);
    } else {
      // Shared with the rest of the suite: at least ours.
      expect(pending).toBeGreaterThanOrEqual(2);
      expect(age).toBeGreaterThanOrEqual(90);
    }
  });

  it('GET /metrics shows webhook delivery outcomes that the sender counts', async () => {
    const before = sample(
      (await client(server).get('/metrics')).text,
      'cohort_webhook_deliveries_total',
      { outcome: 'delivered' },
    );
    expect(before).toBeGreaterThanOrEqual(0);
    webhookDeliveryOutcomes.inc({ outcome: 'delivered' });
    const text = (await client(server).get('/metrics')).text;
    expect(sample(text, 'cohort_webhook_deliveries_total', { outcome: 'delivered' })).toBe(
      before! + 1,
    );
    for (const outcome of ['retrying', 'failed', 'refused']) {
      expect(sample(text, 'cohort_webhook_deliveries_total', { outcome })).toBeGreaterThanOrEqual(
        0,
      );
    }
  });
});

describe.each(engines())('readiness failures on %s', (engine) => {
  it('GET /readyz is 503 when the database does not answer, and /healthz stays 200', async () => {
    // PostgreSQL: a port nothing listens on, so connecting fails at once. The embedded engine
    // always answers; there the migrations table is gone.
    const database =
      engine === 'postgres'
        ? openPostgres('postgres://cohort@127.0.0.1:1/nothing', 1)
        : openTestDatabase('sqlite');
    const server = await startTestServer(engine, {}, { database });
    try {
      if (engine === 'sqlite') await sql`drop table kysely_migration`.execute(database.db);
      const response = await client(server).get('/readyz');
      expect(response.status).toBe(503);
      expect(response.body.status).toBe('not_ready');
      expect(response.body.checks.database.ok).toBe(engine === 'sqlite');
      expect(response.body.checks.migrations.ok).toBe(false);
      if (engine === 'sqlite') {
        expect(response.body.checks.migrations.message).toMatch(
          /^unreadable \(run cohort migrate\)/,
        );
      }
      expect((await client(server).get('/healthz')).status).toBe(200);
      const metrics = await client(server).get('/metrics');
      expect(metrics.status).toBe(200);
      if (engine === 'postgres') expect(sample(metrics.text, 'cohort_database_up')).toBe(0);
    } finally {
      await server.close();
    }
  });

  it.runIf(engine === 'sqlite')(
    'GET /readyz is 503 naming a migration that is not applied, or one this build does not know',
    async () => {
      const database = openTestDatabase('sqlite');
      const server = await startTestServer('sqlite', {}, { database });
      try {
        const last = Object.keys(migrations).at(-1)!;
        await sql`delete from kysely_migration where name = ${last}`.execute(database.db);
        await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01')`.execute(
          database.db,
        );
        const response = await client(server).get('/readyz');
        expect(response.status).toBe(503);
        expect(response.body.checks.database.ok).toBe(true);
        expect(response.body.checks.migrations).toEqual({
          ok: false,
          message: `not applied: ${last} (run cohort migrate); applied but unknown to this build: 9999-from-the-future`,
        });
      } finally {
        await server.close();
      }
    },
  );
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { metricsToken: 'scrape-secret' });
  });
  afterAll(() => server.close());

  it('needs the token as a bearer credential; health and readiness stay open', async () => {
    const missing = await client(server).get('/metrics');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: 'Send "Authorization: Bearer <METRICS_TOKEN>"' },
    });
    expect((await client(server, 'wrong').get('/metrics')).status).toBe(401);
    expect((await client(server, 'scrape-secret').get('/metrics')).status).toBe(200);
    expect((await client(server).get('/healthz')).status).toBe(200);
    expect((await client(server).get('/readyz')).status).toBe(200);
  });
});
