import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RecruitingAudience,
  recruitingAudiences,
} from '../../src/discovery/recruiting.store.ts';
import { compileFilters } from '../../src/filters/index.ts';
import {
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, loadGeographyOnce } from '../support/participant-side.ts';

/**
 * Discovery's scan (src/discovery/recruiting.store.ts): keyset batches of the columns that can
 * change, each study's audience read once per process and parsed.
 */
describe.each(engines())('the recruiting scan on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('walks every recruiting study once across batches, each with its own audience, read or kept', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const audiences = [
      { filters: [{ 'multi_select--country': { $in: ['GB'] } }], requiredAccounts: [] },
      { filters: [], requiredAccounts: ['linkedin'] },
      { filters: [{ 'integer--age': { $gte: 30, $lte: 40 } }], requiredAccounts: [] },
      { filters: [{ 'multi_select--gender': { $nin: ['male'] } }], requiredAccounts: ['linkedin'] },
      { filters: [], requiredAccounts: [] },
    ];
    const launched: string[] = [];
    for (const audience of audiences) {
      launched.push((await launchStudy(server, organization, audience)).id);
    }
    const stopped = await server.database.db
      .updateTable('opportunities')
      .set({ status: 'paused' })
      .where('id', '=', launched[1]!)
      .executeTakeFirst();
    expect(Number(stopped.numUpdatedRows)).toBe(1);

    // Twice: the first walk reads the audiences, the second finds them kept.
    for (const walk of ['read', 'kept']) {
      const seen: RecruitingAudience[] = [];
      let beforeId: string | undefined;
      let batches = 0;
      do {
        const batch = await recruitingAudiences(server.database.db, { beforeId, limit: 2 });
        expect(batch.audiences.length, walk).toBeLessThanOrEqual(2);
        seen.push(...batch.audiences);
        beforeId = batch.nextBeforeId;
        batches++;
      } while (beforeId !== undefined);
      expect(batches).toBeGreaterThanOrEqual(3);
      const ids = seen.map((audience) => audience.id);
      expect(new Set(ids).size, 'each study once').toBe(ids.length);
      expect(ids, 'newest first').toEqual([...ids].sort().reverse());
      const ours = seen.filter((audience) => launched.includes(audience.id));
      expect(ours.map((audience) => audience.id)).toEqual(
        [launched[4], launched[3], launched[2], launched[0]].map(String),
      );
      for (const audience of ours) {
        const spec = audiences[launched.indexOf(audience.id)]!;
        expect(audience.filters, walk).toEqual(compileFilters(spec.filters));
        expect(audience.filters?.length, walk).toBe(spec.filters.length);
        expect(audience.requiredAccounts, walk).toEqual(spec.requiredAccounts);
      }
    }
  });
});
