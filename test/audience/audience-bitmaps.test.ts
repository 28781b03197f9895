import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOnBitmaps } from '../../src/audience/bitmaps/count.ts';
import { foldDirty } from '../../src/audience/bitmaps/fold.ts';
import { countAudience } from '../../src/audience/count-query.ts';
import { audiencePlan } from '../../src/filters/index.ts';
import { panelCatalog } from '../../src/participants/panel-catalog.ts';
import { seedPanel } from '../../src/participants/seed-store.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { engines, openMigratedTestDatabase, openTemplatePostgres } from '../support/harness.ts';
import { loadGeographyOnce } from '../support/participant-side.ts';

/**
 * The audience bitmaps outside a transaction (docs/decisions/0190-audience-bitmaps.md), where a
 * process keeps the chunks it read until a fold moves their version: after each fold and each
 * write, every count equals the exact SQL count of decision 0100, and folding empties the dirty
 * set.
 */
const NOW = new Date('2026-06-15T12:00:00Z');
const FILTER_SETS: unknown[][] = [
  [],
  [{ 'multi_select--country': { $in: ['US', 'DE'] } }],
  [{ 'integer--age': { $gte: 25, $lte: 44 } }, { 'multi_select--gender': { $nin: ['male'] } }],
  [
    { 'multi_select--language': { $in: ['en'] } },
    { 'integer--approval_rate': { $gte: 80 } },
    { 'integer--approved_submissions': { $gte: 1, $lte: 30 } },
  ],
];

describe.each(engines())('audience bitmaps kept current on %s', (engine) => {
  let database: Database;

  beforeAll(async () => {
    loadGeographyOnce();
    database =
      engine === 'postgres'
        ? await openTemplatePostgres('cohort_bitmaps_', 2)
        : await openMigratedTestDatabase('sqlite');
    await seedPanel(database, panelCatalog(), { participants: 600, seed: 190 });
  }, 120_000);
  afterAll(() => database?.destroy());

  const expectExact = async () => {
    for (const filters of FILTER_SETS) {
      const plan = audiencePlan(filters, NOW);
      expect(await countOnBitmaps(database.db, plan)).toBe(await countAudience(database.db, plan));
    }
  };
  const dirtyCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('audience_dirty')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('counts exactly before a fold, after it, and after writes between folds', async () => {
    expect(await dirtyCount()).toBe(600);
    await expectExact();
    await foldDirty(database, 10);
    expect(await dirtyCount()).toBe(0);
    await expectExact();
    // Counted again from what this process kept: the same answers.
    await expectExact();

    await sql`update participants set country_id = 'DE', state_id = null, city_id = null
      where audience_key % 4 = 0`.execute(database.db);
    await sql`update participants set status = 'suspended' where audience_key % 9 = 1`.execute(
      database.db,
    );
    await sql`update participants set approval_rate = 95, approved_submissions = 12
      where audience_key % 5 = 2`.execute(database.db);
    await sql`delete from participant_attributes where participant_key % 6 = 3`.execute(
      database.db,
    );
    expect(await dirtyCount()).toBeGreaterThan(0);
    await expectExact();
    await foldDirty(database, 10);
    expect(await dirtyCount()).toBe(0);
    await expectExact();
  });
});
