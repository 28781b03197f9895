import type { AudiencePlan, AudiencePredicate } from '../../filters/index.ts';
import {
  andInto,
  andNotInto,
  andNotOf,
  andOf,
  cardinality,
  countAnd,
  countAndNot,
  emptyWords,
  orInto,
  orNotInto,
  type Words,
  WordsPool,
} from './container.ts';
import {
  BIRTH_DATE,
  dateNumber,
  ELIGIBLE,
  optionFacet,
  placeFacet,
  REPUTATION_VALUES,
  type SlicedValue,
  sliceFacet,
  sliceNames,
} from './facets.ts';

/**
 * An audience plan counted on bitmaps (docs/decisions/0190-audience-bitmaps.md), one chunk of
 * 65,536 audience keys at a time: the eligible, and each predicate in turn. Admits exactly whom
 * count-query.ts's SQL admits (the tests hold one to the other on random panels and filters).
 */

/** The bitmaps of one chunk that a plan reads. */
export interface ChunkBitmaps {
  /** A facet's words in this chunk, undefined when nobody there has it; not to be changed. */
  facet(name: string): Words | undefined;
  /**
   * A range's words this chunk kept from an earlier count, if any (not to be changed): most counts
   * bound the same few ages and rates.
   */
  recall?(key: string): Words | undefined;
  /** Keeps a range's words for later counts, where the chunk is as stored (copied). */
  keep?(key: string, words: Words): void;
  /** The members of a participation or group predicate (by its place in the plan) here. */
  members(predicateIndex: number): Words;
}

/** The facets a plan reads, and which of its predicates are sets of members read apart. */
export interface PlanReads {
  facets: string[];
  memberPredicates: number[];
}

/** What a plan reads, or 'unsupported' for a bound no bitmap holds (never made by audiencePlan). */
export function planReads(plan: AudiencePlan): PlanReads | 'unsupported' {
  const facets = new Set<string>([ELIGIBLE]);
  const memberPredicates: number[] = [];
  for (const [index, predicate] of plan.predicates.entries()) {
    switch (predicate.kind) {
      case 'place':
        for (const id of predicate.ids) facets.add(placeFacet(predicate.column, id));
        break;
      case 'attribute':
        for (const id of predicate.ids) facets.add(optionFacet(predicate.slug, id));
        break;
      case 'born':
        if (bornBounds(predicate) === 'unsupported') return 'unsupported';
        addSlices(facets, BIRTH_DATE);
        break;
      case 'column_range':
        addSlices(facets, REPUTATION_VALUES[predicate.column]);
        break;
      case 'took_part':
      case 'member_of':
        memberPredicates.push(index);
        break;
      case 'never':
        break;
    }
  }
  return { facets: [...facets], memberPredicates };
}

function addSlices(facets: Set<string>, value: SlicedValue): void {
  facets.add(value.name);
  for (let bit = 0; bit < value.bits; bit++) facets.add(sliceFacet(value, bit));
}

/**
 * The words a chunk's count works in. Counting a chunk is synchronous, so one pool serves every
 * count, each chunk taking them afresh.
 */
const pool = new WordsPool();

/**
 * How many of the chunk's people the plan admits: the eligible and-ed with each predicate's words
 * (and-not for a negated one), the first into fresh words and the last straight into the count,
 * so a plan of k predicates makes k passes over the chunk rather than a copy, k and a count.
 */
export function countChunk(plan: AudiencePlan, bitmaps: ChunkBitmaps): number {
  pool.reset();
  const eligible = bitmaps.facet(ELIGIBLE);
  if (!eligible) return 0;
  // Module-level, as the pool is: a chunk's count allocates nothing of its own.
  heldWords.length = 0;
  heldNegate.length = 0;
  for (let index = 0; index < plan.predicates.length; index++) {
    const predicate = plan.predicates[index]!;
    if (predicate.kind === 'never') return 0;
    const words = predicateWords(predicate, index, bitmaps);
    const negate = 'negate' in predicate && predicate.negate;
    if (words === NOBODY) {
      if (!negate) return 0;
      continue;
    }
    heldWords.push(words);
    heldNegate.push(negate);
  }
  const last = heldWords.length - 1;
  if (last < 0) return cardinality(eligible);
  let admitted = eligible;
  for (let at = 0; at < last; at++) {
    const words = heldWords[at]!;
    if (at === 0) {
      admitted = pool.take();
      if (heldNegate[at]) andNotOf(admitted, eligible, words);
      else andOf(admitted, eligible, words);
    } else if (heldNegate[at]) andNotInto(admitted, words);
    else andInto(admitted, words);
  }
  return heldNegate[last]
    ? countAndNot(admitted, heldWords[last]!)
    : countAnd(admitted, heldWords[last]!);
}

