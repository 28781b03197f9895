import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeApiKey } from '../../src/organizations/api-keys.ts';
import { setOrganizationStatus } from '../../src/organizations/store.ts';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

describe.each(engines())('authentication and access on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('answers a missing key with the nested 401 telling the caller to send the Bearer header', async () => {
    const response = await client(server).get('/v2/projects');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.stringContaining('Authorization: Bearer') },
    });
  });

  it('refuses an invalid key, a malformed header and a participant token', async () => {
    for (const headers of [
      { authorization: 'Bearer ck_not-a-real-key' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer pt_participant-token' },
    ]) {
      const response = await client(server).get('/v2/projects', headers);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
      expect(Object.keys(response.body)).toEqual(['error']);
    }
  });

  it('refuses a revoked key', async () => {
    const org = await createTestOrganization(server);
    expect((await client(server, org.apiKey).get('/v2/projects')).status).toBe(200);
    await revokeApiKey(server.database.db, org.keyId);
    const response = await client(server, org.apiKey).get('/v2/projects');
    expect(response.status).toBe(401);
    expect(response.body.error.message).toMatch(/revoked/);
  });

  it('answers each request on one connection as the key it carries, and a key revoked meanwhile with a 401', async () => {
    const first = await createTestOrganization(server, { name: 'First on the line' });
    const second = await createTestOrganization(server, { name: 'Second on the line' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    const get = (key: string) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        const request = http.get(
          `${server.url}/v2/organization`,
          { agent, headers: { authorization: `Bearer ${key}` } },
          (response) => {
            let text = '';
            response.on('data', (chunk) => (text += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode!, body: JSON.parse(text) }),
            );
          },
        );
        request.on('socket', (socket) => sockets.add(socket));
        request.on('error', reject);
      });
    try {
      for (const [key, organization] of [
        [first.apiKey, first],
        [second.apiKey, second],
        [first.apiKey, first],
      ] as const) {
        const response = await get(key);
        expect(response.status).toBe(200);
        expect(response.body.organization.id).toBe(organization.id);
      }
      expect((await get('ck_not-a-real-key')).status).toBe(401);
      await revokeApiKey(server.database.db, second.keyId);
      expect((await get(second.apiKey)).status).toBe(401);
      expect((await get(first.apiKey)).body.organization.id).toBe(first.id);
      // All of it on one connection: the hash worked out for it never answers for another key.
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  it('answers keys of a banned or deleted organization with the nested 403', async () => {
    for (const status of ['banned', 'deleted'] as const) {
      const org = await createTestOrganization(server);
      await setOrganizationStatus(server.database.db, org.id, status);
      const response = await client(server, org.apiKey).get('/v2/projects');
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: { code: 'FORBIDDEN', message: expect.stringContaining(status) },
      });
    }
  });

  it('lets a viewer read but answers its writes with the flat insufficient-access 403', async () => {
    const org = await createTestOrganization(server);
    const { apiKey } = await createTestKey(server, org.id, 'viewer');
    const viewer = client(server, apiKey);
    expect((await viewer.get('/v2/projects')).status).toBe(200);
    const response = await viewer.post('/v2/projects', { name: 'Nope' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      code: 'FORBIDDEN',
      message: 'Insufficient access',
      issues: [{ message: expect.any(String) }],
    });
    const projects = await client(server, org.apiKey).get('/v2/projects');
    expect(projects.body.data).toEqual([]);
  });

  it('lets a member write', async () => {
    const org = await createTestOrganization(server);
    const { apiKey } = await createTestKey(server, org.id, 'member');
    expect(
      (await client(server, apiKey).post('/v2/projects', { name: 'Member project' })).status,
    ).toBe(200);
  });

  it('never shows one organization’s data to another: a foreign id is a 404', async () => {
    const a = await createTestOrganization(server);
    const b = await createTestOrganization(server);
    const project = await client(server, a.apiKey).post('/v2/projects', { name: 'Private' });
    const asB = client(server, b.apiKey);
    const read = await asB.get(`/v2/projects/${project.body.id}`);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({
      code: 'NOT_FOUND',
      message: expect.any(String),
      issues: expect.any(Array),
    });
    expect((await asB.patch(`/v2/projects/${project.body.id}`, { name: 'Stolen' })).status).toBe(
      404,
    );
    expect((await asB.get('/v2/projects')).body.data).toEqual([]);
    const unchanged = await client(server, a.apiKey).get(`/v2/projects/${project.body.id}`);
    expect(unchanged.body.name).toBe('Private');
  });
});
