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
}

/** YYYY-MM-DD as year × 512 + month × 32 + day: 23 bits, ordered as the text is. */
export const BIRTH_DATE: SlicedValue = { name: 'b', bits: 23 };
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
  if (person.status !== 'active' || Number(person.is_test) !== 0) return [];
  const facets = [ELIGIBLE];
  for (const column of ['country_id', 'state_id', 'city_id'] as const) {
    const id = person[column];
    if (id !== null && id !== undefined) facets.push(placeFacet(column, id));
  }
  for (const [slug, optionId] of attributes) facets.push(optionFacet(slug, optionId));
  slice(facets, BIRTH_DATE, dateNumber(person.birth_date));
  slice(facets, APPROVAL_RATE, person.approval_rate);
  slice(facets, APPROVED_SUBMISSIONS, person.approved_submissions);
  slice(facets, NO_SHOWS, person.no_shows);
  return facets;
}

function slice(facets: string[], value: SlicedValue, of: number | null | undefined): void {
  if (of === null || of === undefined) return;
  const number = Number(of);
  if (!Number.isInteger(number) || number < 0 || number >= 2 ** value.bits) return;
  facets.push(value.name);
  for (let bit = 0; bit < value.bits; bit++) {
    if (Math.floor(number / 2 ** bit) % 2 === 1) facets.push(sliceFacet(value, bit));
  }
}
