import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCohortClient, retryAfterMs } from '@cohort/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real wait: a stand-in server that refuses the first request with `Retry-After: 1` (Cohort's
 * own is 61 seconds, too long for a test; client.test.ts covers it on a moved clock).
 */
describe('waiting on 429 in real time', () => {
  let server: http.Server;
  let url: string;
  const arrivals: { at: number; body: string; authorization?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      arrivals.push({
        at: Date.now(),
        body: Buffer.concat(chunks).toString(),
        authorization: req.headers.authorization,
      });
      if (arrivals.length === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(
          JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Rate limit exceeded' } }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ id: 'prj_1', name: 'x', slug: 'x', created_at: '', dashboard_url: null }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sleeps for Retry-After and sends the same request again', async () => {
    const cohort = createCohortClient({ baseUrl: url, apiKey: 'ck_test' });
    const started = Date.now();
    const created = await cohort.POST('/projects', { body: { name: 'x' } });
    expect(created.response.status).toBe(200);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]!.at - arrivals[0]!.at).toBeGreaterThanOrEqual(990);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(arrivals.map((a) => a.body)).toEqual(['{"name":"x"}', '{"name":"x"}']);
    expect(arrivals.map((a) => a.authorization)).toEqual(['Bearer ck_test', 'Bearer ck_test']);
  });

  it('stops waiting when the request is aborted', async () => {
    arrivals.length = 0;
    const cohort = createCohortClient({ baseUrl: url, apiKey: 'ck_test' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('gave up')), 100);
    await expect(cohort.GET('/projects', { signal: controller.signal })).rejects.toThrow('gave up');
    expect(arrivals).toHaveLength(1);
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('61', now)).toBe(61_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-5', now)).toBeUndefined();
  });
});
