/**
 * The stored chunks a process has read, kept until their chunk's version moves
 * (docs/decisions/0190-audience-bitmaps.md): the eligible, the bit slices of the birth date and
 * of reputation, the big countries and options are read by most counts, and reading them again
 * from the database was the largest part of a count. Bounded in bytes, the least recently used
 * forgotten first; a chunk known to hold nobody of a facet is kept too (as null), so a city's
 * absence from fifteen chunks is not asked again.
 */
export class ChunkCache {
  readonly #limitBytes: number;
  #bytes = 0;
  /** By `facet` then chunk, in order of use (a Map keeps insertion order). */
  readonly #entries = new Map<string, { version: number; bits: Uint8Array | null }>();

  constructor(limitBytes: number) {
    this.#limitBytes = limitBytes;
  }

  /** The chunk if known at this version: its bytes, null for nobody; undefined when unknown. */
  get(facet: string, chunk: number, version: number): Uint8Array | null | undefined {
    const key = keyOf(facet, chunk);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.#forget(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.bits;
  }

  put(facet: string, chunk: number, version: number, bits: Uint8Array | null): void {
    const key = keyOf(facet, chunk);
    this.#forget(key);
    const size = sizeOf(key, bits);
    if (size > this.#limitBytes) return;
    this.#entries.set(key, { version, bits });
    this.#bytes += size;
    for (const [oldest] of this.#entries) {
      if (this.#bytes <= this.#limitBytes) break;
      this.#forget(oldest);
    }
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= sizeOf(key, entry.bits);
  }
}

const keyOf = (facet: string, chunk: number) => `${chunk}|${facet}`;
/** The bytes an entry holds, its key and bookkeeping counted roughly. */
const sizeOf = (key: string, bits: Uint8Array | null) => (bits?.byteLength ?? 0) + key.length + 64;
