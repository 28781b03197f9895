/**
 * Audience filters bound to the process-wide geography: what routes, opportunity validation,
 * pricing and the participant side call. The pure versions (taking a Geography) live in
 * src/filters; tests build small geographies for them.
 */
import { type AudiencePlan, audiencePlan as audiencePlanWith } from './audience-plan.ts';
import { CITY, COUNTRY, STATE } from './catalog.ts';
import { stateIsWithin, stateAndSubdivisions as subdivisionsWith } from './geography.ts';
import { geography } from './load-geography.ts';
import {
  type MatchContext,
  matchesFilters as matchesFiltersWith,
  type ParticipantProfile,
} from './matching.ts';
import { findOption } from './option-lookup.ts';
import { type OptionPage, type OptionQuery, searchOptions } from './options.ts';
import { validateProfileAttributes as validateProfileWith } from './profile-validation.ts';
import { type SelectivityShares, audienceSelectivity as selectivityWith } from './selectivity.ts';
import {
  type FilterValidationContext,
  type Issue,
  validateFilters as validateFiltersWith,
} from './validation.ts';

export {
  COUNTRY,
  type FilterCatalogEntry,
  type FilterOption,
  filterCatalog,
  filterDefinition,
  findFilter,
} from './catalog.ts';
export { prepareCityPack as prepareGeography } from './city-pack-file.ts';
export { geography as loadGeography } from './load-geography.ts';
export type { ParticipantProfile } from './matching.ts';
export type { OptionPage, OptionQuery } from './options.ts';
export type { Issue } from './validation.ts';
export { referencedGroupIds, referencedOpportunityIds } from './validation.ts';

/** Contract 4.3 option search; `undefined` for an unknown slug (the route answers 400). */
export function searchFilterOptions(slug: string, query: OptionQuery): OptionPage | undefined {
  return searchOptions(geography(), slug, query);
}

export function validateFilters(filters: unknown, context: FilterValidationContext): Issue[] {
  return validateFiltersWith(geography(), filters, context);
}

export function validateProfileAttributes(input: unknown): Issue[] {
  return validateProfileWith(geography(), input);
}

export function matchesFilters(
  profile: ParticipantProfile,
  filters: unknown,
  context: Omit<MatchContext, 'stateWithin'>,
): boolean {
  return matchesFiltersWith(profile, filters, matchContext(context));
}

/**
 * A context for many matches (matchesCompiledFilters), with the loaded geography's subdivisions:
 * made once per participant, not per study matched.
 */
export function matchContext(context: Omit<MatchContext, 'stateWithin'>): MatchContext {
  return { ...context, stateWithin: (inner, outer) => stateIsWithin(geography(), inner, outer) };
}

/** Population shares of places, from the cities' populations. */
export function placeShares(): SelectivityShares {
  const loaded = geography();
  const share = (population: number | undefined) =>
    population === undefined ? undefined : population / loaded.worldPopulation;
  return {
    placeShare: (slug, id) => {
      if (slug === COUNTRY) return share(loaded.countries.get(id)?.population);
      if (slug === STATE) return share(loaded.state(id)?.population);
      if (slug === CITY) return share(loaded.city(id)?.population);
      return undefined;
    },
  };
}

export function audienceSelectivity(filters: unknown): number {
  return selectivityWith(filters, placeShares());
}

/** The name of one option (a country, a city, a seniority), for showing a stored id to people. */
export function filterOptionName(slug: string, id: string): string | undefined {
  return findOption(geography(), slug, id)?.name;
}

const subdivisions = new Map<string, readonly string[]>();

/**
 * A state and every subdivision within it: the state ids a state filter matches. Remembered per
 * state (there are about 5,000), since the geography never changes while the process runs.
 */
export function stateAndSubdivisions(stateId: string): readonly string[] {
  let ids = subdivisions.get(stateId);
  if (!ids) {
    const loaded = geography();
    ids = subdivisionsWith(loaded, stateId);
    // Only states the geography knows are remembered, so unknown ids cannot grow the map.
    if (loaded.state(stateId)) subdivisions.set(stateId, ids);
  }
  return ids;
}

/** The filters as predicates a database query can test (audience-plan.ts), at `now`. */
export function audiencePlan(filters: unknown, now: Date): AudiencePlan {
  return audiencePlanWith(filters, { now, statesWithin: stateAndSubdivisions });
}
