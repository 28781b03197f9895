/**
 * One chunk of an audience bitmap (docs/decisions/0190-audience-bitmaps.md): the members of a
 * facet among 65,536 consecutive audience keys, stored as the smaller of two forms, as Roaring
 * bitmaps store theirs: a sorted list of 16-bit offsets while fewer than 4,096 are members (two
 * bytes each), else a bitmap of 8,192 bytes. A list is never 8,192 bytes long, so the length alone
 * tells the forms apart and a blob needs no header.
 *
 * In memory a chunk is always the bitmap form, 2,048 32-bit words, which is what the counts
 * combine (and, or, and-not) and count: by the WebAssembly module of simd-module.ts, 128 bits a
 * step, when every chunk an operation touches lives in the process's arena (arena.ts), else by the
 * loops here, 32 bits a step (docs/decisions/0192-audience-bitmaps-combined-in-webassembly.md).
 */

import { chunkArena, madeArena } from './arena.ts';
import type { ChunkOps } from './simd-module.ts';

export const CHUNK_BITS = 16;
export const CHUNK_KEYS = 1 << CHUNK_BITS;
export const CHUNK_WORDS = CHUNK_KEYS / 32;
const BITMAP_BYTES = CHUNK_KEYS / 8;
/** From this many members the bitmap is smaller than the list. */
const LIST_LIMIT = BITMAP_BYTES / 2;

export type Words = Uint32Array;

export const chunkOf = (key: number): number => Math.floor(key / CHUNK_KEYS);
export const offsetOf = (key: number): number => key % CHUNK_KEYS;

export function emptyWords(): Words {
  return new Uint32Array(CHUNK_WORDS);
}

export function setBit(words: Words, offset: number): void {
  words[offset >>> 5]! |= 1 << (offset & 31);
}

export function hasBit(words: Words, offset: number): boolean {
  return (words[offset >>> 5]! & (1 << (offset & 31))) !== 0;
}

/** The words of a stored chunk (a fresh array, the caller's to change). */
export function decodeChunk(bytes: Uint8Array): Words {
  return decodeInto(emptyWords(), bytes);
}

/**
 * Sets in cleared `words` the members stored in `bytes`. Read through a DataView: a driver's
 * buffer may sit at an odd offset of a shared pool, where a typed view of 16 or 32 bits cannot
 * start, and the stored order is little-endian on any host.
 */
function decodeInto(words: Words, bytes: Uint8Array): Words {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength === BITMAP_BYTES) {
    for (let index = 0; index < CHUNK_WORDS; index++)
      words[index] = view.getUint32(index * 4, true);
    return words;
  }
  for (let at = 0; at + 1 < bytes.byteLength; at += 2) setBit(words, view.getUint16(at, true));
  return words;
}

/** The stored form of a chunk's words: the list or the bitmap, whichever is smaller. */
export function encodeChunk(words: Words): Uint8Array {
  const members = cardinality(words);
  if (members >= LIST_LIMIT) {
    const bytes = new Uint8Array(BITMAP_BYTES);
    const view = new DataView(bytes.buffer);
    for (let index = 0; index < CHUNK_WORDS; index++)
      view.setUint32(index * 4, words[index]!, true);
    return bytes;
  }
  const bytes = new Uint8Array(members * 2);
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (let index = 0; index < CHUNK_WORDS; index++) {
    let word = words[index]!;
    while (word !== 0) {
      const lowest = word & -word;
      view.setUint16(at, index * 32 + (31 - Math.clz32(lowest)), true);
      at += 2;
      word ^= lowest;
    }
  }
  return bytes;
}

/** The arena's operations when every one of `words` lives in it, else undefined. */
function opsFor(a: Words, b: Words, c: Words = b): ChunkOps | undefined {
  const arena = madeArena();
  if (arena === undefined) return undefined;
  const { buffer } = arena;
  return a.buffer === buffer && b.buffer === buffer && c.buffer === buffer ? arena.ops : undefined;
}

