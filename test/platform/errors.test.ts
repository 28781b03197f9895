import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

describe.each(engines())('error envelopes on %s', (engine) => {
  let server: TestServer;
  let apiKey: string;
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      {},
      {
        beforeListen(app) {
          app.get('/v2/test/explode', async () => {
            throw new Error('secret internal detail');
          });
        },
      },
    );
    apiKey = (await createTestOrganization(server)).apiKey;
  });
  afterAll(() => server.close());

  it('lists every validation problem in one 400', async () => {
    const response = await client(server, apiKey).post('/v2/projects', {
      name: '',
      colour: 'red',
      size: 3,
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    const messages = response.body.issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('name'),
        expect.stringContaining('colour'),
        expect.stringContaining('size'),
      ]),
    );
    expect(response.body.issues.length).toBeGreaterThanOrEqual(3);
  });

  it('takes JSON bodies as typed: a number or null where a string belongs is a 400, not coerced', async () => {
    const api = client(server, apiKey);
    for (const name of [5, null, true]) {
      const response = await api.post('/v2/projects', { name });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(response.body.issues).toEqual([{ message: 'body.name: must be string' }]);
    }
    // Query strings are text and are still read as numbers where the schema says so.
    expect((await api.get('/v2/projects?limit=2')).status).toBe(200);
  });

  it('answers malformed JSON, a wrong content type and an empty JSON body with 400', async () => {
    const api = client(server, apiKey);
    const malformed = await api.request('POST', '/v2/projects', '{"name": ', {
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('BAD_REQUEST');
    const wrongType = await api.request('POST', '/v2/projects', 'name=x', {
      'content-type': 'text/plain',
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/content type/i);
    const form = await api.request('POST', '/v2/projects', 'name=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(400);
  });

  it('answers an oversized body with 413 in the flat form', async () => {
    const response = await client(server, apiKey).post('/v2/projects', {
      name: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', issues: expect.any(Array) });
  });

  it('answers unknown routes with the flat 404', async () => {
    const response = await client(server, apiKey).get('/v2/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'NOT_FOUND',
      message: expect.any(String),
      issues: expect.any(Array),
    });
  });

  it('answers a thrown bug with a 500 that hides the internals', async () => {
    const response = await client(server, apiKey).get('/v2/test/explode');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Internal server error',
      issues: [{ message: expect.any(String) }],
    });
    expect(response.text).not.toContain('secret internal detail');
    expect(response.text).not.toMatch(/at .*\.ts/);
  });
});
