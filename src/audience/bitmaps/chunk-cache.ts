import type { ChunkArena } from './arena.ts';
import { CHUNK_BYTES } from './simd-module.ts';

/**
 * The stored chunks a process has read, kept until their chunk's version moves
 * (docs/decisions/0190-audience-bitmaps.md): the eligible, the bit slices of the birth date and
 * of reputation, the big countries and options are read by most counts, and reading them again
 * from the database was the largest part of a count. Bounded in bytes, the least recently used
 * forgotten first; a chunk known to hold nobody of a facet is kept too (as null), so a city's
 * absence from fifteen chunks is not asked again.
 *
 * Found by facet, then by chunk in an array, and ordered by use in a list through the entries: a
 * count asks for a few hundred facet-and-chunk pairs, and a key string made for each (and hashed)
 * was a tenth of a count's time.
 *
 * A chunk's bitmap form is kept in a block of the arena (arena.ts), where the WebAssembly
 * operations combine it (docs/decisions/0192-audience-bitmaps-combined-in-webassembly.md), while
 * the arena has one to give; the list form, and any chunk past the arena's blocks, as its bytes.
 * A block is written again once its entry is forgotten, so whoever reads an entry's bytes across
 * an `await` (when another count may put chunks) holds it with `Holds` from `get` until
 * `release`: an entry forgotten while held keeps its block until the last holder lets go.
 */
export class ChunkCache {
  readonly #limitBytes: number;
  readonly #arena: ChunkArena | undefined;
  /** The arena's blocks this cache has, handed back should the cache itself be dropped. */
  readonly #blocks = new Set<Uint8Array>();
  #bytes = 0;
  readonly #byFacet = new Map<string, (Entry | undefined)[]>();
  /** The most recently used entry, and the least; each links to its neighbours. */
  #newest: Entry | undefined;
  #oldest: Entry | undefined;

  constructor(limitBytes: number, arena?: ChunkArena) {
    this.#limitBytes = limitBytes;
    this.#arena = arena;
    if (arena) dropped.register(this, { arena, blocks: this.#blocks });
  }

  /**
   * The chunk if known at this version: its bytes, null for nobody; undefined when unknown. With
   * `holds`, the bytes stay as they are until `release(holds)`, whatever is put meanwhile.
   */
  get(facet: string, chunk: number, version: number, holds?: Holds): Uint8Array | null | undefined {
    const entry = this.#byFacet.get(facet)?.[chunk];
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.#forget(entry);
      return undefined;
    }
    if (entry !== this.#newest) {
      this.#unlink(entry);
      this.#pushNewest(entry);
    }
    if (holds && entry.block) {
      entry.holders++;
      holds.push(entry);
    }
    return entry.bits;
  }

  /** Lets go of what `get` handed out with `holds`. */
  release(holds: Holds): void {
    for (const entry of holds) {
      entry.holders--;
      if (entry.holders === 0 && entry.forgotten) this.#giveBack(entry.bits!);
    }
    holds.length = 0;
  }

  /** Keeps the chunk; `bits` may be changed by the caller afterwards (they are copied or kept). */
  put(facet: string, chunk: number, version: number, given: Uint8Array | null): void {
    const known = this.#byFacet.get(facet)?.[chunk];
    if (known) this.#forget(known);
    const size = sizeOf(facet, given);
    if (size > this.#limitBytes) return;
    // Room first, so a block this put frees can hold its chunk.
    while (this.#bytes + size > this.#limitBytes && this.#oldest) this.#forget(this.#oldest);
    let bits = given;
    let block = false;
    if (given && this.#arena) {
      const own = given.byteLength === CHUNK_BYTES ? this.#arena.allocate() : undefined;
      if (own) {
        own.set(given);
        this.#blocks.add(own);
        bits = own;
        block = true;
      } else if (this.#arena.holds(given)) bits = given.slice();
    }
    // After the forgetting, which drops a facet's array once it holds no chunk.
    let chunks = this.#byFacet.get(facet);
    if (!chunks) {
      chunks = [];
      this.#byFacet.set(facet, chunks);
    }
    const entry: Entry = {
      facet,
      chunk,
      version,
      bits,
      size,
      block,
      holders: 0,
      forgotten: false,
      newer: undefined,
      older: undefined,
    };
    chunks[chunk] = entry;
    this.#pushNewest(entry);
    this.#bytes += size;
  }

  #forget(entry: Entry): void {
    this.#unlink(entry);
    this.#bytes -= entry.size;
    const chunks = this.#byFacet.get(entry.facet)!;
    chunks[entry.chunk] = undefined;
    if (chunks.every((held) => held === undefined)) this.#byFacet.delete(entry.facet);
    entry.forgotten = true;
    if (entry.block && entry.holders === 0) this.#giveBack(entry.bits!);
  }

  #giveBack(block: Uint8Array): void {
    this.#blocks.delete(block);
    this.#arena!.release(block);
  }

  #pushNewest(entry: Entry): void {
    entry.older = this.#newest;
    entry.newer = undefined;
    if (this.#newest) this.#newest.newer = entry;
    this.#newest = entry;
    this.#oldest ??= entry;
  }

  #unlink(entry: Entry): void {
    if (entry.newer) entry.newer.older = entry.older;
    else this.#newest = entry.older;
    if (entry.older) entry.older.newer = entry.newer;
    else this.#oldest = entry.newer;
    entry.newer = undefined;
    entry.older = undefined;
  }
}

/**
 * The blocks of a cache nobody can reach any more go back to its arena: a process that opens many
 * databases (the tests do; `serve` opens one) would otherwise leave the arena without blocks.
 */
const dropped = new FinalizationRegistry<{ arena: ChunkArena; blocks: Set<Uint8Array> }>(
  ({ arena, blocks }) => {
    for (const block of blocks) arena.release(block);
  },
);

/** Entries handed out by `get` and not yet let go (opaque to callers). */
export type Holds = Entry[];

interface Entry {
  facet: string;
  chunk: number;
  version: number;
  bits: Uint8Array | null;
  size: number;
  /** Whether `bits` is a block of the arena, handed back once forgotten and held by nobody. */
  block: boolean;
  holders: number;
  forgotten: boolean;
  newer: Entry | undefined;
  older: Entry | undefined;
}

/** The bytes an entry holds, its bookkeeping counted roughly. */
const sizeOf = (facet: string, bits: Uint8Array | null) =>
  (bits?.byteLength ?? 0) + facet.length + 64;
