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
 */
export class ChunkCache {
  readonly #limitBytes: number;
  #bytes = 0;
  readonly #byFacet = new Map<string, (Entry | undefined)[]>();
  /** The most recently used entry, and the least; each links to its neighbours. */
  #newest: Entry | undefined;
  #oldest: Entry | undefined;

  constructor(limitBytes: number) {
    this.#limitBytes = limitBytes;
  }

  /** The chunk if known at this version: its bytes, null for nobody; undefined when unknown. */
  get(facet: string, chunk: number, version: number): Uint8Array | null | undefined {
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
    return entry.bits;
  }

  put(facet: string, chunk: number, version: number, bits: Uint8Array | null): void {
    const known = this.#byFacet.get(facet)?.[chunk];
    if (known) this.#forget(known);
    const size = sizeOf(facet, bits);
    if (size > this.#limitBytes) return;
    // After the forgetting, which drops a facet's array once it holds no chunk.
    let chunks = this.#byFacet.get(facet);
    if (!chunks) {
      chunks = [];
      this.#byFacet.set(facet, chunks);
    }
    const entry: Entry = { facet, chunk, version, bits, size, newer: undefined, older: undefined };
    chunks[chunk] = entry;
    this.#pushNewest(entry);
    this.#bytes += size;
    while (this.#bytes > this.#limitBytes && this.#oldest) this.#forget(this.#oldest);
  }

  #forget(entry: Entry): void {
    this.#unlink(entry);
    this.#bytes -= entry.size;
    const chunks = this.#byFacet.get(entry.facet)!;
    chunks[entry.chunk] = undefined;
    if (chunks.every((held) => held === undefined)) this.#byFacet.delete(entry.facet);
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

interface Entry {
  facet: string;
  chunk: number;
  version: number;
  bits: Uint8Array | null;
  size: number;
  newer: Entry | undefined;
  older: Entry | undefined;
}

/** The bytes an entry holds, its bookkeeping counted roughly. */
const sizeOf = (facet: string, bits: Uint8Array | null) =>
  (bits?.byteLength ?? 0) + facet.length + 64;
