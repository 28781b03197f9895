import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { closeFeasibilityRequest } from '../../src/feasibility/close.ts';
import { autoPriceFeasibility, formatCents } from '../../src/feasibility/index.ts';
import { feasibilityPricingJob } from '../../src/feasibility/pricing.job.ts';
import { respondToFeasibilityRequest } from '../../src/feasibility/respond.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { BRIEF } from './fixtures.ts';

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(engines())('feasibility requests on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  async function customer() {
    const organization = await createTestOrganization(server);
    return { organization, api: client(server, organization.apiKey) };
  }

  it('creates a RECEIVED request with exactly the contract fields, camelCase', async () => {
    const { api } = await customer();
    const response = await api.post('/v2/feasibility/requests', BRIEF);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'status',
        'source',
        'taskDescription',
        'panelDescription',
        'submissionCount',
        'timelineHours',
        'payRateFrequency',
        'loiMinutes',
        'costPerParticipant',
        'respondedAt',
        'createdAt',
        'dashboard_url',
      ].sort(),
    );
    expect(body).toMatchObject({
      ...BRIEF,
      status: 'RECEIVED',
      source: 'API',
      costPerParticipant: null,
      respondedAt: null,
      dashboard_url: `http://cohort.test/dashboard/feasibility/${body.id}`,
    });
    expect(body.id).toMatch(/^fea_/);
    const read = await api.get(`/v2/feasibility/requests/${body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(body);

    // payRateFrequency defaults to ONE_TIME.
    const { payRateFrequency: _omitted, ...withoutFrequency } = BRIEF;
    const defaulted = await api.post('/v2/feasibility/requests', withoutFrequency);
    expect(defaulted.body.payRateFrequency).toBe('ONE_TIME');
  });

  it('is priced by the background job within seconds, as autoPriceFeasibility says', async () => {
    const { api, organization } = await customer();
    const created = await api.post('/v2/feasibility/requests', BRIEF);
    const worker = new Worker(jobContextFor(server.context, quietLog), {
      // The pricing job alone: every kind would also run the submission clocks over the rows of
      // other test files sharing the PostgreSQL database.
      definitions: [feasibilityPricingJob],
      pollMs: 50,
    });
    worker.start();
    try {
      const started = Date.now();
      const read = await eventually(
        () => api.get(`/v2/feasibility/requests/${created.body.id}`),
        (r) => r.body.status === 'RESPONDED',
      );
      expect(read.body.status).toBe('RESPONDED');
      expect(Date.now() - started).toBeLessThan(5000);
      const expected = autoPriceFeasibility(BRIEF);
      if (expected.kind !== 'priced') throw new Error('the brief should be in bounds');
      expect(read.body.costPerParticipant).toBe(formatCents(expected.cpiCents));
      expect(read.body.costPerParticipant).toMatch(/^\d+\.\d{2}$/);
      expect(read.body.respondedAt).not.toBeNull();
    } finally {
      await worker.stop();
    }
    const events = await server.database.db
      .selectFrom('events')
      .select('data')
      .where('organization_id', '=', organization.id)
      .where('type', '=', 'feasibility.status.change')
      .orderBy('id')
      .execute();
    expect(events.map((e) => JSON.parse(e.data))).toEqual([
      { feasibility_request_id: created.body.id, previous_status: null, status: 'RECEIVED' },
      { feasibility_request_id: created.body.id, previous_status: 'RECEIVED', status: 'RESPONDED' },
    ]);
  });

  it('leaves a brief outside the automatic bounds RECEIVED, with the reason for the operator', async () => {
    const { api } = await customer();
    const big = await api.post('/v2/feasibility/requests', { ...BRIEF, submissionCount: 2000 });
    const hourly = await api.post('/v2/feasibility/requests', {
      ...BRIEF,
      payRateFrequency: 'HOURLY',
    });
    await new Worker(jobContextFor(server.context, quietLog), {
      definitions: [feasibilityPricingJob],
    }).drain();
    for (const created of [big, hourly]) {
      const read = await api.get(`/v2/feasibility/requests/${created.body.id}`);
      expect(read.body.status).toBe('RECEIVED');
      expect(read.body.costPerParticipant).toBeNull();
    }
    const row = await server.database.db
      .selectFrom('feasibility_requests')
      .select('operator_note')
      .where('id', '=', big.body.id)
      .executeTakeFirstOrThrow();
    expect(row.operator_note).toContain('submissionCount 2000');

    // An operator prices it; a second price is refused; closing a priced one is allowed.
    await respondToFeasibilityRequest(server.database.db, big.body.id, {
      cpiCents: 9000,
      feeCents: 1500,
      by: 'operator',
    });
    expect((await api.get(`/v2/feasibility/requests/${big.body.id}`)).body.costPerParticipant).toBe(
      '90.00',
    );
    await expect(
      respondToFeasibilityRequest(server.database.db, big.body.id, {
        cpiCents: 1,
        feeCents: 0,
        by: 'operator',
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await closeFeasibilityRequest(server.database.db, hourly.body.id, 'NOT_PURSUED');
    const closed = await api.get(`/v2/feasibility/requests/${hourly.body.id}`);
    expect(closed.body.status).toBe('NOT_PURSUED');
    // Terminal: nothing moves it again.
    await expect(
      closeFeasibilityRequest(server.database.db, hourly.body.id, 'LOST'),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lists every missing or invalid field in one 400', async () => {
    const { api } = await customer();
    const response = await api.post('/v2/feasibility/requests', {
      taskDescription: '',
      submissionCount: 0,
      payRateFrequency: 'WEEKLY',
      loiMinutes: 'long',
      extra: true,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    const messages = response.body.issues.map((i: { message: string }) => i.message).join('\n');
    for (const part of [
      'panelDescription: is required',
      'timelineHours: is required',
      'body.taskDescription',
      'body.submissionCount',
      'body.payRateFrequency',
      'body.loiMinutes',
      'extra: unknown field',
    ]) {
      expect(messages).toContain(part);
    }
  });

  it('answers 404 for unknown and foreign ids, 401 without a key, 403 to a viewer creating', async () => {
    const { api, organization } = await customer();
    const created = await api.post('/v2/feasibility/requests', BRIEF);
    const unknown = await api.get('/v2/feasibility/requests/fea_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND' });
    const other = await customer();
    expect((await other.api.get(`/v2/feasibility/requests/${created.body.id}`)).status).toBe(404);
    expect((await client(server).post('/v2/feasibility/requests', BRIEF)).status).toBe(401);
    const { apiKey } = await createTestKey(server, organization.id, 'viewer');
    const viewer = client(server, apiKey);
    expect((await viewer.post('/v2/feasibility/requests', BRIEF)).status).toBe(403);
    expect((await viewer.get(`/v2/feasibility/requests/${created.body.id}`)).status).toBe(200);
  });
});
