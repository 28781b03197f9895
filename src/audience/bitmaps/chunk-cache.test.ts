import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkArena } from './arena.ts';
import { ChunkCache, type Holds } from './chunk-cache.ts';

describe('the chunk cache (docs/decisions/0190-audience-bitmaps.md)', () => {
  it('answers a chunk at the version it was read, and forgets it when the version moves', () => {
    const cache = new ChunkCache(1_000_000);
    const bits = new Uint8Array([1, 0]);
    cache.put('e', 0, 3, bits);
    cache.put('c:US', 0, 3, null);
    expect(cache.get('e', 0, 3)).toBe(bits);
    expect(cache.get('c:US', 0, 3)).toBeNull();
    expect(cache.get('e', 1, 3)).toBeUndefined();
    expect(cache.get('e', 0, 4)).toBeUndefined();
    expect(cache.get('e', 0, 3)).toBeUndefined();
  });

  it('stays within its bytes, forgetting the least recently used first', () => {
    const cache = new ChunkCache(3 * (8_192 + 80));
    const chunk = () => new Uint8Array(8_192);
    cache.put('a', 0, 1, chunk());
    cache.put('b', 0, 1, chunk());
    cache.put('c', 0, 1, chunk());
    expect(cache.get('a', 0, 1)).toBeDefined();
    cache.put('d', 0, 1, chunk());
    expect(cache.get('b', 0, 1)).toBeUndefined();
    expect(cache.get('a', 0, 1)).toBeDefined();
    expect(cache.get('c', 0, 1)).toBeDefined();
    expect(cache.get('d', 0, 1)).toBeDefined();
  });

  it('answers as a list kept in order of use would, for any gets and puts', () => {
    const op = fc.record({
      put: fc.boolean(),
      facet: fc.constantFrom('e', 'b.3', 'c:US', 'a:x:y'),
      chunk: fc.integer({ min: 0, max: 4 }),
      version: fc.integer({ min: 1, max: 2 }),
      bytes: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.integer({ min: 0, max: 5 }), (ops, fit) => {
        const limit = fit * (2_000 + 70);
        const cache = new ChunkCache(limit);
        /** Oldest first: [facet, chunk, version, bits, size]. */
        const model: [string, number, number, Uint8Array | null, number][] = [];
        for (const { put, facet, chunk, version, bytes } of ops) {
          const at = model.findIndex(([f, c]) => f === facet && c === chunk);
          if (put) {
            const bits = bytes === null ? null : new Uint8Array(bytes * 1_000);
            cache.put(facet, chunk, version, bits);
            if (at >= 0) model.splice(at, 1);
            const size = (bits?.byteLength ?? 0) + facet.length + 64;
            if (size <= limit) model.push([facet, chunk, version, bits, size]);
            while (model.reduce((sum, entry) => sum + entry[4], 0) > limit) model.shift();
          } else {
            const entry = at >= 0 ? model[at] : undefined;
            const expected = entry && entry[2] === version ? entry[3] : undefined;
            expect(cache.get(facet, chunk, version)).toBe(expected);
            if (entry) model.splice(at, 1);
            if (entry && expected !== undefined) model.push(entry);
          }
        }
      }),
    );
  });

  it('keeps a bitmap in an arena block, held as it was until released, the block then reused', () => {
    const arena = new ChunkArena(1, 0);
    const cache = new ChunkCache(1_000_000, arena);
    const chunk = (marker: number) => new Uint8Array(8_192).fill(marker);
    const given = chunk(1);
    cache.put('a', 0, 1, given);
    given.fill(9);
    const holds: Holds = [];
    const a = cache.get('a', 0, 1, holds)!;
    expect(arena.holds(a)).toBe(true);
    expect(a.every((byte) => byte === 1)).toBe(true);
    // The chunk moves on: the old entry is forgotten, but held, so its block is not handed to the
    // new one, which is kept as its bytes.
    cache.put('a', 0, 2, chunk(2));
    const moved = cache.get('a', 0, 2)!;
    expect(moved.every((byte) => byte === 2)).toBe(true);
    expect(arena.holds(moved)).toBe(false);
    expect(a.every((byte) => byte === 1)).toBe(true);
    cache.release(holds);
    expect(holds).toHaveLength(0);
    cache.put('b', 0, 1, chunk(4));
    const b = cache.get('b', 0, 1)!;
    expect(arena.holds(b)).toBe(true);
    expect(b.byteOffset).toBe(a.byteOffset);
    expect(b.every((byte) => byte === 4)).toBe(true);
  });

  it('answers the same bytes with an arena of few blocks, for any gets, puts and holds', () => {
    const op = fc.record({
      // Puts the most, so held entries are forgotten before they are let go.
      act: fc.constantFrom('put', 'put', 'put', 'get', 'hold', 'release'),
      facet: fc.constantFrom('e', 'b.3', 'c:US'),
      chunk: fc.integer({ min: 0, max: 2 }),
      version: fc.integer({ min: 1, max: 2 }),
      marker: fc.option(fc.integer({ min: 1, max: 250 }), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 20, maxLength: 150 }),
        fc.integer({ min: 0, max: 4 }),
        (ops, blocks) => {
          const arena = new ChunkArena(blocks, 0);
          const cache = new ChunkCache(3 * (8_192 + 70), arena);
          const plain = new ChunkCache(3 * (8_192 + 70));
          const holds: Holds = [];
          /** What each held view read when it was handed out. */
          const held: [Uint8Array, number][] = [];
          for (const { act, facet, chunk, version, marker } of ops) {
            if (act === 'put') {
              const bits = marker === null ? null : new Uint8Array(8_192).fill(marker);
              cache.put(facet, chunk, version, bits);
              plain.put(facet, chunk, version, bits?.slice() ?? null);
            } else if (act === 'release') {
              cache.release(holds);
              held.length = 0;
            } else {
              const got = cache.get(facet, chunk, version, act === 'hold' ? holds : undefined);
              const expected = plain.get(facet, chunk, version);
              expect(got === null || got === undefined ? got : got[0]).toBe(
                expected === null || expected === undefined ? expected : expected[0],
              );
              if (act === 'hold' && got) held.push([got, got[0]!]);
            }
            for (const [view, first] of held)
              expect(view.every((byte) => byte === first)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
