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
import { countChunk, planReads } from './evaluate.ts';
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
  type StoredChunk,
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

  const chunks = new Map<number, ChunkParts>();
  const partsOf = (chunk: number): ChunkParts => {
    let parts = chunks.get(chunk);
    if (!parts) {
      parts = { stored: new Map(), fresh: new Map(), members: new Map() };
      chunks.set(chunk, parts);
    }
    return parts;
  };
  for (const row of stored) partsOf(row.chunk).stored.set(row.facet, row.bits);
  for (const key of dirty.keys()) {
    const parts = partsOf(chunkOf(key));
    parts.dirty ??= emptyWords();
    setBit(parts.dirty, offsetOf(key));
  }
  for (const facet of reads.facets) {
    for (const key of fresh.get(facet) ?? []) {
      const parts = partsOf(chunkOf(key));
      const words = parts.fresh.get(facet) ?? emptyWords();
      parts.fresh.set(facet, words);
      setBit(words, offsetOf(key));
    }
  }
  for (const [at, keys] of members.entries()) {
    const index = reads.memberPredicates[at]!;
    for (const key of keys) {
      const parts = partsOf(chunkOf(key));
      const words = parts.members.get(index) ?? emptyWords();
      parts.members.set(index, words);
      setBit(words, offsetOf(key));
    }
  }

  let count = 0;
  for (const [chunk, parts] of chunks) {
    if (!parts.stored.has(ELIGIBLE) && !parts.fresh.has(ELIGIBLE)) continue;
    words.reset();
    const read = new Map<string, Words>();
    const version = versions.get(chunk);
    count += countChunk(plan, {
      remember(key, compute) {
        // Only a chunk as stored: a dirty participant's facets are this count's alone.
        if (!cache || version === undefined || parts.dirty) return compute();
        const known = cache.get(key, chunk, version, holds);
        if (known) return readChunkWords(known, words);
        const computed = compute();
        cache.put(key, chunk, version, asBytes(computed));
        return computed;
      },
      facet(name) {
        let held = read.get(name);
        if (held) return held;
        const bytes = parts.stored.get(name);
        const now = parts.fresh.get(name);
        if (!bytes && !now) return undefined;
        held = bytes ? readChunkWords(bytes, words) : EMPTY;
        if (parts.dirty || now) {
          held = words.copyOf(held);
          if (parts.dirty) andNotInto(held, parts.dirty);
          if (now) orInto(held, now);
        }
        read.set(name, held);
        return held;
      },
      members: (index) => parts.members.get(index) ?? EMPTY,
    });
  }
  return count;
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

/**
 * The stored chunks of these facets: those this process read before at their chunk's current
 * version from its cache, the rest from the database. Not in a transaction, whose uncommitted
 * chunks no other request may see.
 */
async function readStored(
  db: Db,
  facets: readonly string[],
  holds: Holds,
): Promise<{ stored: StoredChunk[]; versions: Map<number, number>; cache?: ChunkCache }> {
  if (db.isTransaction) return { stored: await readFacetChunks(db, facets), versions: new Map() };
  let cache = caches.get(db);
  let wanted = facets;
  if (!cache) {
    cache = new ChunkCache(CACHE_BYTES, chunkArena());
    caches.set(db, cache);
    // The process's first count also reads what most counts name, once: a fresh `serve`'s
    // first few hundred counts otherwise each read some of it from the database.
    wanted = [...new Set([...facets, ...HOT_FACETS])];
  }
  const requested = new Set(facets);
  const versions = await readChunkVersions(db);
  const stored: StoredChunk[] = [];
  /** The chunks of each facet the cache does not know at their version. */
  const missing = new Map<string, Set<number>>();
  const missingChunks = new Set<number>();
  for (const facet of wanted) {
    for (const [chunk, version] of versions) {
      const bits = cache.get(facet, chunk, version, requested.has(facet) ? holds : undefined);
      if (bits && requested.has(facet)) stored.push({ facet, chunk, bits });
      else if (bits === undefined) {
        let chunks = missing.get(facet);
        if (!chunks) {
          chunks = new Set();
          missing.set(facet, chunks);
        }
        chunks.add(chunk);
        missingChunks.add(chunk);
      }
    }
  }
  if (missing.size === 0) return { stored, versions, cache };
  for (const row of await readFacetChunks(db, [...missing.keys()], [...missingChunks])) {
    // Asked for alongside a missing one, but already answered from the cache.
    if (!missing.get(row.facet)?.delete(row.chunk)) continue;
    cache.put(row.facet, row.chunk, versions.get(row.chunk)!, row.bits);
    if (requested.has(row.facet)) stored.push(row);
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

interface ChunkParts {
  stored: Map<string, Uint8Array>;
  /** The dirty participants of the chunk, whose stored bits are stale. */
  dirty?: Words;
  fresh: Map<string, Words>;
  members: Map<number, Words>;
}

/** Nobody: what a facet nobody in the chunk has reads as (never changed). */
const EMPTY = emptyWords();
