import type { AudiencePlan, AudiencePredicate } from '../../filters/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { chunkArena } from './arena.ts';
import { ChunkCache, type Holds } from './chunk-cache.ts';
import {
  andNotInto,
  chunkOf,
  emptyWords,
  offsetOf,
  orInto,
  readChunkWords,
  setBit,
  type Words,
  WordsPool,
} from './container.ts';
import { type ChunkBitmaps, countChunk, planReads } from './evaluate.ts';
import {
  APPROVAL_RATE,
  APPROVED_SUBMISSIONS,
  BIRTH_DATE,
  ELIGIBLE,
  NO_SHOWS,
  sliceNames,
} from './facets.ts';
import {
  readChunkVersions,
  readDirty,
  readFacetChunks,
  readMembers,
  readPeopleFacets,
} from './store.ts';

/**
 * Past this many participants waiting for a fold, a count does not read them all afresh: the
 * exact query of decision 0100 counts instead, until the fold job catches up (a seed or a
 * migration marks a whole panel at once).
 */
export const DIRTY_LIMIT = 20_000;

/**
 * An audience plan counted exactly on the audience bitmaps (docs/decisions/0190-audience-bitmaps.md),
 * or undefined when they cannot answer it now (too many participants waiting for a fold).
 *
 * The dirty participants are read first, then the stored bitmaps, then the dirty participants'
 * facets as they are now. Each participant is counted once: a dirty one from their facets now
 * (masked out of the stored bitmaps), any other from the stored bitmaps, which were right for them
 * when the dirty set was read, or were folded since with what they hold now.
 */
export async function countOnBitmaps(db: Db, plan: AudiencePlan): Promise<number | undefined> {
  if (plan.predicates.some((predicate) => predicate.kind === 'never')) return 0;
  const reads = planReads(plan);
  if (reads === 'unsupported') return undefined;
  const dirty = await readDirty(db, DIRTY_LIMIT);
  if (!dirty) return undefined;
  const holds: Holds = [];
  try {
    return await countHolding(db, plan, reads, dirty, holds);
  } finally {
    caches.get(db)?.release(holds);
  }
}

/** countOnBitmaps past its first reads, the cached chunks it reads held in `holds`. */
async function countHolding(
  db: Db,
  plan: AudiencePlan,
  reads: Exclude<ReturnType<typeof planReads>, 'unsupported'>,
  dirty: Map<number, number>,
  holds: Holds,
): Promise<number> {
  const [{ stored, versions, cache }, fresh, members] = await Promise.all([
    readStored(db, reads.facets, holds),
    dirty.size > 0
      ? readPeopleFacets(db, { keys: [...dirty.keys()] })
      : new Map<string, number[]>(),
    Promise.all(
      reads.memberPredicates.map((index) =>
        readMembers(
          db,
          plan.predicates[index] as Extract<AudiencePredicate, { kind: 'took_part' | 'member_of' }>,
        ),
      ),
    ),
  ]);

  /** Chunks with dirty participants, fresh facets or members: most counts have none. */
  const changed = new Map<number, ChunkChanges>();
  const changesOf = (chunk: number): ChunkChanges => {
    let changes = changed.get(chunk);
    if (!changes) {
      changes = { fresh: new Map(), members: new Map() };
      changed.set(chunk, changes);
    }
    return changes;
  };
  for (const key of dirty.keys()) {
    const changes = changesOf(chunkOf(key));
    changes.dirty ??= emptyWords();
    setBit(changes.dirty, offsetOf(key));
  }
  for (const facet of reads.facets) {
    for (const key of fresh.get(facet) ?? []) {
      const changes = changesOf(chunkOf(key));
      const words = changes.fresh.get(facet) ?? emptyWords();
      changes.fresh.set(facet, words);
      setBit(words, offsetOf(key));
    }
  }
  for (const [at, keys] of members.entries()) {
    const index = reads.memberPredicates[at]!;
    for (const key of keys) {
      const changes = changesOf(chunkOf(key));
      const words = changes.members.get(index) ?? emptyWords();
      changes.members.set(index, words);
      setBit(words, offsetOf(key));
    }
  }

  const eligible = stored.get(ELIGIBLE) ?? [];
  const chunks = new Set<number>();
  for (let chunk = 0; chunk < eligible.length; chunk++) if (eligible[chunk]) chunks.add(chunk);
  for (const [chunk, changes] of changed) if (changes.fresh.has(ELIGIBLE)) chunks.add(chunk);

  const reader = new ChunkReader(stored, changed, versions, cache, holds);
  let count = 0;
  for (const chunk of chunks) {
    reader.moveTo(chunk);
    count += countChunk(plan, reader);
  }
  return count;
}

/**
 * One count's view of a chunk at a time (the ChunkBitmaps that countChunk reads): made once per
 * count and moved from chunk to chunk, so counting a chunk allocates nothing of its own.
 */
class ChunkReader implements ChunkBitmaps {
  readonly #stored: StoredByFacet;
  readonly #changed: Map<number, ChunkChanges>;
  readonly #versions: Map<number, number>;
  readonly #cache: ChunkCache | undefined;
  readonly #holds: Holds;
  #chunk = 0;
  #changes: ChunkChanges | undefined;
  #version: number | undefined;
  /** The facets read in this chunk (by the chunk they were read in): a slice is read per bound. */
  readonly #read = new Map<string, Words>();
  readonly #readIn = new Map<string, number>();

  constructor(
    stored: StoredByFacet,
    changed: Map<number, ChunkChanges>,
    versions: Map<number, number>,
    cache: ChunkCache | undefined,
    holds: Holds,
  ) {
    this.#stored = stored;
    this.#changed = changed;
    this.#versions = versions;
    this.#cache = cache;
    this.#holds = holds;
  }

