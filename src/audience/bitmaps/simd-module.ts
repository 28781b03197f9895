/**
 * The WebAssembly module that combines and counts audience bitmap chunks 128 bits at a time
 * (docs/decisions/0192-audience-bitmaps-combined-in-webassembly.md): JavaScript's typed arrays
 * take 32 bits a step, and the and-ing, or-ing and counting of chunks was half of a count's CPU.
 *
 * Written out here instruction by instruction rather than compiled from a text file: eight small
 * loops do not warrant a compiler among the dependencies, and the bytes are made once per process.
 * Every function works on one chunk (CHUNK_BYTES) at byte offsets of the imported memory, which
 * the caller keeps 16-byte aligned:
 *
 * - `and`, `and_not`, `or`, `or_not` (dst, a, b): dst = a & b, a & ~b, a | b, a | ~b;
 * - `count_and`, `count_and_not` (a, b) → how many bits a & b, a & ~b hold.
 *
 * Opcodes and encodings: the WebAssembly core specification 2.0, sections 5.4 (instructions) and
 * 5.5 (modules), with the fixed-width SIMD instructions of section 5.4.8.
 */

export const CHUNK_BYTES = 8_192;
const STEP = 16;

/** Unsigned LEB128, as the binary format writes every length and index. */
function uleb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  do {
    let byte = rest & 0x7f;
    rest >>>= 7;
    if (rest !== 0) byte |= 0x80;
    out.push(byte);
  } while (rest !== 0);
  return out;
}

/** Signed LEB128, for i32.const. */
function sleb(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if ((rest === 0 && (byte & 0x40) === 0) || (rest === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const I32 = 0x7f;
const V128 = 0x7b;
const simd = (code: number) => [0xfd, ...uleb(code)];
const op = {
  loop: [0x03, 0x40],
  end: [0x0b],
  brIf: (depth: number) => [0x0d, depth],
  get: (local: number) => [0x20, local],
  set: (local: number) => [0x21, local],
  tee: (local: number) => [0x22, local],
  i32: (value: number) => [0x41, ...sleb(value)],
  i32Add: [0x6a],
  i32Ne: [0x47],
  /** v128.load and v128.store with a 16-byte alignment hint (2^4) and no offset. */
  load: [...simd(0x00), 4, 0],
  store: [...simd(0x0b), 4, 0],
  not: simd(0x4d),
  and: simd(0x4e),
  andNot: simd(0x4f),
  or: simd(0x50),
  popcnt8: simd(0x62),
  /** Sums of adjacent lanes, widened: sixteen byte counts into eight, eight into four. */
  pairs8: simd(0x7d),
  pairs16: simd(0x7f),
  add32: simd(0xae),
  lane32: (lane: number) => [...simd(0x1b), lane],
};

/** The 16 bytes at `base` + `i` (both locals) onto the stack. */
const loadAt = (base: number, i: number) => [
  ...op.get(base),
  ...op.get(i),
  ...op.i32Add,
  ...op.load,
];

/** `body` for i = 0, 16, 32, ... up to the chunk's end: a loop that steps `i` and branches back. */
const overChunk = (i: number, body: number[]) => [
  ...op.loop,
  ...body,
  ...op.get(i),
  ...op.i32(STEP),
  ...op.i32Add,
  ...op.tee(i),
  ...op.i32(CHUNK_BYTES),
  ...op.i32Ne,
  ...op.brIf(0),
  ...op.end,
];

/** dst = combine(a, b) over a chunk; locals: dst, a, b (params), i. */
function combining(combine: number[]): number[] {
  const [dst, a, b, i] = [0, 1, 2, 3];
  return [
    ...[1, 1, I32], // one local: i
    ...overChunk(i, [
      ...op.get(dst),
      ...op.get(i),
      ...op.i32Add,
      ...loadAt(a, i),
      ...loadAt(b, i),
      ...combine,
      ...op.store,
    ]),
    ...op.end,
  ];
}

/** How many bits combine(a, b) holds over a chunk; locals: a, b (params), i, the lane sums. */
function counting(combine: number[]): number[] {
  const [a, b, i, sums] = [0, 1, 2, 3];
  const lane = (index: number) => [...op.get(sums), ...op.lane32(index)];
  return [
    ...[2, 1, I32, 1, V128], // locals: i, sums
    ...overChunk(i, [
      ...op.get(sums),
      ...loadAt(a, i),
      ...loadAt(b, i),
      ...combine,
      ...op.popcnt8,
      ...op.pairs8,
      ...op.pairs16,
      ...op.add32,
      ...op.set(sums),
    ]),
    ...lane(0),
    ...lane(1),
    ...op.i32Add,
    ...lane(2),
    ...op.i32Add,
    ...lane(3),
    ...op.i32Add,
    ...op.end,
  ];
}

const FUNCTIONS: { name: string; type: 0 | 1; body: number[] }[] = [
  { name: 'and', type: 0, body: combining(op.and) },
  { name: 'and_not', type: 0, body: combining(op.andNot) },
  { name: 'or', type: 0, body: combining(op.or) },
  { name: 'or_not', type: 0, body: combining([...op.not, ...op.or]) },
  { name: 'count_and', type: 1, body: counting(op.and) },
  { name: 'count_and_not', type: 1, body: counting(op.andNot) },
];

export interface ChunkOps {
  and(dst: number, a: number, b: number): void;
  and_not(dst: number, a: number, b: number): void;
  or(dst: number, a: number, b: number): void;
  or_not(dst: number, a: number, b: number): void;
  count_and(a: number, b: number): number;
  count_and_not(a: number, b: number): number;
}

const section = (id: number, bytes: number[]) => [id, ...uleb(bytes.length), ...bytes];
const vector = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const name = (text: string) => [...uleb(text.length), ...new TextEncoder().encode(text)];

/** The module's bytes: it imports `env.memory` and exports FUNCTIONS. */
function moduleBytes(): Uint8Array {
  const types = [
    [0x60, 3, I32, I32, I32, 0], // (dst, a, b) → nothing
    [0x60, 2, I32, I32, 1, I32], // (a, b) → i32
  ];
  // The memory: no flags past its minimum (0), that minimum 0 pages (the host's is larger).
  const imports = [[...name('env'), ...name('memory'), 0x02, 0x00, 0x00]];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(2, vector(imports)),
    ...section(3, vector(FUNCTIONS.map(({ type }) => [type]))),
    ...section(7, vector(FUNCTIONS.map((fn, index) => [...name(fn.name), 0x00, index]))),
    ...section(10, vector(FUNCTIONS.map(({ body }) => [...uleb(body.length), ...body]))),
  ]);
}

/**
 * The few parts of the WebAssembly JavaScript interface used here: Node has them all, and
 * TypeScript declares them only in the browser's library (lib.dom), which the project leaves out.
 */
declare const WebAssembly: {
  Memory: new (descriptor: {
    initial: number;
    maximum: number;
  }) => { readonly buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: unknown };
};

let compiled: object | undefined;

/**
 * A memory of `pages` (64 KiB each) that never grows (growing would detach every view of it),
 * and the chunk operations over it; the module is compiled once per process.
 */
export function chunkMemory(pages: number): { buffer: ArrayBuffer; ops: ChunkOps } {
  compiled ??= new WebAssembly.Module(moduleBytes());
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
  const { exports } = new WebAssembly.Instance(compiled, { env: { memory } });
  return { buffer: memory.buffer, ops: exports as ChunkOps };
}
