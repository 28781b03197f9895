import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase, dropDatabase } from '../../fixtures/scratch-postgres.ts';
import { openPostgres } from '../../src/platform/db/database.ts';
import { migrations } from '../../src/platform/db/migrations/index.ts';
import { ProjectDetail, ProjectList } from '../../src/projects/schemas.ts';
import { projectSortKey } from '../../src/projects/sort-key.ts';
import { listProjects } from '../../src/projects/store.ts';
import { draftBody } from '../opportunities/fixtures.ts';
import {
  client,
  createTestOrganization,
  engines,
  openTestDatabase,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

/**
 * The JSON a schema-compiled serializer writes for `value`: the schema's properties only, in the
 * schema's order. The project reads are written with JSON.stringify and kept (src/platform/http/
 * kept-json.ts), so their bytes must be exactly these.
 */
function schemaOrdered(value: unknown, schema: any): unknown {
  if (Array.isArray(value)) return value.map((item) => schemaOrdered(item, schema.items));
  if (value === null || typeof value !== 'object' || !schema?.properties) return value;
  const ordered: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) ordered[key] = schemaOrdered(field, property);
  }
  return ordered;
}

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

  it("answers many concurrent reads, each with its own project and never another tenant's", async () => {
    // On PostgreSQL concurrent reads share statements (src/platform/db/batched-lookup.ts): a
    // mixed-up answer or a row crossing tenants would show here.
    const tenants = await Promise.all([
      createTestOrganization(server),
      createTestOrganization(server),
    ]);
    const apis = tenants.map((tenant) => client(server, tenant.apiKey));
    const owned = await Promise.all(
      apis.map(async (api, t) => {
        const projects = [];
        for (let i = 0; i < 5; i++) {
          projects.push(
            (await api.post('/v2/projects', { name: `Tenant ${t} project ${i}` })).body,
          );
        }
        return projects as { id: string; name: string }[];
      }),
    );
    const withStudy = owned[0]![1]!;
    const study = await apis[0]!.post('/v2/opportunities', draftBody(withStudy.id));
    expect(study.status).toBe(200);
    const reads = Array.from({ length: 120 }, (_, n) => {
      const reader = n % 2;
      const from = (n >> 1) % 2;
      const project = owned[from]![(n >> 2) % 5]!;
      return { reader, project, own: reader === from };
    });
    const answers = await Promise.all(
      reads.map(({ reader, project }) => apis[reader]!.get(`/v2/projects/${project.id}`)),
    );
    for (const [n, { project, own }] of reads.entries()) {
      const answer = answers[n]!;
      if (!own) {
        expect(answer.status).toBe(404);
        continue;
      }
      expect(answer.status).toBe(200);
      expect(answer.body.id).toBe(project.id);
      expect(answer.body.name).toBe(project.name);
      expect(answer.body.opportunity_count).toBe(project.id === withStudy.id ? 1 : 0);
    }
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

  it('answers reads with the schema-ordered bytes, and a kept answer follows every change', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    const created = await api.post('/v2/projects', { name: 'Kept', description: 'Quoted "text"' });
    const path = `/v2/projects/${created.body.id}`;
    const exact = (response: { text: string }, schema: unknown) =>
      expect(response.text).toBe(JSON.stringify(schemaOrdered(JSON.parse(response.text), schema)));
    const first = await api.get(path);
    const again = await api.get(path);
    exact(first, ProjectDetail);
    expect(again.text).toBe(first.text);
    const firstPage = await api.get('/v2/projects?limit=1');
    exact(firstPage, ProjectList);
    expect((await api.get('/v2/projects?limit=1')).text).toBe(firstPage.text);

    await api.patch(path, { name: 'Kept, renamed' });
    const renamed = await api.get(path);
    exact(renamed, ProjectDetail);
    expect(renamed.body).toMatchObject({ name: 'Kept, renamed', opportunity_count: 0 });
    expect((await api.get('/v2/projects?limit=1')).body.data[0].name).toBe('Kept, renamed');
    await api.post('/v2/projects', { name: 'Another' });
    const twoPages = await api.get('/v2/projects?limit=1');
    exact(twoPages, ProjectList);
    expect(twoPages.body.data[0].name).toBe('Another');
    expect(twoPages.body.pagination.has_more).toBe(true);
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
    // As a person reads them: case does not split the list; equal keys in id order.
    const key = (name: string) => projectSortKey(name);
    const sorted = [...seen].sort((a, b) =>
      key(a.name) < key(b.name) ? -1 : key(a.name) > key(b.name) ? 1 : a.id < b.id ? -1 : 1,
    );
    expect(seen.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
    expect(seen.map((p) => p.name.toLowerCase())).toEqual([
      'alpha',
      'alpha',
      'alpha',
      'bravo',
      'bravo',
      'charlie',
      'delta',
      'echo',
      'foxtrot',
      'golf',
    ]);
  });

  it('reads alpha, Beta, delta, Épsilon in that order, page by page across every boundary', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    // Created in an order no sort of the bytes would give back.
    for (const name of ['Épsilon', 'delta', 'Beta', 'alpha', 'Zoë', 'émile', 'Eve', 'zebra']) {
      expect((await api.post('/v2/projects', { name })).status).toBe(200);
    }
    const expected = ['alpha', 'Beta', 'delta', 'émile', 'Épsilon', 'Eve', 'zebra', 'Zoë'];
    for (const limit of [1, 2, 3, 8]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; body: any } = await api.get(
          `/v2/projects?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.status).toBe(200);
        seen.push(...page.body.data.map((p: { name: string }) => p.name));
        cursor = page.body.pagination.next_cursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    // A rename moves the project to where its new name reads.
    const list = await api.get('/v2/projects?limit=100');
    const zebra = list.body.data.find((p: { name: string }) => p.name === 'zebra');
    expect((await api.patch(`/v2/projects/${zebra.id}`, { name: 'Äpfel' })).status).toBe(200);
    const renamed = await api.get('/v2/projects?limit=100');
    expect(renamed.body.data.map((p: { name: string }) => p.name).slice(0, 2)).toEqual([
      'alpha',
      'Äpfel',
    ]);
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

describe.each(engines())('migration 0020 (project sort key) on %s', (engine) => {
  it('gives projects made before it their sort key, and the list its order', async () => {
    const base = engine === 'postgres' ? new URL(inject('postgresUrl')) : undefined;
    const scratch = base && (await createScratchDatabase(base, 'cohort_sortkey_'));
    const database = scratch ? openPostgres(scratch.url, 2) : openTestDatabase('sqlite');
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations },
      });
      const before = await migrator.migrateTo('0018-api-key-last-use');
      expect(before.error).toBeUndefined();
      const db = database.db as unknown as Kysely<any>;
      const now = new Date().toISOString();
      await db
        .insertInto('organizations')
        .values({
          id: 'org_sortkey',
          name: 'Old',
          slug: `old-${engine}`,
          platform_fee_cents: 200,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const names = ['Épsilon', 'delta', 'Beta', 'alpha'];
      for (const [i, name] of names.entries()) {
        await db
          .insertInto('projects')
          .values({
            id: `proj_old${i}`,
            organization_id: 'org_sortkey',
            name,
            slug: `old-${i}`,
            internal: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await listProjects(database.db, 'org_sortkey', { limit: 10 });
      expect(rows.map((row) => row.name)).toEqual(['alpha', 'Beta', 'delta', 'Épsilon']);
      expect(rows.map((row) => row.sort_key)).toEqual(['alpha', 'beta', 'delta', 'epsilon']);
    } finally {
      await database.destroy();
      if (base && scratch) await dropDatabase(base, scratch.name);
    }
  });
});