  moveTo(chunk: number): void {
    this.#chunk = chunk;
    this.#changes = this.#changed.get(chunk);
    this.#version = this.#versions.get(chunk);
    words.reset();
  }

  facet(name: string): Words | undefined {
    if (this.#readIn.get(name) === this.#chunk) return this.#read.get(name);
    const bytes = this.#stored.get(name)?.[this.#chunk];
    const changes = this.#changes;
    const now = changes?.fresh.get(name);
    let held: Words | undefined;
    if (bytes || now) {
      held = bytes ? readChunkWords(bytes, words) : EMPTY;
      if (changes?.dirty || now) {
        held = words.copyOf(held);
        if (changes?.dirty) andNotInto(held, changes.dirty);
        if (now) orInto(held, now);
      }
    }
    this.#readIn.set(name, this.#chunk);
    if (held) this.#read.set(name, held);
    else this.#read.delete(name);
    return held;
  }

  /** Only a chunk as stored: a dirty participant's facets are this count's alone. */
  #keeps(): boolean {
    return this.#cache !== undefined && this.#version !== undefined && !this.#changes?.dirty;
  }

  recall(key: string): Words | undefined {
    if (!this.#keeps()) return undefined;
    const known = this.#cache!.get(key, this.#chunk, this.#version!, this.#holds);
    return known ? readChunkWords(known, words) : undefined;
  }

  keep(key: string, computed: Words): void {
    if (this.#keeps()) this.#cache!.put(key, this.#chunk, this.#version!, asBytes(computed));
  }

  members(index: number): Words {
    return this.#changes?.members.get(index) ?? EMPTY;
  }
}

/** What most counts read: the eligible, and every slice of the ranges (about 9 MB at a million). */
const HOT_FACETS = [
  ELIGIBLE,
  ...[BIRTH_DATE, APPROVAL_RATE, APPROVED_SUBMISSIONS, NO_SHOWS].flatMap((value) => [
    value.name,
    ...sliceNames(value),
  ]),
];

/** Bytes of stored chunks a process keeps per database (chunk-cache.ts). */
const CACHE_BYTES = 16 * 1024 * 1024;
const caches = new WeakMap<object, ChunkCache>();

/** Each facet's stored chunks by chunk number: the bytes, or nothing where nobody has it. */
type StoredByFacet = Map<string, (Uint8Array | null | undefined)[]>;

/**
 * The stored chunks of these facets: those this process read before at their chunk's current
 * version from its cache (held in `holds`), the rest from the database. Not in a transaction,
 * whose uncommitted chunks no other request may see.
 */
async function readStored(
  db: Db,
  facets: readonly string[],
  holds: Holds,
): Promise<{ stored: StoredByFacet; versions: Map<number, number>; cache?: ChunkCache }> {
  const stored: StoredByFacet = new Map(facets.map((facet) => [facet, []]));
  const keep = (facet: string, chunk: number, bits: Uint8Array) => {
    const chunks = stored.get(facet);
    if (chunks) chunks[chunk] = bits;
  };
  if (db.isTransaction) {
    for (const row of await readFacetChunks(db, facets)) keep(row.facet, row.chunk, row.bits);
    return { stored, versions: new Map() };
  }
  let cache = caches.get(db);
  let wanted = facets;
  if (!cache) {
    cache = new ChunkCache(CACHE_BYTES, chunkArena());
    caches.set(db, cache);
    // The process's first count also reads what most counts name, once: a fresh `serve`'s
    // first few hundred counts otherwise each read some of it from the database.
    wanted = [...new Set([...facets, ...HOT_FACETS])];
  }
  const versions = await readChunkVersions(db);
  /** The chunks of each facet the cache does not know at their version. */
  const missing = new Map<string, Set<number>>();
  const missingChunks = new Set<number>();
  const chunkNumbers = [...versions.keys()];
  const chunkVersions = chunkNumbers.map((chunk) => versions.get(chunk)!);
  for (const facet of wanted) {
    const chunks = stored.get(facet);
    for (let at = 0; at < chunkNumbers.length; at++) {
      const chunk = chunkNumbers[at]!;
      const bits = cache.get(facet, chunk, chunkVersions[at]!, chunks && holds);
      if (bits && chunks) chunks[chunk] = bits;
      else if (bits === undefined) {
        let absent = missing.get(facet);
        if (!absent) {
          absent = new Set();
          missing.set(facet, absent);
        }
        absent.add(chunk);
        missingChunks.add(chunk);
      }
    }
  }
  if (missing.size === 0) return { stored, versions, cache };
  for (const row of await readFacetChunks(db, [...missing.keys()], [...missingChunks])) {
    // Asked for alongside a missing one, but already answered from the cache.
    if (!missing.get(row.facet)?.delete(row.chunk)) continue;
    cache.put(row.facet, row.chunk, versions.get(row.chunk)!, row.bits);
    keep(row.facet, row.chunk, row.bits);
  }
  for (const [facet, chunks] of missing) {
    for (const chunk of chunks) cache.put(facet, chunk, versions.get(chunk)!, null);
  }
  return { stored, versions, cache };
}

/**
 * The words a chunk's reading works in (stored chunks copied or decoded), reset per chunk: the
 * counting of a chunk is synchronous, so one pool serves every count.
 */
const words = new WordsPool();

const asBytes = (of: Words) => new Uint8Array(of.buffer, of.byteOffset, of.byteLength);

interface ChunkChanges {
  /** The dirty participants of the chunk, whose stored bits are stale. */
  dirty?: Words;
  fresh: Map<string, Words>;
  members: Map<number, Words>;
}

/** Nobody: what a facet nobody in the chunk has reads as (never changed). */
const EMPTY = emptyWords();
