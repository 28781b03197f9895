import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

describe.each(engines())('projects on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimitPerKey: 10_000 });
  });
  afterAll(() => server.close());

  it('creates a project with the contract fields; the same name twice makes two', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    const first = await api.post('/v2/projects', { name: 'Checkout study' });
    const second = await api.post('/v2/projects', { name: 'Checkout study' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^prj_/),
      name: 'Checkout study',
      slug: expect.stringMatching(/^checkout-study-[0-9a-f]{8}$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      dashboard_url: `http://cohort.test/dashboard/projects/${first.body.id}`,
    });
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.slug).not.toBe(first.body.slug);
  });

  it('reads one project with opportunity_count and answers unknown ids with 404', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    const created = await api.post('/v2/projects', { name: 'Solo', description: 'About it' });
    const read = await api.get(`/v2/projects/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...created.body, opportunity_count: 0, description: 'About it' });
    const missing = await api.get('/v2/projects/prj_doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('renames without touching slug or dashboard_url; a body without name is a 400', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    const created = await api.post('/v2/projects', { name: 'Old name' });
    const renamed = await api.patch(`/v2/projects/${created.body.id}`, { name: 'New name' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...created.body, name: 'New name' });
    const noName = await api.patch(`/v2/projects/${created.body.id}`, {});
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({
      code: 'BAD_REQUEST',
      message: expect.any(String),
      issues: [{ message: expect.stringContaining('name') }],
    });
    const empty = await api.patch(`/v2/projects/${created.body.id}`, { name: '' });
    expect(empty.status).toBe(400);
    expect((await api.patch('/v2/projects/prj_nope', { name: 'x' })).status).toBe(404);
  });

  it('lists alphabetically with keyset pages that cover every project exactly once', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    const names = [
      'delta',
      'Alpha',
      'charlie',
      'bravo',
      'echo',
      'alpha',
      'Bravo',
      'foxtrot',
      'golf',
    ];
    for (const name of names) await api.post('/v2/projects', { name });
    await api.post('/v2/projects', { name: 'alpha' });
    const seen: { name: string; id: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { status: number; body: any } = await api.get(
        `/v2/projects?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.data);
      cursor = page.body.pagination.next_cursor;
      expect(page.body.pagination.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(10);
    expect(new Set(seen.map((p) => p.id)).size).toBe(10);
    const sorted = [...seen].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1,
    );
    expect(seen.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
  });

  it('defaults to 25 per page and rejects limits outside 1..100 and foreign cursors', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    for (let i = 0; i < 27; i++)
      await api.post('/v2/projects', { name: `p${String(i).padStart(2, '0')}` });
    const first = await api.get('/v2/projects');
    expect(first.body.data).toHaveLength(25);
    expect(first.body.pagination.has_more).toBe(true);
    for (const bad of ['limit=0', 'limit=101', 'limit=abc', 'cursor=not-a-cursor']) {
      const response = await api.get(`/v2/projects?${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.body.code).toBe('BAD_REQUEST');
    }
    expect((await api.get('/v2/projects?limit=100')).body.data).toHaveLength(27);
  });
});
