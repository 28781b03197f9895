import { CohortApiError, createCohortClient } from '@cohort/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { balanceOf, type Clock, payingStudy, startWork } from '../support/money.ts';
import { loadGeographyOnce } from '../support/participant-side.ts';

// The SDK's money helpers keep one Idempotency-Key across resends, so a lost answer never pays twice.

describe.each(engines())('@cohort/sdk money helpers on %s', (engine) => {
  let server: TestServer;
  const clock: Clock = { now: Date.parse('2026-08-01T09:00:00.000Z') };
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000 },
      { clock: () => clock.now },
    );
  }, 60_000);
  afterAll(() => server.close());

  it('resends a bonus whose answer was lost with the same key: paid once', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const study = await payingStudy(server, organization, { title: 'SDK bonus' });
    const worker = await startWork(server, clock, study.id);
    const keys: string[] = [];
    let lose = 1;
    const cohort = createCohortClient({
      baseUrl: `${server.url}/v2`,
      apiKey: organization.apiKey,
      sleep: async () => {},
      fetch: async (request) => {
        keys.push(request.headers.get('idempotency-key') ?? '');
        const response = await fetch(request);
        // The server acted, but the answer never reaches the caller.
        if (lose-- > 0) throw new TypeError('fetch failed: connection reset');
        return response;
      },
    });
    const before = await balanceOf(server, organization.id);
    const paid = await cohort.payBonuses(study.id, [
      { submission_id: worker.submissionId, amount_cents: 800, reason: 'Great notes' },
    ]);
    expect(paid).toMatchObject({ total_cents: 800, data: [{ amount_cents: 800 }] });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await balanceOf(server, organization.id)).toBe(before - 800);

    const refused = await cohort
      .payBonuses(study.id, [{ submission_id: 'sub_nope', amount_cents: 1 }])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CohortApiError);
    expect((refused as CohortApiError).status).toBe(400);
  });

  it('runs a payout run with the caller’s key, and a repeat with it answers the first run', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 100_000 });
    const study = await payingStudy(server, organization, {
      pay: { frequency: 'hourly', hourlyRateCents: 1_200 },
    });
    const worker = await startWork(server, clock, study.id);
    await worker.track(30);
    await worker.submit();
    await study.customer.post(`/v2/submissions/${worker.submissionId}/approve`, {});
    const cohort = createCohortClient({ baseUrl: `${server.url}/v2`, apiKey: organization.apiKey });
    const idempotencyKey = `run-${engine}-${Date.now()}`;
    const first = await cohort.runPayout(study.id, { idempotencyKey });
    expect(first).toMatchObject({ total_cents: 600, line_count: 1 });
    const repeated = await cohort.runPayout(study.id, { idempotencyKey });
    expect(repeated).toEqual(first);
    const fresh = await cohort.runPayout(study.id);
    expect(fresh.id).not.toBe(first.id);
    expect(fresh.total_cents).toBe(0);
  });
});
