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
   * A range's words this chunk kept from an earlier count, else `compute`d (and kept, where the
   * chunk is as stored): most counts bound the same few ages and rates.
   */
  remember?(key: string, compute: () => Words): Words;
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
  const held: { words: Words; negate: boolean }[] = [];
  for (const [index, predicate] of plan.predicates.entries()) {
    const words = predicateWords(predicate, index, bitmaps);
    if (words === 'nobody' || (!words.negate && words.words === NOBODY)) return 0;
    if (words.words !== NOBODY) held.push(words);
  }
  const last = held.pop();
  if (!last) return cardinality(eligible);
  let admitted = eligible;
  for (const [at, { words, negate }] of held.entries()) {
    if (at === 0) {
      admitted = pool.take();
      if (negate) andNotOf(admitted, eligible, words);
      else andOf(admitted, eligible, words);
    } else if (negate) andNotInto(admitted, words);
    else andInto(admitted, words);
  }
  return last.negate ? countAndNot(admitted, last.words) : countAnd(admitted, last.words);
}

function predicateWords(
  predicate: AudiencePredicate,
  index: number,
  bitmaps: ChunkBitmaps,
): { words: Words; negate: boolean } | 'nobody' {
  switch (predicate.kind) {
    case 'never':
      return 'nobody';
    case 'place':
      return {
        words: union(predicate.ids.map((id) => bitmaps.facet(placeFacet(predicate.column, id)))),
        negate: predicate.negate,
      };
    case 'attribute':
      return {
        words: union(predicate.ids.map((id) => bitmaps.facet(optionFacet(predicate.slug, id)))),
        negate: predicate.negate,
      };
    case 'took_part':
    case 'member_of':
      return { words: bitmaps.members(index), negate: predicate.negate };
    case 'born': {
      const bounds = bornBounds(predicate);
      if (bounds === 'unsupported') throw new Error('a birth date bound no bitmap holds');
      return { words: within(BIRTH_DATE, bounds, bitmaps), negate: false };
    }
    case 'column_range':
      return {
        words: within(REPUTATION_VALUES[predicate.column], predicate, bitmaps),
        negate: false,
      };
  }
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

/** The members of any of `parts`: a part itself when it is the only one (not to be changed). */
function union(parts: readonly (Words | undefined)[]): Words {
  const held = parts.filter((part) => part !== undefined);
  if (held.length === 0) return NOBODY;
  if (held.length === 1) return held[0]!;
  const words = pool.copyOf(held[0]!);
  for (let at = 1; at < held.length; at++) orInto(words, held[at]!);
  return words;
}

/**
 * Those holding a value, within the bounds (either may be left out); words not to be changed
 * (the holders themselves, or a range as remembered, when only one side bounds them).
 */
export function within(
  value: SlicedValue,
  bounds: { gte?: number | undefined; lte?: number | undefined },
  bitmaps: Pick<ChunkBitmaps, 'facet' | 'remember'>,
): Words {
  const largest = 2 ** value.bits - 1;
  const { gte, lte } = bounds;
  const holding = bitmaps.facet(value.name);
  if (!holding || (gte !== undefined && gte > largest) || (lte !== undefined && lte < 0)) {
    return NOBODY;
  }
  const remember = bitmaps.remember ?? ((_key: string, compute: () => Words) => compute());
  const ranged = (direction: Direction, bound: number) =>
    remember(`${value.name}${direction}${bound}`, () =>
      compare(value, direction, bound, holding, bitmaps, remember),
    );
  const above = gte !== undefined && gte > 0 ? ranged('>=', gte) : undefined;
  const below = lte !== undefined && lte < largest ? ranged('<=', lte) : undefined;
  // Each range is already among the holders (atLeast and atMost end on them).
  if (!above || !below) return above ?? below ?? holding;
  const words = pool.copyOf(above);
  andInto(words, below);
  return words;
}

type Direction = '>=' | '<=';

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
 * same in every age bound of a day) is remembered apart, so each further bound walks only the
 * bits above them.
 */
function compare(
  value: SlicedValue,
  direction: Direction,
  bound: number,
  holding: Words,
  bitmaps: Pick<ChunkBitmaps, 'facet'>,
  remember: (key: string, compute: () => Words) => Words,
): Words {
  const shared = value.sharedLowBits ?? 0;
  let words: Words;
  if (shared > 0) {
    const low = bound % 2 ** shared;
    words = pool.copyOf(
      remember(`${value.name}${direction}~${low}`, () =>
        walk(value, direction, low, 0, shared, pool.copyOf(holding), bitmaps),
      ),
    );
  } else words = pool.copyOf(holding);
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
    if (direction === '>=') {
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
