import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkArena } from './arena.ts';
import {
  andInto,
  andNotInto,
  andNotOf,
  andOf,
  CHUNK_WORDS,
  cardinality,
  countAnd,
  countAndNot,
  orInto,
  orNotInto,
  type Words,
  WordsPool,
} from './container.ts';

/** Chunks of random words: all bits, none, or a mix of densities, as the facets are. */
const chunk = fc.oneof(
  fc.constant('full'),
  fc.constant('empty'),
  fc.double({ min: 0, max: 1, noNaN: true }),
);

function fill(words: Words, kind: 'full' | 'empty' | number, seed: number): Words {
  let state = seed >>> 0 || 1;
  for (let index = 0; index < CHUNK_WORDS; index++) {
    if (kind === 'full') words[index] = 0xffffffff;
    else if (kind === 'empty') words[index] = 0;
    else {
      let word = 0;
      for (let bit = 0; bit < 32; bit++) {
        state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
        if (state / 2 ** 32 < kind) word |= 1 << bit;
      }
      words[index] = word;
    }
  }
  return words;
}

const pool = new WordsPool();

describe('chunks combined by the WebAssembly module (docs/decisions/0192-audience-bitmaps-combined-in-webassembly.md)', () => {
  it('answer as the JavaScript loops do, for every operation', () => {
    fc.assert(
      fc.property(chunk, chunk, fc.integer(), fc.integer(), (kindA, kindB, seedA, seedB) => {
        // In JavaScript's memory, the loops answer; in the arena, the module does.
        const a = fill(new Uint32Array(CHUNK_WORDS), kindA, seedA);
        const b = fill(new Uint32Array(CHUNK_WORDS), kindB, seedB);
        pool.reset();
        const [arenaA, arenaB] = [pool.copyOf(a), pool.copyOf(b)];
        expect(chunkArena().holds(arenaA)).toBe(true);
        expect(countAnd(arenaA, arenaB)).toBe(countAnd(a, b));
        expect(countAndNot(arenaA, arenaB)).toBe(countAndNot(a, b));
        expect(cardinality(arenaA)).toBe(cardinality(a));
        const binary: [string, (into: Words, x: Words, y: Words) => void][] = [
          ['andOf', andOf],
          ['andNotOf', andNotOf],
        ];
        for (const [, operation] of binary) {
          const [inJs, inArena] = [new Uint32Array(CHUNK_WORDS), pool.take()];
          operation(inJs, a, b);
          operation(inArena, arenaA, arenaB);
          expect(inArena).toEqual(inJs);
        }
        for (const operation of [andInto, andNotInto, orInto, orNotInto]) {
          const [inJs, inArena] = [Uint32Array.from(a), pool.copyOf(a)];
          operation(inJs, b);
          operation(inArena, arenaB);
          expect(inArena).toEqual(inJs);
        }
        // Unchanged operands.
        expect(arenaA).toEqual(a);
        expect(arenaB).toEqual(b);
      }),
      { numRuns: 150 },
    );
  });

  it('counts every bit of a full chunk, and the JavaScript loops take chunks outside the arena', () => {
    pool.reset();
    const full = fill(pool.take(), 'full', 0);
    expect(cardinality(full)).toBe(CHUNK_WORDS * 32);
    const outside = fill(new Uint32Array(CHUNK_WORDS), 'full', 0);
    expect(countAnd(full, outside)).toBe(CHUNK_WORDS * 32);
    andNotInto(full, outside);
    expect(cardinality(full)).toBe(0);
  });
});
