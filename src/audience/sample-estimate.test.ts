import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRIVACY_FLOOR } from './audience-size-answer.ts';
import {
  estimateSpread,
  MIN_HITS,
  RANK_RANGE,
  sampleAnswer,
  sampleRank,
  twoSignificantFigures,
} from './sample-estimate.ts';

/** A small deterministic generator (mulberry32), so a property's panel follows from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * A panel as the database holds it: audience keys numbered on from 1, some of them gone (erased or
 * inactive), each remaining one matching with probability `share`; the sample is the `size` of
 * lowest rank, counted as src/audience/sample.ts counts it.
 */
function samplePanel(options: {
  keys: number;
  gone: number;
  share: number;
  size: number;
  seed: number;
}) {
  const random = generator(options.seed);
  const members: { rank: number; matches: boolean }[] = [];
  for (let key = 1; key <= options.keys; key++) {
    if (random() < options.gone) continue;
    members.push({ rank: sampleRank(key), matches: random() < options.share });
  }
  members.sort((a, b) => a.rank - b.rank);
  const exact = members.filter((member) => member.matches).length;
  const sampled = members.slice(0, options.size);
  const threshold = members.length > options.size ? sampled.at(-1)!.rank : undefined;
  const hits = sampled.filter((member) => member.matches).length;
  return { exact, sample: { size: options.size, threshold, hits } };
}

describe('sampleRank', () => {
  it('is the SQL rank: (key × 2654435761) mod 2^32, a different rank for every key', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (key) => {
        const expected = Number((BigInt(key) * 2654435761n) % 4294967296n);
        expect(sampleRank(key)).toBe(expected);
      }),
    );
    const ranks = new Set(Array.from({ length: 50_000 }, (_, i) => sampleRank(i + 1)));
    expect(ranks.size).toBe(50_000);
  });

  it('spreads consecutive keys evenly: any tenth of the range holds a tenth of them', () => {
    const counts = new Array<number>(10).fill(0);
    for (let key = 1; key <= 100_000; key++) {
      counts[Math.floor((sampleRank(key) / RANK_RANGE) * 10)]!++;
    }
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(10);
  });
});

describe('sampleAnswer', () => {
  it('is exact when the panel is no bigger than the sample', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000 }), (hits) => {
        expect(sampleAnswer({ size: 5_000, threshold: undefined, hits })).toEqual({ exact: hits });
      }),
    );
  });

  it('asks for an exact count below the privacy floor of sampled matches, so an estimate never stands for fewer than the floor', () => {
    expect(MIN_HITS).toBe(PRIVACY_FLOOR);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MIN_HITS - 1 }),
        fc.integer({ min: 0, max: RANK_RANGE - 1 }),
        (hits, threshold) => {
          expect(sampleAnswer({ size: 1_000, threshold, hits })).toBe('count exactly');
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_HITS, max: 1_000 }),
        fc.integer({ min: 0, max: RANK_RANGE - 1 }),
        (hits, threshold) => {
          const answer = sampleAnswer({ size: 1_000, threshold, hits });
          expect(answer).toHaveProperty('estimate');
          expect((answer as { estimate: number }).estimate).toBeGreaterThanOrEqual(hits);
        },
      ),
    );
  });

  it('estimates within five times its stated spread of the exact count, on panels of every size and share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2_000, max: 80_000 }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        fc.double({ min: 0.005, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (keys, gone, share, seed) => {
          const size = 800;
          const { exact, sample } = samplePanel({ keys, gone, share, size, seed });
          const answer = sampleAnswer(sample);
          if (answer === 'count exactly') {
            expect(sample.hits).toBeLessThan(MIN_HITS);
            return;
          }
          if ('exact' in answer) {
            expect(answer.exact).toBe(exact);
            return;
          }
          const spread = estimateSpread(sample.hits);
          // Five standard errors, and the rounding to two significant figures (at most 5 %).
          expect(Math.abs(answer.estimate - exact)).toBeLessThanOrEqual(
            exact * (5 * spread + 0.05) + 1,
          );
        },
      ),
      // The example: nearly everyone matches, so the share is near certain but the panel's size is
      // not (CI of stop 42 found it).
      { numRuns: 60, examples: [[15_307, 0.4955, 0.9998, 4_026_658_546]] },
    );
  }, 30_000);

  it('is within 10 % of the exact count 19 times in 20 at 400 sampled matches or more', () => {
    let within = 0;
    let runs = 0;
    for (let seed = 1; runs < 100; seed++) {
      const { exact, sample } = samplePanel({
        keys: 20_000,
        gone: 0.1,
        share: 0.3,
        size: 1_600,
        seed,
      });
      const answer = sampleAnswer(sample);
      if (answer === 'count exactly' || !('estimate' in answer) || sample.hits < 400) continue;
      runs++;
      if (Math.abs(answer.estimate - exact) <= 0.1 * exact) within++;
    }
    expect(within / runs).toBeGreaterThanOrEqual(0.95);
  }, 30_000);
});

describe('twoSignificantFigures', () => {
  it('keeps counts under 100 and rounds the rest to two significant figures', () => {
    expect(twoSignificantFigures(25)).toBe(25);
    expect(twoSignificantFigures(99.4)).toBe(99);
    expect(twoSignificantFigures(2_334)).toBe(2_300);
    expect(twoSignificantFigures(84_469)).toBe(84_000);
    expect(twoSignificantFigures(999_999)).toBe(1_000_000);
    fc.assert(
      fc.property(fc.double({ min: 100, max: 1e9, noNaN: true }), (value) => {
        const rounded = twoSignificantFigures(value);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(value * 0.05 + 1e-6);
        const digits = String(rounded).replace(/0+$/, '');
        expect(digits.length).toBeLessThanOrEqual(2);
      }),
    );
  });
});
