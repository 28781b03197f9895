import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admissionShard, allotment, roomiestShard } from './counter-shards.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('allotment', () => {
  it('splits a cap into shares that add up to it and differ by at most one', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 64 }), (cap, shards) => {
        const shares = Array.from({ length: shards }, (_, i) => allotment(cap, shards, i));
        expect(sum(shares)).toBe(cap);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('admissionShard', () => {
  it('picks a shard with room in every counter, and one exists unless none has', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }).chain((shards) =>
          fc.record({
            shards: fc.constant(shards),
            counters: fc.array(
              fc.record({
                cap: fc.nat(200),
                values: fc.array(fc.integer({ min: -3, max: 40 }), {
                  minLength: shards,
                  maxLength: shards,
                }),
              }),
              { minLength: 1, maxLength: 5 },
            ),
          }),
        ),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        ({ shards, counters }, random) => {
          const room = (shard: number) =>
            counters.every(({ cap, values }) => values[shard]! < allotment(cap, shards, shard));
          const shard = admissionShard(counters, shards, random);
          if (shard === undefined) {
            for (let i = 0; i < shards; i++) expect(room(i)).toBe(false);
          } else {
            expect(room(shard)).toBe(true);
          }
        },
      ),
    );
  });
});

/**
 * The protocol of src/opportunities/counter-shards.ts, played on one capped counter: admissions in
 * a shard of their choosing guarded by its allotment, falling back to the roomiest shard decided on
 * the total; places freed in any shard. The total never passes the cap, and an admission is
 * refused only when the total has reached it.
 */
describe('the shard protocol', () => {
  const step = fc.oneof(
    fc.record({
      kind: fc.constant('admit' as const),
      random: fc.double({ min: 0, max: 0.999 }),
      stale: fc.nat(63),
    }),
    fc.record({ kind: fc.constant('free' as const), shard: fc.nat(63) }),
  );

  it('keeps the total within the cap and refuses only a full counter', () => {
    fc.assert(
      fc.property(
        fc.nat(300),
        fc.integer({ min: 1, max: 16 }),
        fc.array(step, { maxLength: 400 }),
        (cap, shards, steps) => {
          const values: number[] = Array.from({ length: shards }, () => 0);
          for (const s of steps) {
            if (s.kind === 'free') {
              if (sum(values) === 0) continue;
              values[s.shard % shards]! -= 1;
              continue;
            }
            // The admission chose its shard on values read earlier: it may have filled since.
            const seen = values.map((value, i) => (i === s.stale % shards ? 0 : value));
            const shard = admissionShard([{ cap, values: seen }], shards, s.random);
            if (shard !== undefined && values[shard]! + 1 <= allotment(cap, shards, shard)) {
              values[shard]! += 1;
            } else if (sum(values) < cap) {
              const roomiest = roomiestShard(values, cap, shards);
              expect(values[roomiest]!).toBeLessThan(allotment(cap, shards, roomiest));
              values[roomiest]! += 1;
            }
            expect(sum(values)).toBeLessThanOrEqual(cap);
            values.forEach((value, i) => {
              expect(value).toBeLessThanOrEqual(allotment(cap, shards, i));
            });
          }
        },
      ),
    );
  });
});