const heldWords: Words[] = [];
const heldNegate: boolean[] = [];

/** A predicate's members in the chunk (NOBODY for none), before any negation. */
function predicateWords(
  predicate: Exclude<AudiencePredicate, { kind: 'never' }>,
  index: number,
  bitmaps: ChunkBitmaps,
): Words {
  switch (predicate.kind) {
    case 'place':
    case 'attribute':
      return union(facetNames(predicate), bitmaps);
    case 'took_part':
    case 'member_of':
      return bitmaps.members(index);
    case 'born':
      return within(BIRTH_DATE, bornBoundsOf(predicate), bitmaps);
    case 'column_range':
      return within(REPUTATION_VALUES[predicate.column], predicate, bitmaps);
  }
}

/** The facets a place or option predicate names, made once per predicate (a count asks per chunk). */
const namesOf = new WeakMap<AudiencePredicate, readonly string[]>();

function facetNames(predicate: Extract<AudiencePredicate, { kind: 'place' | 'attribute' }>) {
  let names = namesOf.get(predicate);
  if (!names) {
    names =
      predicate.kind === 'place'
        ? predicate.ids.map((id) => placeFacet(predicate.column, id))
        : predicate.ids.map((id) => optionFacet(predicate.slug, id));
    namesOf.set(predicate, names);
  }
  return names;
}

const bornBoundsMade = new WeakMap<AudiencePredicate, { gte?: number; lte?: number }>();

/** bornBounds, made once per predicate (a count asks per chunk). */
function bornBoundsOf(predicate: Extract<AudiencePredicate, { kind: 'born' }>) {
  let bounds = bornBoundsMade.get(predicate);
  if (!bounds) {
    const made = bornBounds(predicate);
    if (made === 'unsupported') throw new Error('a birth date bound no bitmap holds');
    bounds = made;
    bornBoundsMade.set(predicate, bounds);
  }
  return bounds;
}

/** `born` as whole-number bounds on the date's number: after a date is from the next number. */
function bornBounds(predicate: {
  after?: string;
  onOrBefore?: string;
}): { gte?: number; lte?: number } | 'unsupported' {
  const bounds: { gte?: number; lte?: number } = {};
  if (predicate.after !== undefined) {
    const after = dateNumber(predicate.after);
    if (after === undefined) return 'unsupported';
    bounds.gte = after + 1;
  }
  if (predicate.onOrBefore !== undefined) {
    const onOrBefore = dateNumber(predicate.onOrBefore);
    if (onOrBefore === undefined) return 'unsupported';
    bounds.lte = onOrBefore;
  }
  return bounds;
}

/** Nobody here: the words of a union of facets nobody in the chunk has (never changed). */
const NOBODY = emptyWords();

/** The members of any of the facets: a facet itself when only it is held here (not to be changed). */
function union(names: readonly string[], bitmaps: Pick<ChunkBitmaps, 'facet'>): Words {
  let first: Words | undefined;
  let words: Words | undefined;
  for (const name of names) {
    const part = bitmaps.facet(name);
    if (!part) continue;
    if (!first) first = part;
    else {
      words ??= pool.copyOf(first);
      orInto(words, part);
    }
  }
  return words ?? first ?? NOBODY;
}

/**
 * Those holding a value, within the bounds (either may be left out); words not to be changed
 * (the holders themselves, or a range as kept, when only one side bounds them). The words it
 * works in come from `work`: countChunk's pool, reset per chunk, unless the caller resets its own.
 */
export function within(
  value: SlicedValue,
  bounds: { gte?: number | undefined; lte?: number | undefined },
  bitmaps: Pick<ChunkBitmaps, 'facet' | 'recall' | 'keep'>,
  work: WordsPool = pool,
): Words {
  const largest = 2 ** value.bits - 1;
  const { gte, lte } = bounds;
  const holding = bitmaps.facet(value.name);
  if (!holding || (gte !== undefined && gte > largest) || (lte !== undefined && lte < 0)) {
    return NOBODY;
  }
  const above =
    gte !== undefined && gte > 0 ? ranged(value, AT_LEAST, gte, holding, bitmaps, work) : undefined;
  const below =
    lte !== undefined && lte < largest
      ? ranged(value, AT_MOST, lte, holding, bitmaps, work)
      : undefined;
  // Each range is already among the holders (atLeast and atMost end on them).
  if (!above || !below) return above ?? below ?? holding;
  const words = work.copyOf(above);
  andInto(words, below);
  return words;
}

