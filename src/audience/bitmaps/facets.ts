/**
 * What an audience bitmap is of (docs/decisions/0190-audience-bitmaps.md): a participant's facets,
 * each the name of a bitmap that holds their audience key. Only eligible participants (active,
 * not a test participant) have any, so every count starts from `ELIGIBLE` and a negated filter is
 * "eligible and not".
 *
 * The ranges (birth date and the two reputation columns) are bit-sliced: a bitmap per bit of the
 * value, and one of those holding a value at all, so a range of any width is a fixed number of
 * bitmap operations (evaluate.ts `atLeast` and `atMost`).
 */

export const ELIGIBLE = 'e';

export interface FacetSource {
  status: string;
  is_test: number | boolean;
  country_id: string | null;
  state_id: string | null;
  city_id: string | null;
  birth_date: string;
  approval_rate: number | null;
  approved_submissions: number | null;
  no_shows: number | null;
}

export type PlaceColumn = 'country_id' | 'state_id' | 'city_id';
const PLACE_PREFIX: Record<PlaceColumn, string> = {
  country_id: 'c:',
  state_id: 's:',
  city_id: 'y:',
};

export const placeFacet = (column: PlaceColumn, id: string): string => PLACE_PREFIX[column] + id;
export const optionFacet = (slug: string, optionId: string): string => `a:${slug}:${optionId}`;

/** A bit-sliced value: its name (the bitmap of those holding one) and how many bits it has. */
export interface SlicedValue {
  name: string;
  bits: number;
  /**
   * Low bits most bounds share, whose part of a comparison is remembered apart (evaluate.ts): a
   * birth date's month and day, the same in every age bound of one day.
   */
  sharedLowBits?: number;
}

/** YYYY-MM-DD as year × 512 + month × 32 + day: 23 bits, ordered as the text is. */
export const BIRTH_DATE: SlicedValue = { name: 'b', bits: 23, sharedLowBits: 9 };
/** 0 to 100. */
export const APPROVAL_RATE: SlicedValue = { name: 'r', bits: 7 };
/** Any count a 32-bit column holds. */
export const APPROVED_SUBMISSIONS: SlicedValue = { name: 'n', bits: 31 };

/** Sessions missed (docs/decisions/0179-no-shows.md). */
export const NO_SHOWS: SlicedValue = { name: 'h', bits: 31 };

export const REPUTATION_VALUES = {
  approval_rate: APPROVAL_RATE,
  approved_submissions: APPROVED_SUBMISSIONS,
  no_shows: NO_SHOWS,
} as const;

export const sliceFacet = (value: SlicedValue, bit: number): string => `${value.name}.${bit}`;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date of the form YYYY-MM-DD as a number in the order of its text; undefined for a text of
 * another form, or a month or day too large for its bits (no calendar date, and no bound that
 * audiencePlan makes, is either).
 */
export function dateNumber(date: string): number | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month > 15 || day > 31) return undefined;
  return Number(match[1]) * 512 + month * 32 + day;
}

/** A participant's facets: none unless eligible. */
export function facetsOf(
  person: FacetSource,
  attributes: Iterable<readonly [slug: string, optionId: string]>,
): string[] {
  const facets: string[] = [];
  visitFacets(person, attributes, (facet) => facets.push(facet));
  return facets;
}

/**
 * Each of a participant's facets in turn, none unless eligible: what a fold of tens of thousands
 * of people calls, without an array per person, and with each name made once per process.
 */
export function visitFacets(
  person: FacetSource,
  attributes: Iterable<readonly [slug: string, optionId: string]>,
  visit: (facet: string) => void,
): void {
  if (person.status !== 'active' || Number(person.is_test) !== 0) return;
  visit(ELIGIBLE);
  if (person.country_id != null) visit(named('country_id', person.country_id, placeFacet));
  if (person.state_id != null) visit(named('state_id', person.state_id, placeFacet));
  // Not remembered: most of some hundred thousand cities are a handful of people's.
  if (person.city_id != null) visit(placeFacet('city_id', person.city_id));
  for (const [slug, optionId] of attributes) visit(named(slug, optionId, optionFacet));
  slice(visit, BIRTH_DATE, dateNumber(person.birth_date));
  slice(visit, APPROVAL_RATE, person.approval_rate);
  slice(visit, APPROVED_SUBMISSIONS, person.approved_submissions);
  slice(visit, NO_SHOWS, person.no_shows);
}

/** Facet names by their two parts, made once: the options', countries' and states'. */
const names = new Map<string, Map<string, string>>();

function named<A extends string>(
  first: A,
  second: string,
  make: (first: A, second: string) => string,
): string {
  let byFirst = names.get(first);
  if (!byFirst) {
    byFirst = new Map();
    names.set(first, byFirst);
  }
  let name = byFirst.get(second);
  if (name === undefined) {
    name = make(first, second);
    byFirst.set(second, name);
  }
  return name;
}

const slicesOf = new Map<SlicedValue, string[]>();

/** The names of a value's slices, by bit, made once. */
export function sliceNames(value: SlicedValue): readonly string[] {
  let names = slicesOf.get(value);
  if (!names) {
    names = Array.from({ length: value.bits }, (_, bit) => sliceFacet(value, bit));
    slicesOf.set(value, names);
  }
  return names;
}

function slice(visit: (facet: string) => void, value: SlicedValue, of: number | null | undefined) {
  if (of === null || of === undefined) return;
  const number = Number(of);
  if (!Number.isInteger(number) || number < 0 || number >= 2 ** value.bits) return;
  const slices = sliceNames(value);
  visit(value.name);
  for (let bit = 0, rest = number; rest > 0; bit++, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) visit(slices[bit]!);
  }
}
