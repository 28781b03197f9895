import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import {
  type Client,
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

const COUNTRY = 'multi_select--country';
const STATE = 'multi_select--state';
const CITY = 'multi_select--city';

const options = (api: Client, slug: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const suffix = search.size ? `?${search}` : '';
  return api.get(`/v2/filters/${slug}/options${suffix}`);
};

// The real geography (every country, subdivision and GeoNames city): a few seconds, once per file.
beforeAll(() => {
  loadGeography();
}, 60_000);

describe.each(engines())('GET /v2/filters/{filter_slug}/options on %s', (engine) => {
  let server: TestServer;
  let api: Client;
  beforeAll(async () => {
    server = await startTestServer(engine, { rateLimitPerKey: 10_000 });
    api = client(server, (await createTestOrganization(server)).apiKey);
  });
  afterAll(() => server.close());

  describe('search', () => {
    it('finds names in other languages and ignores case and accents', async () => {
      const germany = await options(api, COUNTRY, { search: 'deutschland' });
      expect(germany.status).toBe(200);
      expect(germany.body).toEqual({
        data: [{ id: 'DE', name: 'Germany' }],
        meta: { total: 1, page: 1, per_page: 50 },
      });
      expect((await options(api, COUNTRY, { search: 'ALLEMAGNE' })).body.data[0].id).toBe('DE');

      const saoPaulo = { id: '3448439', name: 'São Paulo' };
      for (const search of ['sao paulo', 'São Paulo', 'SAO PAULO', 'paulo']) {
        const found = await options(api, CITY, { search, country_id: 'BR' });
        expect(found.body.data, search).toContainEqual(saoPaulo);
      }
      expect(
        (await options(api, CITY, { search: 'sao paulo', country_id: 'BR' })).body.data[0],
      ).toEqual(saoPaulo);

      for (const search of ['munich', 'münchen', 'MUNCHEN', 'Monaco di Baviera']) {
        const found = await options(api, CITY, { search, country_id: 'DE' });
        expect(found.body.data[0], search).toEqual({ id: '2867714', name: 'Munich' });
      }
      expect((await options(api, CITY, { search: 'koln', country_id: 'DE' })).body.data[0]).toEqual(
        {
          id: '2886242',
          name: 'Köln',
        },
      );
      expect(
        (await options(api, STATE, { search: 'ile de france', country_id: 'FR' })).body.data,
      ).toEqual([{ id: 'FR-IDF', name: 'Île-de-France' }]);
    });

    it('matches ids as well as names', async () => {
      expect((await options(api, COUNTRY, { search: 'de' })).body.data[0]).toEqual({
        id: 'DE',
        name: 'Germany',
      });
      expect((await options(api, STATE, { search: 'us-ca', country_id: 'US' })).body.data).toEqual([
        { id: 'US-CA', name: 'California' },
      ]);
      expect((await options(api, CITY, { search: '2867714', country_id: 'DE' })).body.data).toEqual(
        [{ id: '2867714', name: 'Munich' }],
      );
      expect(
        (await options(api, 'multi_select--seniority', { search: 'c_level' })).body.data,
      ).toEqual([{ id: 'c_level', name: 'C-level executive' }]);
    });

    it('answers a search that matches nothing with an empty page and total 0', async () => {
      const none = await options(api, CITY, { search: 'zzqxqz', country_id: 'US' });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 50 } });
    });
  });

  describe('paging', () => {
    it('defaults to page 1 of 50 and counts matches across every page', async () => {
      const first = await options(api, COUNTRY);
      expect(first.body.meta).toEqual({ total: expect.any(Number), page: 1, per_page: 50 });
      expect(first.body.meta.total).toBeGreaterThanOrEqual(249);
      expect(first.body.data).toHaveLength(50);

      const total = first.body.meta.total;
      const seen: string[] = [];
      const pages = Math.ceil(total / 100);
      for (let page = 1; page <= pages; page++) {
        const { body } = await options(api, COUNTRY, { page, per_page: 100 });
        expect(body.meta).toEqual({ total, page, per_page: 100 });
        expect(body.data).toHaveLength(page < pages ? 100 : total - 100 * (pages - 1));
        seen.push(...body.data.map((option: { id: string }) => option.id));
      }
      expect(new Set(seen).size).toBe(total);
      expect(seen).toContain('US');

      const beyond = await options(api, COUNTRY, { page: pages + 1, per_page: 100 });
      expect(beyond.status).toBe(200);
      expect(beyond.body).toEqual({ data: [], meta: { total, page: pages + 1, per_page: 100 } });
    });

    it('pages through a search with the same total on every page', async () => {
      const query = { search: 'san', country_id: 'US', per_page: 7 };
      const one = await options(api, CITY, { ...query, page: 1 });
      const two = await options(api, CITY, { ...query, page: 2 });
      expect(one.body.meta.total).toBeGreaterThan(14);
      expect(two.body.meta.total).toBe(one.body.meta.total);
      expect(one.body.data).toHaveLength(7);
      const ids = [...one.body.data, ...two.body.data].map((option: { id: string }) => option.id);
      expect(new Set(ids).size).toBe(14);
    });

    it('accepts the bounds 1 and 100', async () => {
      expect((await options(api, COUNTRY, { per_page: 1 })).body.data).toHaveLength(1);
      expect((await options(api, COUNTRY, { per_page: 100 })).body.data).toHaveLength(100);
    });

    it.each([
      [{ page: 0 }, ['page']],
      [{ page: -1 }, ['page']],
      [{ page: 'two' }, ['page']],
      [{ page: 1.5 }, ['page']],
      [{ per_page: 0 }, ['per_page']],
      [{ per_page: 101 }, ['per_page']],
      [{ per_page: 'many' }, ['per_page']],
      [{ page: 0, per_page: 101 }, ['page', 'per_page']],
    ])('refuses %j with a 400 naming every problem', async (query, fields) => {
      const refused = await options(api, COUNTRY, query);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: 'BAD_REQUEST',
        message: expect.any(String),
        issues: fields.map((field) => ({ message: expect.stringContaining(field) })),
      });
    });
  });

  describe('states and cities', () => {
    it('lists states only for a country', async () => {
      const none = await options(api, STATE);
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 50 } });
      const us = await options(api, STATE, { country_id: 'US', per_page: 100 });
      expect(us.body.meta.total).toBeGreaterThanOrEqual(50);
      expect(us.body.data).toContainEqual({ id: 'US-CA', name: 'California' });
      expect(us.body.data.every((state: { id: string }) => state.id.startsWith('US-'))).toBe(true);
      expect((await options(api, STATE, { country_id: 'us' })).body.meta.total).toBe(
        us.body.meta.total,
      );
    });

    it('lists cities only for a country, narrowed by a state id or a bare state code', async () => {
      expect((await options(api, CITY, { search: 'paris' })).body).toEqual({
        data: [],
        meta: { total: 0, page: 1, per_page: 50 },
      });
      expect((await options(api, CITY, { state_id: 'US-CA' })).body.meta.total).toBe(0);

      const country = await options(api, CITY, { country_id: 'US' });
      const byId = await options(api, CITY, { country_id: 'US', state_id: 'US-CA' });
      const byCode = await options(api, CITY, { country_id: 'US', state_id: 'ca' });
      expect(byId.body.data[0]).toEqual({ id: '5368361', name: 'Los Angeles' });
      expect(byCode.body).toEqual(byId.body);
      expect(byId.body.meta.total).toBeGreaterThan(100);
      expect(byId.body.meta.total).toBeLessThan(country.body.meta.total);
      expect(byId.body.data.map((city: { id: string }) => city.id)).not.toContain('5128581');

      const texas = await options(api, CITY, { country_id: 'US', state_id: 'TX', search: 'san' });
      expect(texas.body.data[0]).toEqual({ id: '4726206', name: 'San Antonio' });
      expect((await options(api, CITY, { country_id: 'DE', state_id: 'BY' })).body.data[0]).toEqual(
        {
          id: '2867714',
          name: 'Munich',
        },
      );
    });

    it('refuses a country_id that names no country, and a state outside the country', async () => {
      const usa = await options(api, STATE, { country_id: 'USA' });
      expect(usa.status).toBe(400);
      expect(usa.body).toEqual({
        code: 'BAD_REQUEST',
        message: expect.any(String),
        issues: [{ message: expect.stringContaining('country_id') }],
      });
      expect((await options(api, CITY, { country_id: 'XX' })).status).toBe(400);
      const elsewhere = await options(api, CITY, { country_id: 'US', state_id: 'DE-BY' });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.issues).toEqual([{ message: expect.stringContaining('state_id') }]);
    });

    it('ignores country_id and state_id on the other filters', async () => {
      const plain = await options(api, COUNTRY, { search: 'united' });
      const located = await options(api, COUNTRY, {
        search: 'united',
        country_id: 'USA',
        state_id: 'nowhere',
      });
      expect(located.status).toBe(200);
      expect(located.body).toEqual(plain.body);
      const industry = await options(api, 'multi_select--industry', { country_id: 'FR' });
      expect(industry.body).toEqual((await options(api, 'multi_select--industry')).body);
      expect(industry.body.meta.total).toBeGreaterThan(5);
    });
  });

  describe('filters without options and unknown slugs', () => {
    it.each(['integer--age', 'reference--include_participants', 'reference--exclude_participants'])(
      'answers %s, which has no options_url, with an empty list',
      async (slug) => {
        const empty = await options(api, slug, { search: 'a', page: 2, per_page: 10 });
        expect(empty.status).toBe(200);
        expect(empty.body).toEqual({ data: [], meta: { total: 0, page: 2, per_page: 10 } });
      },
    );

    it('answers an unknown filter_slug with a 400, not a 404', async () => {
      const unknown = await options(api, 'multi_select--favourite_colour');
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('multi_select--favourite_colour'),
        issues: [{ message: expect.stringContaining('filter_slug') }],
      });
    });

    it('needs an API key', async () => {
      const anonymous = await options(client(server), COUNTRY);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
    });
  });
});
