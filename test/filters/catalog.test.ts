import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

const PUBLIC_URL = 'http://cohort.test';

// Following every options_url searches the real geography: load it once, before the timed tests.
beforeAll(() => {
  loadGeography();
}, 60_000);

describe.each(engines())('GET /v2/filters on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimitPerKey: 10_000 });
  });
  afterAll(() => server.close());

  it('lists the catalog entries with the contract fields, the same for every organization', async () => {
    const first = await client(server, (await createTestOrganization(server)).apiKey).get(
      '/v2/filters',
    );
    const second = await client(server, (await createTestOrganization(server)).apiKey).get(
      '/v2/filters',
    );
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['data']);
    expect(second.body).toEqual(first.body);
    for (const entry of first.body.data) {
      expect(entry).toEqual({
        slug: expect.stringMatching(/^(multi_select|integer|reference)--[a-z_]+$/),
        name: expect.any(String),
        type: entry.slug.split('--')[0],
        category: expect.any(String),
        operators: expect.arrayContaining([expect.stringMatching(/^\$/)]),
        ...(entry.type === 'integer' ? { min: expect.any(Number), max: expect.any(Number) } : {}),
        ...(entry.type === 'multi_select'
          ? { options_url: `${PUBLIC_URL}/v2/filters/${entry.slug}/options` }
          : {}),
      });
    }
  });

  it('holds the slugs the contract names, age bounds, and the two reference filters', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    const { body } = await api.get('/v2/filters');
    const bySlug = new Map(body.data.map((entry: { slug: string }) => [entry.slug, entry]));
    for (const slug of [
      'multi_select--country',
      'multi_select--state',
      'multi_select--city',
      'multi_select--seniority',
      'multi_select--language',
      'multi_select--gender',
      'multi_select--industry',
      'multi_select--job_function',
      'multi_select--company_size',
      'multi_select--education_level',
    ]) {
      expect(bySlug.get(slug), slug).toMatchObject({
        type: 'multi_select',
        operators: ['$in', '$nin'],
      });
    }
    expect(bySlug.get('integer--age')).toEqual({
      slug: 'integer--age',
      name: 'Age',
      type: 'integer',
      category: 'demographics',
      operators: ['$gte', '$lte'],
      min: 18,
      max: 99,
    });
    for (const slug of ['reference--include_participants', 'reference--exclude_participants']) {
      expect(bySlug.get(slug)).toMatchObject({ type: 'reference', operators: ['$in'] });
      expect(bySlug.get(slug)).not.toHaveProperty('options_url');
    }
  });

  it('gives options_url values a client can follow as they stand', async () => {
    const api = client(server, (await createTestOrganization(server)).apiKey);
    const { body } = await api.get('/v2/filters');
    const withOptions = body.data.filter((entry: { options_url?: string }) => entry.options_url);
    expect(withOptions.length).toBeGreaterThan(10);
    for (const entry of withOptions) {
      const path = entry.options_url.slice(PUBLIC_URL.length);
      const options = await api.get(`${path}?country_id=US&per_page=5`);
      expect(options.status, entry.slug).toBe(200);
      expect(options.body.meta.total, entry.slug).toBeGreaterThan(0);
    }
  });

  it('is readable with a viewer key and refused without a key', async () => {
    const organization = await createTestOrganization(server);
    const viewer = await createTestKey(server, organization.id, 'viewer');
    expect((await client(server, viewer.apiKey).get('/v2/filters')).status).toBe(200);
    const anonymous = await client(server).get('/v2/filters');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.stringContaining('Authorization') },
    });
  });
});
