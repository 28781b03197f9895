import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/platform/db/database.ts';
import { decideRateLimit, type RateLimitState } from '../../src/platform/http/rate-limit.ts';
import { consumeRateLimit, consumeRateLimitOf } from '../../src/platform/http/rate-limits.store.ts';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

describe.each(engines())('rate limit on %s', (engine) => {
  let server: TestServer;
  let now = 1_800_000_000_000;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { clock: () => now });
  });
  afterAll(() => server.close());

  it('accepts 100 requests, refuses the rest until more than 60 s pass with no accepted request', async () => {
    const org = await createTestOrganization(server);
    const api = client(server, org.apiKey);
    for (let i = 0; i < 100; i++) {
      const response = await api.get('/v2/projects');
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('100');
      expect(response.headers.get('ratelimit-remaining')).toBe(String(99 - i));
    }
    const lastAccepted = now;
    const refused = await api.get('/v2/projects');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded: retry in 61 seconds' },
    });
    expect(refused.headers.get('retry-after')).toBe('61');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');

    // Refused requests do not extend the wait.
    now = lastAccepted + 30_000;
    const stillRefused = await api.post('/v2/projects', { name: 'x' });
    expect(stillRefused.status).toBe(429);
    expect(stillRefused.headers.get('retry-after')).toBe('31');
    now = lastAccepted + 60_000;
    expect((await api.get('/v2/projects')).status).toBe(429);
    now = lastAccepted + 60_001;
    const reopened = await api.get('/v2/projects');
    expect(reopened.status).toBe(200);
    expect(reopened.headers.get('ratelimit-remaining')).toBe('99');
  });

  it('counts per key: another key of the same organization is not limited', async () => {
    const a = await createTestOrganization(server);
    const b = await createTestOrganization(server);
    const api = client(server, a.apiKey);
    for (let i = 0; i < 100; i++) await api.get('/v2/projects');
    expect((await api.get('/v2/projects')).status).toBe(429);
    expect((await client(server, b.apiKey).get('/v2/projects')).status).toBe(200);
  });

  it('stores exactly what the pure rule decides, for any sequence of request times', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 150 }),
        async (gaps) => {
          const keyId = `key_prop_${Math.random().toString(36).slice(2)}`;
          const policy = { limit: 5, quietMs: 60_000 };
          let state: RateLimitState | undefined;
          let t = 1_000_000;
          for (const gap of gaps) {
            t += gap;
            const expected = decideRateLimit(state, t, policy);
            const stored = await consumeRateLimit(server.database.db, keyId, t, policy);
            expect(stored.accepted).toBe(expected.accepted);
            expect(stored.state).toEqual(expected.state);
            state = expected.state;
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it('counts several requests of a key in one statement as the rule counts them one by one', async () => {
    // PostgreSQL batches the requests of a process that arrive together (api-keys.ts).
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            gap: fc.integer({ min: 0, max: 40_000 }),
            requests: fc.integer({ min: 1, max: 9 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        async (batches) => {
          const keyId = `key_batch_${Math.random().toString(36).slice(2)}`;
          const policy = { limit: 5, quietMs: 60_000 };
          let state: RateLimitState | undefined;
          let t = 1_000_000;
          for (const { gap, requests } of batches) {
            t += gap;
            const stored = await consumeRateLimitOf(server.database.db, keyId, t, policy, requests);
            expect(stored.length).toBe(requests);
            for (const decision of stored) {
              const expected = decideRateLimit(state, t, policy);
              expect(decision.accepted).toBe(expected.accepted);
              expect(decision.state).toEqual(expected.state);
              state = expected.state;
            }
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe.runIf(engines().includes('postgres'))(
  'rate limit across server processes sharing PostgreSQL',
  () => {
    it('accepts 100 requests in total across two servers, even when they race', async () => {
      const one = await startTestServer(
        'postgres',
        {},
        { database: openPostgres(inject('postgresUrl'), 10) },
      );
      const two = await startTestServer(
        'postgres',
        {},
        { database: openPostgres(inject('postgresUrl'), 10) },
      );
      try {
        const org = await createTestOrganization(one);
        const responses = await Promise.all(
          Array.from({ length: 160 }, (_, i) =>
            client(i % 2 ? one : two, org.apiKey).get('/v2/projects'),
          ),
        );
        const accepted = responses.filter((r) => r.status === 200).length;
        expect(accepted).toBe(100);
        expect(responses.filter((r) => r.status === 429).length).toBe(60);
      } finally {
        await one.close();
        await two.close();
      }
    });
  },
);
