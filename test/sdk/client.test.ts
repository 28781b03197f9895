import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CohortApiError,
  CohortTimeoutError,
  createCohortClient,
  paginate,
  verifyWebhook,
  type WebhookEvent,
} from '@cohort/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { feasibilityPricingJob } from '../../src/feasibility/pricing.job.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import { BRIEF } from '../feasibility/fixtures.ts';
import {
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

// The SDK against a real server on each engine: every call below is HTTP to Cohort.

const INTERVIEW_TASK = {
  sequence: 1,
  task_type: 'interview' as const,
  task_url: 'https://meet.example.com/room',
  title: 'Interview',
  description: 'A 30-minute call',
  duration_minutes: 30,
};

/** A fetch that records what it sent, so tests can count pages and attempts. */
function recordingFetch() {
  const sent: { method: string; url: string; status: number }[] = [];
  const fetchImpl = async (request: Request) => {
    const response = await fetch(request);
    sent.push({ method: request.method, url: request.url, status: response.status });
    return response;
  };
  return { sent, fetchImpl };
}

describe.each(engines())('@cohort/sdk on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server?.close());

  async function sdk(options: Partial<Parameters<typeof createCohortClient>[0]> = {}) {
    const organization = await createTestOrganization(server, { balanceCents: 5_000_000 });
    const cohort = createCohortClient({
      baseUrl: `${server.url}/v2`,
      apiKey: organization.apiKey,
      ...options,
    });
    return { organization, cohort };
  }

  it('creates and reads a project with typed calls; errors come back in the contract envelopes', async () => {
    // A bare origin gets /v2 appended.
    const organization = await createTestOrganization(server);
    const cohort = createCohortClient({ baseUrl: server.url, apiKey: organization.apiKey });
    const created = await cohort.POST('/projects', { body: { name: 'Checkout study' } });
    expect(created.response.status).toBe(200);
    expect(created.data).toMatchObject({ name: 'Checkout study' });
    expect(created.data?.id).toMatch(/^prj_/);

    const read = await cohort.GET('/projects/{projectId}', {
      params: { path: { projectId: created.data!.id } },
    });
    expect(read.data).toMatchObject({ id: created.data!.id, opportunity_count: 0 });

    const invalid = await cohort.POST('/projects', { body: { name: '' } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error).toMatchObject({ code: 'BAD_REQUEST' });
    const missing = await cohort.GET('/projects/{projectId}', {
      params: { path: { projectId: 'prj_unknown' } },
    });
    expect(missing.response.status).toBe(404);
    expect(new CohortApiError(404, missing.error)).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });

    const stranger = createCohortClient({ baseUrl: server.url, apiKey: 'ck_not_a_key' });
    const refused = await stranger.GET('/projects');
    expect(refused.response.status).toBe(401);
    expect(new CohortApiError(401, refused.error).code).toBe('UNAUTHORIZED');
  });

  it('paginate iterates every page with for await, passing next_cursor back', async () => {
    const { sent, fetchImpl } = recordingFetch();
    const { cohort } = await sdk({ fetch: fetchImpl });
    const names = ['Fig', 'Apple', 'Date', 'Cherry', 'Banana', 'Grape', 'Elderberry'];
    for (const name of names) await cohort.POST('/projects', { body: { name } });
    sent.length = 0;

    const seen: string[] = [];
    for await (const project of cohort.paginate('/projects', { params: { query: { limit: 3 } } })) {
      seen.push(project.name);
    }
    expect(seen).toEqual([...names].sort());
    // Three pages of 3, 3 and 1; the second and third carry the cursor.
    expect(sent.map((r) => new URL(r.url).searchParams.get('limit'))).toEqual(['3', '3', '3']);
    expect(new URL(sent[0]!.url).searchParams.has('cursor')).toBe(false);
    expect(new URL(sent[1]!.url).searchParams.get('cursor')).toBeTruthy();

    // maxItems stops early without reading further pages.
    sent.length = 0;
    const firstFour: string[] = [];
    for await (const project of paginate(cohort, '/projects', {
      params: { query: { limit: 2 } },
      maxItems: 4,
    })) {
      firstFour.push(project.name);
    }
    expect(firstFour).toEqual(['Apple', 'Banana', 'Cherry', 'Date']);
    expect(sent).toHaveLength(2);

    // Path parameters go with the list: an opportunity's submissions (none yet).
    const project = await cohort.POST('/projects', { body: { name: 'Studies' } });
    const draft = await cohort.POST('/opportunities', {
      body: {
        title: 'Checkout interviews',
        project_id: project.data!.id,
        num_participants: 2,
        tasks: [INTERVIEW_TASK],
      },
    });
    expect(draft.response.status).toBe(200);
    const submissions = [];
    for await (const submission of cohort.paginate('/opportunities/{opportunityId}/submissions', {
      params: { path: { opportunityId: draft.data!.id }, query: { status: 'approved' } },
    })) {
      submissions.push(submission);
    }
    expect(submissions).toEqual([]);

    // A page that fails throws, with the API's code and message.
    const failing = cohort.paginate('/opportunities/{opportunityId}/submissions', {
      params: { path: { opportunityId: 'opp_unknown' } },
    });
    await expect(failing.next()).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('waitForFeasibility polls until the worker has priced the request', async () => {
    const { cohort } = await sdk();
    const created = await cohort.POST('/feasibility/requests', { body: BRIEF });
    expect(created.data?.status).toBe('RECEIVED');
    const worker = new Worker(jobContextFor(server.context, quietLog), {
      // The pricing job alone: every kind would also run the submission clocks over the rows of
      // other test files sharing the PostgreSQL database.
      definitions: [feasibilityPricingJob],
      pollMs: 50,
    });
    worker.start();
    try {
      const responded = await cohort.waitForFeasibility(created.data!.id, {
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      expect(responded.status).toBe('RESPONDED');
      expect(responded.costPerParticipant).toMatch(/^\d+\.\d{2}$/);
    } finally {
      await worker.stop();
    }

    // The confirmed price is what a draft created with it charges.
    const project = await cohort.POST('/projects', { body: { name: 'Priced' } });
    const draft = await cohort.POST('/opportunities', {
      body: {
        title: 'Sprint planning interviews',
        project_id: project.data!.id,
        num_participants: 12,
        feasibility_request_id: created.data!.id,
        tasks: [INTERVIEW_TASK],
      },
    });
    expect(draft.response.status).toBe(200);
    const read = await cohort.GET('/feasibility/requests/{requestId}', {
      params: { path: { requestId: created.data!.id } },
    });
    const cents = Math.round(Number(read.data!.costPerParticipant) * 100);
    expect(draft.data?.pricing?.cost_per_participant_cents).toBe(cents);
  });

  it('waitForFeasibility gives up with the last read, and throws on an unknown id', async () => {
    const { cohort } = await sdk();
    // Outside the automatic bounds: it waits for an operator, so it stays RECEIVED.
    const created = await cohort.POST('/feasibility/requests', {
      body: { ...BRIEF, submissionCount: 2000 },
    });
    const started = Date.now();
    const error = await cohort
      .waitForFeasibility(created.data!.id, { timeoutMs: 300, intervalMs: 100 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CohortTimeoutError);
    expect((error as CohortTimeoutError<{ status: string }>).last.status).toBe('RECEIVED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(5_000);

    const unknown = await cohort.waitForFeasibility('fea_unknown').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(CohortApiError);
    expect(unknown).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('verifyWebhook (re-exported) accepts Cohort’s real signed ping and refuses another secret', async () => {
    const { cohort } = await sdk();
    let secret = '';
    const received: WebhookEvent[] = [];
    const reasons: string[] = [];
    const receiver = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const result = verifyWebhook({
        secret,
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
      });
      if (!result.ok) {
        reasons.push(result.reason);
        res.writeHead(400).end(result.reason);
        return;
      }
      received.push(result.event);
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const created = await cohort.POST('/hooks/subscriptions', {
        body: {
          target_url: `http://127.0.0.1:${port}/hooks`,
          event_types: ['submission.status.change'],
        },
      });
      expect(created.response.status).toBe(200);
      secret = created.data!.secret;
      const subscriptionId = created.data!.id;

      const confirmed = await cohort.POST('/hooks/subscriptions/{subscriptionId}', {
        params: { path: { subscriptionId } },
        body: {},
      });
      expect(confirmed.response.status).toBe(200);
      expect(confirmed.data?.confirmed_at).not.toBeNull();
      expect(received.map((event) => event.type)).toEqual(['webhook.ping']);

      // After a rotation the receiver still holds the old secret: the next ping fails to verify.
      const rotated = await cohort.POST('/hooks/subscriptions/{subscriptionId}/secret', {
        params: { path: { subscriptionId } },
      });
      expect(rotated.data?.secret).not.toBe(secret);
      const refused = await cohort.POST('/hooks/subscriptions/{subscriptionId}', {
        params: { path: { subscriptionId } },
        body: {},
      });
      expect(refused.response.status).toBe(412);
      expect(reasons).toEqual(['signature does not match']);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});

describe.each(engines())('@cohort/sdk waiting on 429 on %s', (engine) => {
  // A server allowing 3 requests per key, on a clock the test moves: the client's waits advance
  // it instead of sleeping, so the contract's 61-second wait takes no real time.
  const clock = { now: Date.now() };
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimitPerKey: 3 }, { clock: () => clock.now });
  });
  afterAll(() => server?.close());

  async function limitedClient(
    retry?: Parameters<typeof createCohortClient>[0]['retry'],
    { advanceClock = true } = {},
  ) {
    const organization = await createTestOrganization(server);
    const waits: number[] = [];
    const { sent, fetchImpl } = recordingFetch();
    const cohort = createCohortClient({
      baseUrl: `${server.url}/v2`,
      apiKey: organization.apiKey,
      fetch: fetchImpl,
      retry,
      sleep: async (ms) => {
        waits.push(ms);
        if (advanceClock) clock.now += ms;
      },
    });
    return { cohort, waits, sent };
  }

  it('waits as Retry-After says and then succeeds, sending a POST body again intact', async () => {
    const { cohort, waits, sent } = await limitedClient();
    for (let i = 0; i < 3; i++) {
      expect((await cohort.GET('/projects')).response.status).toBe(200);
    }
    const created = await cohort.POST('/projects', { body: { name: 'After the wait' } });
    expect(created.response.status).toBe(200);
    expect(created.data?.name).toBe('After the wait');
    // The contract: refused until more than 60 seconds pass with no accepted request.
    expect(waits).toEqual([61_000]);
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200, 429, 200]);
    const list = await cohort.GET('/projects');
    expect(list.data?.data.map((p) => p.name)).toEqual(['After the wait']);
  });

  it('hands the 429 back when retries are off, used up, or the wait is longer than allowed', async () => {
    const off = await limitedClient(false);
    for (let i = 0; i < 3; i++) await off.cohort.GET('/projects');
    const refused = await off.cohort.GET('/projects');
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('61');
    expect(new CohortApiError(429, refused.error)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(off.waits).toEqual([]);

    const impatient = await limitedClient({ maxWaitMs: 30_000 });
    for (let i = 0; i < 3; i++) await impatient.cohort.GET('/projects');
    expect((await impatient.cohort.GET('/projects')).response.status).toBe(429);
    expect(impatient.waits).toEqual([]);

    // Waits that do not move the server's clock: every retry is refused again, and after two
    // retries the third 429 is the answer.
    const stuck = await limitedClient({ maxRetries: 2 }, { advanceClock: false });
    for (let i = 0; i < 3; i++) await stuck.cohort.GET('/projects');
    expect((await stuck.cohort.GET('/projects')).response.status).toBe(429);
    expect(stuck.waits).toEqual([61_000, 61_000]);
    expect(stuck.sent.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429]);
  });
});
