import type { AudiencePlan, AudiencePredicate } from '../../filters/index.ts';
import {
  andInto,
  andNotInto,
  CHUNK_WORDS,
  cardinality,
  orInto,
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

/** How many of the chunk's people the plan admits. */
export function countChunk(plan: AudiencePlan, bitmaps: ChunkBitmaps): number {
  pool.reset();
  const eligible = bitmaps.facet(ELIGIBLE);
  if (!eligible) return 0;
  const admitted = pool.copyOf(eligible);
  for (const [index, predicate] of plan.predicates.entries()) {
    const held = predicateWords(predicate, index, bitmaps);
    if (held === 'nobody') return 0;
    if (held.negate) andNotInto(admitted, held.words);
    else andInto(admitted, held.words);
  }
  return cardinality(admitted);
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

function union(parts: readonly (Words | undefined)[]): Words {
  const words = pool.take();
  for (const part of parts) if (part) orInto(words, part);
  return words;
}

/** Those holding a value, within the bounds (either may be left out). */
export function within(
  value: SlicedValue,
  bounds: { gte?: number | undefined; lte?: number | undefined },
  bitmaps: Pick<ChunkBitmaps, 'facet' | 'remember'>,
): Words {
  const largest = 2 ** value.bits - 1;
  const { gte, lte } = bounds;
  const holding = bitmaps.facet(value.name);
  if (!holding || (gte !== undefined && gte > largest) || (lte !== undefined && lte < 0)) {
    return pool.take();
  }
  const words = pool.copyOf(holding);
  const remember = bitmaps.remember ?? ((_key: string, compute: () => Words) => compute());
  if (gte !== undefined && gte > 0) {
    andInto(
      words,
      remember(`${value.name}>=${gte}`, () => atLeast(value, gte, holding, bitmaps)),
    );
  }
  if (lte !== undefined && lte < largest) {
    andInto(
      words,
      remember(`${value.name}<=${lte}`, () => atMost(value, lte, holding, bitmaps)),
    );
  }
  return words;
}

/**
 * Those whose value is at least `bound` (0 < bound ≤ the largest value), from the most
 * significant slice down: still equal so far, or already greater. A slice nobody in the chunk
 * has is skipped, or ends the walk where the bound has a 1 there (nobody is still equal after it).
 */
function atLeast(
  value: SlicedValue,
  bound: number,
  holding: Words,
  bitmaps: Pick<ChunkBitmaps, 'facet'>,
): Words {
  const names = sliceNames(value);
  const greater = pool.take();
  const equal = pool.copyOf(holding);
  for (let bit = value.bits - 1; bit >= 0; bit--) {
    const slice = bitmaps.facet(names[bit]!);
    const one = Math.floor(bound / 2 ** bit) % 2 === 1;
    if (!slice) {
      if (one) return greater;
      continue;
    }
    if (one) andInto(equal, slice);
    else {
      for (let index = 0; index < CHUNK_WORDS; index++) {
        greater[index]! |= equal[index]! & slice[index]!;
        equal[index]! &= ~slice[index]!;
      }
    }
  }
  orInto(greater, equal);
  return greater;
}

/** Those whose value is at most `bound` (0 ≤ bound < the largest value). */
function atMost(
  value: SlicedValue,
  bound: number,
  holding: Words,
  bitmaps: Pick<ChunkBitmaps, 'facet'>,
): Words {
  const names = sliceNames(value);
  const less = pool.take();
  const equal = pool.copyOf(holding);
  for (let bit = value.bits - 1; bit >= 0; bit--) {
    const slice = bitmaps.facet(names[bit]!);
    const one = Math.floor(bound / 2 ** bit) % 2 === 1;
    if (!slice) {
      if (one) {
        orInto(less, equal);
        return less;
      }
      continue;
    }
    if (one) {
      for (let index = 0; index < CHUNK_WORDS; index++) {
        less[index]! |= equal[index]! & ~slice[index]!;
        equal[index]! &= slice[index]!;
      }
    } else andNotInto(equal, slice);
  }
  orInto(less, equal);
  return less;
}
