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
  it('picks a shard whose allotment of every cap is at least one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(2_000), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 16 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (caps, shards, random) => {
          const shard = admissionShard(caps, shards, random);
          if (caps.some((cap) => cap === 0)) {
            expect(shard).toBeUndefined();
            return;
          }
          expect(shard).toBeGreaterThanOrEqual(0);
          expect(shard).toBeLessThan(shards);
          for (const cap of caps) expect(allotment(cap, shards, shard!)).toBeGreaterThanOrEqual(1);
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
    fc.record({ kind: fc.constant('admit' as const), random: fc.double({ min: 0, max: 0.999 }) }),
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
            const shard = admissionShard([cap], shards, s.random);
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