/** At least or at most; with LOW_BITS, the part of a comparison over the shared low bits. */
const AT_LEAST = 0;
const AT_MOST = 1;
const LOW_BITS = 2;
type Direction = typeof AT_LEAST | typeof AT_MOST;
const KEY_PARTS = ['>=', '<=', '>=~', '<=~'] as const;

/** The keys ranges are kept under, by value, kind and bound: made once, not per chunk. */
const rangeKeys = new Map<SlicedValue, Map<number, string>[]>();
/** Past this many keys of a value, its keys are made afresh (bounds come from requests). */
const RANGE_KEYS_LIMIT = 10_000;

function rangeKey(value: SlicedValue, kind: number, bound: number): string {
  let kinds = rangeKeys.get(value);
  if (!kinds) {
    kinds = KEY_PARTS.map(() => new Map<number, string>());
    rangeKeys.set(value, kinds);
  }
  const byBound = kinds[kind]!;
  let key = byBound.get(bound);
  if (key === undefined) {
    if (byBound.size >= RANGE_KEYS_LIMIT) byBound.clear();
    key = `${value.name}${KEY_PARTS[kind]}${bound}`;
    byBound.set(bound, key);
  }
  return key;
}

/** A one-sided range: as kept by an earlier count, else compared and kept. */
function ranged(
  value: SlicedValue,
  direction: Direction,
  bound: number,
  holding: Words,
  bitmaps: Pick<ChunkBitmaps, 'facet' | 'recall' | 'keep'>,
  work: WordsPool,
): Words {
  const key = rangeKey(value, direction, bound);
  const known = bitmaps.recall?.(key);
  if (known) return known;
  const words = compare(value, direction, bound, holding, bitmaps, work);
  bitmaps.keep?.(key, words);
  return words;
}

/**
 * Those holding a value at least (`>=`, 0 < bound ≤ the largest value) or at most (`<=`,
 * 0 ≤ bound < the largest) `bound`, compared from the least significant slice up: after slice k,
 * those whose lowest k + 1 bits compare so with the bound's.
 *
 * At least: where the bound has a 1, a member must have it too and be at least the rest (and);
 * where a 0, having it is enough, else the rest decides (or). At most is the same with the slices'
 * complements. One operation a slice, where walking from the most significant slice down needs two
 * arrays and three; a slice nobody in the chunk has clears the words, fills them or leaves them.
 *
 * The state after a value's shared low bits (`sharedLowBits`: a birth date's month and day, the
 * same in every age bound of a day) is kept apart, so each further bound walks only the bits
 * above them.
 */
function compare(
  value: SlicedValue,
  direction: Direction,
  bound: number,
  holding: Words,
  bitmaps: Pick<ChunkBitmaps, 'facet' | 'recall' | 'keep'>,
  work: WordsPool,
): Words {
  const shared = value.sharedLowBits ?? 0;
  let words: Words;
  if (shared > 0) {
    const low = bound % 2 ** shared;
    const key = rangeKey(value, direction + LOW_BITS, low);
    let lowPart = bitmaps.recall?.(key);
    if (!lowPart) {
      lowPart = walk(value, direction, low, 0, shared, work.copyOf(holding), bitmaps);
      bitmaps.keep?.(key, lowPart);
    }
    words = work.copyOf(lowPart);
  } else words = work.copyOf(holding);
  walk(value, direction, bound, shared, value.bits, words, bitmaps);
  andInto(words, holding);
  return words;
}

/** Slices `from` to `to` (exclusive) of the comparison into `words`, which it answers. */
function walk(
  value: SlicedValue,
  direction: Direction,
  bound: number,
  from: number,
  to: number,
  words: Words,
  bitmaps: Pick<ChunkBitmaps, 'facet'>,
): Words {
  const names = sliceNames(value);
  for (let bit = from; bit < to; bit++) {
    const slice = bitmaps.facet(names[bit]!);
    const one = Math.floor(bound / 2 ** bit) % 2 === 1;
    if (direction === AT_LEAST) {
      if (one) {
        if (slice) andInto(words, slice);
        else words.fill(0);
      } else if (slice) orInto(words, slice);
    } else if (one) {
      if (slice) orNotInto(words, slice);
      else words.fill(-1);
    } else if (slice) andNotInto(words, slice);
  }
  return words;
}
