import { CHUNK_BYTES, type ChunkOps, chunkMemory } from './simd-module.ts';

/**
 * One WebAssembly memory that holds the chunks a process combines
 * (docs/decisions/0192-audience-bitmaps-combined-in-webassembly.md): the chunk cache's bitmaps
 * and the words counts work in. The module's operations read only its own memory, so what they
 * combine must live here; a chunk elsewhere (a cache past its blocks, a driver's buffer) is
 * combined by the JavaScript loops of container.ts instead, with the same answer.
 *
 * Its size is fixed when it is made: growing a memory detaches every view of it. Blocks of one
 * chunk each, 16-byte aligned:
 * - the cache's, handed out and taken back (chunk-cache.ts);
 * - the work pools', handed out once and kept by their pool (container.ts WordsPool).
 *
 * The pages are reserved, not resident: the operating system backs a block when it is first
 * written.
 */

/** The chunk cache's bytes (count.ts) in blocks, and the work pools' blocks. */
const CACHE_BLOCKS = 2_048;
const POOL_BLOCKS = 256;
const PAGE_BYTES = 65_536;

export class ChunkArena {
  readonly buffer: ArrayBuffer;
  readonly ops: ChunkOps;
  /** Numbers of the cache's blocks not in use, the next to hand out last. */
  readonly #free: number[] = [];
  /** Each cache block's bytes and words, made once: a count reads hundreds of blocks. */
  readonly #bytes: Uint8Array[] = [];
  readonly #words: Uint32Array[] = [];
  readonly #poolStart: number;
  readonly #poolBlocks: number;
  #nextPoolBlock = 0;

  constructor(cacheBlocks = CACHE_BLOCKS, poolBlocks = POOL_BLOCKS) {
    const bytes = (cacheBlocks + poolBlocks) * CHUNK_BYTES;
    const { buffer, ops } = chunkMemory(Math.ceil(bytes / PAGE_BYTES));
    this.buffer = buffer;
    this.ops = ops;
    for (let block = 0; block < cacheBlocks; block++) {
      this.#bytes.push(new Uint8Array(buffer, block * CHUNK_BYTES, CHUNK_BYTES));
      this.#words.push(new Uint32Array(buffer, block * CHUNK_BYTES, CHUNK_BYTES / 4));
    }
    for (let block = cacheBlocks - 1; block >= 0; block--) this.#free.push(block);
    this.#poolStart = cacheBlocks * CHUNK_BYTES;
    this.#poolBlocks = poolBlocks;
  }

  /** A cache block (its contents whatever it last held), or undefined when all are in use. */
  allocate(): Uint8Array | undefined {
    const block = this.#free.pop();
    return block === undefined ? undefined : this.#bytes[block];
  }

  /** A cache block back, to be handed out again: nobody may read it after. */
  release(block: Uint8Array): void {
    this.#free.push(block.byteOffset / CHUNK_BYTES);
  }

  /** The words of a block, as the same view each time for a cache block. */
  wordsOf(block: Uint8Array): Uint32Array {
    return (
      this.#words[block.byteOffset / CHUNK_BYTES] ??
      new Uint32Array(this.buffer, block.byteOffset, CHUNK_BYTES / 4)
    );
  }

  /** A pool's block for good, or undefined once every one is given. */
  poolBlock(): Uint32Array | undefined {
    if (this.#nextPoolBlock === this.#poolBlocks) return undefined;
    const offset = this.#poolStart + this.#nextPoolBlock++ * CHUNK_BYTES;
    return new Uint32Array(this.buffer, offset, CHUNK_BYTES / 4);
  }

  holds(view: ArrayBufferView): boolean {
    return view.buffer === this.buffer;
  }
}

let arena: ChunkArena | undefined;

/** The process's arena, made on first use (a process that never counts reserves nothing). */
export function chunkArena(): ChunkArena {
  arena ??= new ChunkArena();
  return arena;
}

/** The arena if one is made: what container.ts asks on every operation, without making one. */
export const madeArena = (): ChunkArena | undefined => arena;
