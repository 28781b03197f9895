import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  andNotOf,
  andOf,
  CHUNK_KEYS,
  cardinality,
  countAnd,
  countAndNot,
  decodeChunk,
  emptyWords,
  encodeChunk,
  encodeOffsets,
  hasBit,
  listOffsets,
  setBit,
} from './container.ts';

const offsets = (max: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: CHUNK_KEYS - 1 }), { maxLength: max })
    .map((list) => list.sort((a, b) => a - b));

describe('audience bitmap chunks (docs/decisions/0190-audience-bitmaps.md)', () => {
  it('store a chunk and read back the same members, in the smaller form', () => {
    fc.assert(
      fc.property(fc.oneof(offsets(5_000), offsets(40)), (members) => {
        const words = emptyWords();
        for (const offset of members) setBit(words, offset);
        const bytes = encodeChunk(words);
        expect(bytes.byteLength).toBe(Math.min(members.length * 2, 8_192));
        expect(encodeOffsets(members)).toEqual(bytes);
        const back = decodeChunk(bytes);
        expect(cardinality(back)).toBe(members.length);
        for (const offset of members) expect(hasBit(back, offset)).toBe(true);
        const list = listOffsets(bytes);
        if (members.length < 4_096) expect(list).toEqual(members);
        else expect(list).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('reads a chunk from a buffer at an odd offset', () => {
    const words = emptyWords();
    for (const offset of [0, 1, 31, 32, 65_535]) setBit(words, offset);
    const stored = encodeChunk(words);
    const pool = new Uint8Array(stored.byteLength + 1);
    pool.set(stored, 1);
    const back = decodeChunk(pool.subarray(1));
    expect(cardinality(back)).toBe(5);
    expect(hasBit(back, 65_535)).toBe(true);
  });

  it('stores 4,096 members as the bitmap, never as a list of the same length', () => {
    const members = Array.from({ length: 4_096 }, (_, n) => n * 16);
    const bytes = encodeOffsets(members);
    expect(bytes.byteLength).toBe(8_192);
    expect(listOffsets(bytes)).toBeUndefined();
    expect(cardinality(decodeChunk(bytes))).toBe(4_096);
  });

  it('combine and count two chunks as the sets of their members do', () => {
    fc.assert(
      fc.property(fc.oneof(offsets(5_000), offsets(40)), offsets(3_000), (left, right) => {
        const a = emptyWords();
        const b = emptyWords();
        for (const offset of left) setBit(a, offset);
        for (const offset of right) setBit(b, offset);
        const inRight = new Set(right);
        const both = left.filter((offset) => inRight.has(offset));
        const leftOnly = left.filter((offset) => !inRight.has(offset));
        expect(countAnd(a, b)).toBe(both.length);
        expect(countAndNot(a, b)).toBe(leftOnly.length);
        const into = emptyWords();
        andOf(into, a, b);
        expect(both.every((offset) => hasBit(into, offset))).toBe(true);
        expect(cardinality(into)).toBe(both.length);
        andNotOf(into, a, b);
        expect(leftOnly.every((offset) => hasBit(into, offset))).toBe(true);
        expect(cardinality(into)).toBe(leftOnly.length);
      }),
      { numRuns: 50 },
    );
  });
});