/** How many members the words hold. */
export function cardinality(words: Words): number {
  const ops = words.length === CHUNK_WORDS ? opsFor(words, words) : undefined;
  if (ops) return ops.count_and(words.byteOffset, words.byteOffset);
  let count = 0;
  for (let index = 0; index < words.length; index++) count += popcount(words[index]!);
  return count;
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many members `a & b` holds, without writing it. */
export function countAnd(a: Words, b: Words): number {
  const ops = opsFor(a, b);
  if (ops) return ops.count_and(a.byteOffset, b.byteOffset);
  let count = 0;
  for (let index = 0; index < CHUNK_WORDS; index++) count += popcount(a[index]! & b[index]!);
  return count;
}

/** How many members `a & ~b` holds, without writing it. */
export function countAndNot(a: Words, b: Words): number {
  const ops = opsFor(a, b);
  if (ops) return ops.count_and_not(a.byteOffset, b.byteOffset);
  let count = 0;
  for (let index = 0; index < CHUNK_WORDS; index++) count += popcount(a[index]! & ~b[index]!);
  return count;
}

/** `into = a & b`. */
export function andOf(into: Words, a: Words, b: Words): void {
  const ops = opsFor(into, a, b);
  if (ops) ops.and(into.byteOffset, a.byteOffset, b.byteOffset);
  else for (let index = 0; index < CHUNK_WORDS; index++) into[index] = a[index]! & b[index]!;
}

/** `into = a & ~b`. */
export function andNotOf(into: Words, a: Words, b: Words): void {
  const ops = opsFor(into, a, b);
  if (ops) ops.and_not(into.byteOffset, a.byteOffset, b.byteOffset);
  else for (let index = 0; index < CHUNK_WORDS; index++) into[index] = a[index]! & ~b[index]!;
}

/** `into = into | other`. */
export function orInto(into: Words, other: Words): void {
  const ops = opsFor(into, other);
  if (ops) ops.or(into.byteOffset, into.byteOffset, other.byteOffset);
  else for (let index = 0; index < CHUNK_WORDS; index++) into[index]! |= other[index]!;
}

/** `into = into & other`. */
export function andInto(into: Words, other: Words): void {
  andOf(into, into, other);
}

/** `into = into | ~other`. */
export function orNotInto(into: Words, other: Words): void {
  const ops = opsFor(into, other);
  if (ops) ops.or_not(into.byteOffset, into.byteOffset, other.byteOffset);
  else for (let index = 0; index < CHUNK_WORDS; index++) into[index]! |= ~other[index]!;
}

/** `into = into & ~other`. */
export function andNotInto(into: Words, other: Words): void {
  andNotOf(into, into, other);
}

/** A stored chunk's members as sorted offsets when it is the list form, else undefined. */
export function listOffsets(bytes: Uint8Array): number[] | undefined {
  if (bytes.byteLength === BITMAP_BYTES) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offsets = new Array<number>(bytes.byteLength >>> 1);
  for (let index = 0; index < offsets.length; index++)
    offsets[index] = view.getUint16(index * 2, true);
  return offsets;
}

/** The stored form of sorted, distinct offsets. */
export function encodeOffsets(offsets: readonly number[]): Uint8Array {
  if (offsets.length >= LIST_LIMIT) {
    const words = emptyWords();
    for (const offset of offsets) setBit(words, offset);
    return encodeChunk(words);
  }
  const bytes = new Uint8Array(offsets.length * 2);
  const view = new DataView(bytes.buffer);
  for (let index = 0; index < offsets.length; index++)
    view.setUint16(index * 2, offsets[index]!, true);
  return bytes;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let index = 0; index < a.byteLength; index++) if (a[index] !== b[index]) return false;
  return true;
}

/**
 * Words to work in, handed out again after `reset`: a count takes a few dozen chunks' worth per
 * chunk it counts, and allocating each afresh (8 KiB outside the JavaScript heap apiece) costs more
 * than combining them, and leaves the garbage collector pauses of a request's tail. Taken from the
 * arena while it has blocks to give, so the WebAssembly operations can combine them.
 */
export class WordsPool {
  readonly #free: Words[] = [];
  #used = 0;

  /** Cleared words, valid until the next reset. */
  take(): Words {
    const words = this.#next();
    words.fill(0);
    return words;
  }

  copyOf(source: Words): Words {
    const words = this.#next();
    words.set(source);
    return words;
  }

  /** A stored chunk's bitmap form, copied into words of the pool (a little-endian host's). */
  copyOfBytes(bytes: Uint8Array): Words {
    const words = this.#next();
    new Uint8Array(words.buffer, words.byteOffset, BITMAP_BYTES).set(bytes);
    return words;
  }

  reset(): void {
    this.#used = 0;
  }

  #next(): Words {
    if (this.#used === this.#free.length) {
      this.#free.push(chunkArena().poolBlock() ?? emptyWords());
    }
    return this.#free[this.#used++]!;
  }
}

/**
 * A stored chunk's words: a view of the bytes themselves, without a copy, when they are the
 * bitmap form in the arena on a little-endian host (not to be changed); else copied or decoded
 * into words of the pool.
 */
export function readChunkWords(bytes: Uint8Array, pool: WordsPool): Words {
  if (bytes.byteLength === BITMAP_BYTES && LITTLE_ENDIAN) {
    const arena = madeArena();
    // A cache block (the pool's words never reach here as bytes).
    if (arena?.holds(bytes)) return arena.wordsOf(bytes);
    return pool.copyOfBytes(bytes);
  }
  return decodeInto(pool.take(), bytes);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
