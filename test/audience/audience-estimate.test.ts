import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audienceSizeAnswer } from '../../src/audience/audience-size-answer.ts';
import { countAudience } from '../../src/audience/count-query.ts';
import { countOnSample } from '../../src/audience/sample.ts';
import { estimateSpread, MIN_HITS, sampleAnswer } from '../../src/audience/sample-estimate.ts';
import { audiencePlan } from '../../src/filters/index.ts';
import { panelCatalog } from '../../src/participants/panel-catalog.ts';
import { seedPanel } from '../../src/participants/seed-store.ts';
import type { Database } from '../../src/platform/db/database.ts';
import {
  client,
  createTestOrganization,
  engines,
  openMigratedTestDatabase,
  openTemplatePostgres,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { loadGeographyOnce } from '../support/participant-side.ts';

/**
 * Audience sizes estimated from the panel's fixed random sample
 * (docs/decisions/0174-audience-counts-at-a-million.md), over HTTP on each engine: a seeded panel
 * of 4,000 with a sample of 400 (AUDIENCE_SAMPLE_SIZE), every answer compared with the exact
 * count the database makes. An estimate is given only when at least the privacy floor of sampled
 * people match, is rounded to two significant figures and lies within five standard errors of the
 * exact count; otherwise the answer is the exact one, and the floor is always exact.
 */
const PANEL = 4_000;
const SAMPLE = 400;
const NOW = Date.parse('2026-06-15T12:00:00Z');

const FILTER_SETS: unknown[][] = [
  [],
  [{ 'multi_select--country': { $in: ['US'] } }],
  [{ 'multi_select--country': { $in: ['CN', 'IN', 'US'] } }],
  [{ 'integer--age': { $gte: 25, $lte: 44 } }],
  [{ 'multi_select--gender': { $nin: ['male'] } }],
  [{ 'multi_select--language': { $in: ['en'] } }, { 'integer--age': { $gte: 30 } }],
  [
    { 'multi_select--employment_status': { $in: ['full_time', 'part_time'] } },
    { 'integer--approval_rate': { $gte: 90 } },
  ],
  [
    { 'multi_select--country': { $in: ['US', 'GB', 'DE'] } },
    { 'multi_select--seniority': { $nin: ['entry', 'mid'] } },
  ],
  [{ 'multi_select--country': { $in: ['DE'] } }, { 'integer--age': { $lte: 30 } }],
  [
    { 'multi_select--language': { $in: ['en'] } },
    { 'multi_select--gender': { $in: ['female'] } },
    { 'integer--age': { $gte: 18, $lte: 60 } },
    { 'multi_select--employment_status': { $nin: ['retired'] } },
    { 'integer--approved_submissions': { $gte: 1 } },
  ],
];

describe.each(engines())('audience size estimated from the sample on %s', (engine) => {
  let database: Database;
  let estimating: TestServer;
  let exactServer: TestServer;
  let bitmapServer: TestServer;
  let size: (server: TestServer, filters: unknown[]) => Promise<{ count: number | null }>;

  beforeAll(async () => {
    loadGeographyOnce();
    database =
      engine === 'postgres'
        ? await openTemplatePostgres('cohort_estimate_', 4)
        : await openMigratedTestDatabase('sqlite');
    await seedPanel(database, panelCatalog(), { participants: PANEL, seed: 37 });
    const options = { database, clock: () => NOW };
    // Counted on the sample alone, as while the bitmaps catch up (AUDIENCE_BITMAPS=off).
    estimating = await startTestServer(
      engine,
      { audienceSampleSize: SAMPLE, audienceBitmaps: false },
      options,
    );
    // A sample bigger than the panel: the sample is the whole panel, and every count exact.
    exactServer = await startTestServer(
      engine,
      { audienceSampleSize: PANEL * 2, audienceBitmaps: false },
      options,
    );
    // As configured by default: exact counts from the audience bitmaps, with a sample that would
    // estimate.
    bitmapServer = await startTestServer(engine, { audienceSampleSize: SAMPLE }, options);
    const organization = await createTestOrganization(estimating);
    size = async (server, filters) => {
      const response = await client(server, organization.apiKey).post('/v2/audience/size', {
        filters,
      });
      expect(response.status).toBe(200);
      return response.body as { count: number | null };
    };
  }, 120_000);
  afterAll(async () => {
    await estimating?.close();
    await exactServer?.close();
    await bitmapServer?.close();
    await database?.destroy();
  });

  it('estimates within its stated error when enough sampled people match, and counts exactly otherwise', async () => {
    let estimated = 0;
    let exactly = 0;
    for (const filters of FILTER_SETS) {
      const plan = audiencePlan(filters, new Date(NOW));
      const exact = await countAudience(database.db, plan);
      const sample = await countOnSample(database.db, plan, SAMPLE);
      const answer = await size(estimating, filters);
      const expected = sampleAnswer(sample);
      if (expected === 'count exactly') {
        exactly++;
        expect(sample.hits).toBeLessThan(MIN_HITS);
        expect(answer).toEqual(audienceSizeAnswer(exact));
        continue;
      }
      estimated++;
      expect('estimate' in expected).toBe(true);
      const estimate = (expected as { estimate: number }).estimate;
      expect(answer).toEqual({ count: estimate });
      expect(String(estimate).replace(/0+$/, '').length).toBeLessThanOrEqual(2);
      const allowed = exact * (5 * estimateSpread(sample.hits) + 0.05) + 1;
      expect(Math.abs(estimate - exact), JSON.stringify({ filters, exact, sample })).toBeLessThan(
        allowed,
      );
      // Never an estimate where fewer than the floor match.
      expect(exact).toBeGreaterThanOrEqual(MIN_HITS);
    }
    expect(estimated).toBeGreaterThanOrEqual(5);
    expect(exactly).toBeGreaterThanOrEqual(1);
  });

  it('counts exactly when the panel is no bigger than the sample', async () => {
    for (const filters of FILTER_SETS) {
      const exact = await countAudience(database.db, audiencePlan(filters, new Date(NOW)));
      expect(await size(exactServer, filters)).toEqual(audienceSizeAnswer(exact));
    }
  });

  it('counts exactly on the audience bitmaps, a sample notwithstanding (docs/decisions/0190-audience-bitmaps.md)', async () => {
    for (const filters of FILTER_SETS) {
      const exact = await countAudience(database.db, audiencePlan(filters, new Date(NOW)));
      expect(await size(bitmapServer, filters)).toEqual(audienceSizeAnswer(exact));
    }
  });
});
