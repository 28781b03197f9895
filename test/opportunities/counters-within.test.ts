import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bumpCountersWithinThenCommit,
  type CounterBound,
  counterShards,
  readCounters,
} from '../../src/admission/counters.ts';
import { PLACES_HELD_KEY, RECRUITING_KEY } from '../../src/admission/index.ts';
import {
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { launchStudy, loadGeographyOnce } from '../support/participant-side.ts';

/**
 * The admission in one statement (docs/decisions/0141-admissions-without-the-opportunitys-lock.md):
 * a bound that holds writes nothing once the caller undoes its transaction, a new bounded row is
 * checked too, and on PostgreSQL the statement commits its transaction with itself, so nothing
 * after it in the transaction can undo it. On both engines.
 */
describe.each(engines())('bumpCountersWithinThenCommit on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  async function freshStudy(places: number) {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    return (await launchStudy(server, organization, { numParticipants: places })).id;
  }

  const bounds = (places: number, extra: [string, CounterBound][] = []) =>
    new Map<string, CounterBound>([
      [PLACES_HELD_KEY, { min: 0, max: places }],
      [RECRUITING_KEY, { min: 1, max: 1 }],
      ...extra,
    ]);

  /**
   * One admission in its own transaction, undone as apply.ts undoes it when a bound holds (on
   * PostgreSQL the failed statement has aborted the transaction already).
   */
  async function admit(id: string, keys: string[], within: Map<string, CounterBound>, shard = 0) {
    const refused = new Error('refused');
    try {
      return await server.database.db.transaction().execute(async (trx) => {
        const values = await bumpCountersWithinThenCommit(trx, id, keys, within, shard);
        if (!values) throw refused;
        return values;
      });
    } catch (error) {
      if (error === refused) return undefined;
      throw error;
    }
  }

  it('takes places up to the bound, then writes nothing', async () => {
    const id = await freshStudy(2);
    const keys = ['status:screen_passed', 'graded:"role"'];
    expect((await admit(id, keys, bounds(2)))?.get(PLACES_HELD_KEY)).toBe(1);
    expect((await admit(id, keys, bounds(2)))?.get(PLACES_HELD_KEY)).toBe(2);
    const before = await readCounters(server.database.db, id);
    expect(await admit(id, keys, bounds(2))).toBeUndefined();
    expect(await readCounters(server.database.db, id)).toEqual(before);
    expect(before[PLACES_HELD_KEY]).toBe(2);
    expect(before['status:screen_passed']).toBe(2);
  });

  it('bounds the rows of its own shard alone, and the totals add the shards', async () => {
    const shards = counterShards(server.database.db);
    const id = await freshStudy(shards * 2);
    const keys = ['status:screen_passed'];
    const last = shards - 1;
    expect((await admit(id, keys, bounds(1), last))?.get(PLACES_HELD_KEY)).toBe(1);
    // Full in the last shard; on PostgreSQL the first has room of its own.
    expect(await admit(id, keys, bounds(1), last)).toBeUndefined();
    if (shards > 1) expect((await admit(id, keys, bounds(1), 0))?.get(PLACES_HELD_KEY)).toBe(1);
    const counters = await readCounters(server.database.db, id);
    expect(counters[PLACES_HELD_KEY]).toBe(shards > 1 ? 2 : 1);
    expect(counters['status:screen_passed']).toBe(shards > 1 ? 2 : 1);
  });

  it('refuses when no longer recruiting, even with places free', async () => {
    const id = await freshStudy(3);
    await server.database.db
      .updateTable('opportunity_counters')
      .set({ value: 0 })
      .where('opportunity_id', '=', id)
      .where('counter_key', '=', RECRUITING_KEY)
      .execute();
    const result = await admit(id, ['status:screen_passed'], bounds(3));
    expect(result).toBeUndefined();
    expect((await readCounters(server.database.db, id))[PLACES_HELD_KEY]).toBe(0);
  });

  it('checks a bounded counter that did not exist yet', async () => {
    const id = await freshStudy(3);
    const cell = 'quota:["role","Designer"]';
    expect(
      await admit(id, ['status:screen_passed', cell], bounds(3, [[cell, { min: 0, max: 1 }]])),
    ).toBeDefined();
    expect(
      await admit(id, ['status:screen_passed', cell], bounds(3, [[cell, { min: 0, max: 1 }]])),
    ).toBeUndefined();
    // A new counter over its bound at once (a cell of count 0 cannot be written, but the check
    // must not rely on that).
    const other = 'quota:["role","Engineer"]';
    expect(
      await admit(id, ['status:screen_passed', other], bounds(3, [[other, { min: 0, max: 0 }]])),
    ).toBeUndefined();
    const counters = await readCounters(server.database.db, id);
    expect(counters[cell]).toBe(1);
    expect(counters[other]).toBeUndefined();
    expect(counters[PLACES_HELD_KEY]).toBe(1);
  });

  it.runIf(engine === 'postgres')(
    'commits with itself: an error thrown after it in the transaction undoes nothing',
    async () => {
      const id = await freshStudy(3);
      await expect(
        server.database.db.transaction().execute(async (trx) => {
          await bumpCountersWithinThenCommit(trx, id, ['status:screen_passed'], bounds(3));
          throw new Error('after the commit');
        }),
      ).rejects.toThrow('after the commit');
      expect((await readCounters(server.database.db, id))[PLACES_HELD_KEY]).toBe(1);
      // The connection is back in the pool outside any transaction.
      expect((await admit(id, ['status:screen_passed'], bounds(3)))?.get(PLACES_HELD_KEY)).toBe(2);
    },
  );
});
