import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkSize } from './insert-many.ts';

/** The chunk sizes insertMany's SQLite path writes `count` rows in. */
function chunks(count: number): number[] {
  const sizes: number[] = [];
  for (let left = count; left > 0; left -= sizes.at(-1)!) sizes.push(chunkSize(left));
  return sizes;
}

describe('insertMany chunk sizes on SQLite (docs/decisions/0189-serve-memory-bounded.md)', () => {
  it('writes every row once, in chunks of at most 500', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), (count) => {
        const sizes = chunks(count);
        expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(count);
        for (const size of sizes) expect(size).toBeGreaterThan(0);
        for (const size of sizes) expect(size).toBeLessThanOrEqual(500);
      }),
    );
  });

  it('uses at most ten sizes whatever the counts, so few statements are kept prepared', () => {
    const seen = new Set<number>();
    for (let count = 1; count <= 3_000; count++) for (const size of chunks(count)) seen.add(size);
    expect([...seen].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 500]);
  });

  it('keeps 5,000 rows in ten chunks of 500', () => {
    expect(chunks(5_000)).toEqual(Array(10).fill(500));
  });
});
