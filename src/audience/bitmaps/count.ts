import type { AudiencePlan, AudiencePredicate } from '../../filters/index.ts';
import type { Db } from '../../platform/db/database.ts';
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
import { ELIGIBLE } from './facets.ts';
import { readDirty, readFacetChunks, readMembers, readPeopleFacets } from './store.ts';

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
  const [stored, fresh, members] = await Promise.all([
    readFacetChunks(db, reads.facets),
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
  const words = new WordsPool();
  for (const parts of chunks.values()) {
    if (!parts.stored.has(ELIGIBLE) && !parts.fresh.has(ELIGIBLE)) continue;
    words.reset();
    const read = new Map<string, Words>();
    count += countChunk(plan, {
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

interface ChunkParts {
  stored: Map<string, Uint8Array>;
  /** The dirty participants of the chunk, whose stored bits are stale. */
  dirty?: Words;
  fresh: Map<string, Words>;
  members: Map<number, Words>;
}

/** Nobody: what a facet nobody in the chunk has reads as (never changed). */
const EMPTY = emptyWords();
