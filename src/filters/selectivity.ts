import { filterClauses, idList } from './audience-filter.ts';
import {
  AGE,
  AGE_MAX,
  AGE_MIN,
  CITY,
  COUNTRY,
  EXCLUDE_GROUPS,
  EXCLUDE_PARTICIPANTS,
  filterDefinition,
  INCLUDE_GROUPS,
  INCLUDE_PARTICIPANTS,
  STATE,
} from './catalog.ts';

/**
 * Audience selectivity: the estimated share of a general panel matching `filters`, in
 * (0, 1]. Pricing uses it (a narrower audience costs more to recruit). Deterministic, and
 * monotone: adding a filter, an operator or narrowing a range never raises it, because
 *
 *   selectivity = max(FLOOR, location x age x product of attribute factors x reference factors)
 *
 * - location: the smallest population share among every country, state and city `$in` filter
 *   (each the summed share of its ids): the filters are ANDed and a city already implies its
 *   state and country, so multiplying them would count the same narrowing twice. A smaller set
 *   of candidates can only lower a minimum.
 * - age: the panel share inside the intersection of every `$gte`/`$lte` (PANEL_AGE_BANDS).
 * - attribute `$in`: the summed panel share of the ids (capped at 1); `$nin`: 1 minus it.
 *   Different attributes are taken as independent, so factors multiply; each is at most 1.
 * - reference: include keeps INCLUDE_SHARE_PER_OPPORTUNITY per listed opportunity (at most
 *   INCLUDE_SHARE_MAX); exclude removes EXCLUDE_SHARE_PER_OPPORTUNITY per listed opportunity
 *   (keeping at least EXCLUDE_KEEP_MIN). A participant group counts as one listed opportunity,
 *   whose people a group usually holds.
 * Filters that are not of a known shape count as 1 (they are validated before pricing).
 */
export const SELECTIVITY_FLOOR = 1e-6;
export const INCLUDE_SHARE_PER_OPPORTUNITY = 0.02;
export const INCLUDE_SHARE_MAX = 0.5;
export const EXCLUDE_SHARE_PER_OPPORTUNITY = 0.02;
export const EXCLUDE_KEEP_MIN = 0.5;

/** Share of a general online panel by age band (inclusive years); the rest of the band's share is spread evenly. */
export const PANEL_AGE_BANDS: readonly { from: number; to: number; share: number }[] = [
  { from: 18, to: 24, share: 0.16 },
  { from: 25, to: 34, share: 0.24 },
  { from: 35, to: 44, share: 0.2 },
  { from: 45, to: 54, share: 0.16 },
  { from: 55, to: 64, share: 0.13 },
  { from: 65, to: AGE_MAX, share: 0.11 },
];

export interface SelectivityShares {
  /** Population share (0 to 1) of a country, state or city option; undefined when unknown. */
  placeShare(slug: string, id: string): number | undefined;
}

const NO_PLACES: SelectivityShares = { placeShare: () => undefined };
const LOCATION_SLUGS = new Set([COUNTRY, STATE, CITY]);

export function audienceSelectivity(
  filters: unknown,
  shares: SelectivityShares = NO_PLACES,
): number {
  let location = 1;
  let others = 1;
  let ageFrom = AGE_MIN;
  let ageTo = AGE_MAX;
  for (const { slug, operators } of filterClauses(filters)) {
    const definition = filterDefinition(slug);
    if (!definition) continue;
    for (const [operator, operand] of Object.entries(operators)) {
      if (slug === AGE && typeof operand === 'number') {
        if (operator === '$gte') ageFrom = Math.max(ageFrom, operand);
        if (operator === '$lte') ageTo = Math.min(ageTo, operand);
        continue;
      }
      const ids = [...new Set(idList(operand))];
      if ((slug === INCLUDE_PARTICIPANTS || slug === INCLUDE_GROUPS) && operator === '$in') {
        others *= Math.min(INCLUDE_SHARE_MAX, INCLUDE_SHARE_PER_OPPORTUNITY * ids.length);
      } else if ((slug === EXCLUDE_PARTICIPANTS || slug === EXCLUDE_GROUPS) && operator === '$in') {
        others *= Math.max(EXCLUDE_KEEP_MIN, 1 - EXCLUDE_SHARE_PER_OPPORTUNITY * ids.length);
      } else if (definition.entry.type === 'multi_select') {
        const held = Math.min(
          1,
          ids.reduce((sum, id) => sum + optionShare(slug, id, shares), 0),
        );
        if (operator === '$in' && LOCATION_SLUGS.has(slug)) location = Math.min(location, held);
        else if (operator === '$in') others *= held;
        else if (operator === '$nin') others *= 1 - held;
      }
    }
  }
  return Math.max(SELECTIVITY_FLOOR, location * ageShare(ageFrom, ageTo) * others);
}

function optionShare(slug: string, id: string, shares: SelectivityShares): number {
  if (LOCATION_SLUGS.has(slug)) return clampShare(shares.placeShare(slug, id) ?? 0);
  const source = filterDefinition(slug)?.source;
  if (source?.kind !== 'fixed') return 0;
  return clampShare(source.options.find((option) => option.id === id)?.share ?? 0);
}

const clampShare = (share: number) =>
  Number.isFinite(share) ? Math.min(1, Math.max(0, share)) : 0;

/** Panel share aged `from` to `to` inclusive (whole years). */
export function ageShare(from: number, to: number): number {
  let share = 0;
  for (const band of PANEL_AGE_BANDS) {
    const low = Math.max(band.from, Math.ceil(from));
    const high = Math.min(band.to, Math.floor(to));
    if (high >= low) share += (band.share * (high - low + 1)) / (band.to - band.from + 1);
  }
  return Math.min(1, share);
}
