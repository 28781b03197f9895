import { CityPack, type CityPopulations } from './city-pack.ts';
import type { CitySource } from './city-pack-format.ts';
import { OptionIndex, type OptionSearch } from './option-index.ts';
import { packCities } from './pack-cities.ts';

/** A country: ISO 3166-1 alpha-2 id (`DE`). */
export interface Country {
  id: string;
  name: string;
  aliases: readonly string[];
  /** Sum of its cities' populations: the weight used by audience selectivity. */
  population: number;
}

/** A subdivision: ISO 3166-2 id (`US-CA`); `parentId` is the enclosing subdivision, if any. */
export interface State {
  id: string;
  name: string;
  aliases: readonly string[];
  countryId: string;
  parentId?: string;
  population: number;
}

/** A city: GeoNames id as a string. `stateId` is its first-level subdivision when known. */
export interface City {
  id: string;
  name: string;
  countryId: string;
  stateId?: string;
  population: number;
}

export interface GeographySources {
  countries: readonly Omit<Country, 'population'>[];
  states: readonly Omit<State, 'population'>[];
  cities: readonly CitySource[];
}

/**
 * Countries, their subdivisions and their cities, indexed for option search. Cities are indexed
 * per country (every city search names one), ordered by population so bigger ones list first;
 * they live packed in a CityPack (city-pack.ts), not as objects.
 */
export interface Geography {
  countries: OptionIndex<Country>;
  statesByCountry: ReadonlyMap<string, OptionIndex<State>>;
  citiesByCountry: ReadonlyMap<string, OptionSearch<City>>;
  state(id: string): State | undefined;
  city(id: string): City | undefined;
  /**
   * Ranks (in the country's city index, so in population order) of the cities in a state or in
   * its subdivisions; computed at build so a state-narrowed search walks no hierarchy.
   */
  cityRanksInState(stateId: string): Int32Array;
  /** Total population of every city, the denominator of population shares. */
  worldPopulation: number;
}

const byPopulation = (a: { population: number; name: string }, b: typeof a) =>
  b.population - a.population || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** A geography from source lists (tests use small ones): the cities are packed as at run time. */
export function buildGeography(sources: GeographySources): Geography {
  const pack = new CityPack(packCities(sources.cities, sources.states));
  return geographyWith(sources.countries, sources.states, pack, () => pack);
}

/**
 * A geography over countries and states (small, kept as objects) and a packed city catalog,
 * whose populations are known at once and whose cities are read by `cities()` on first use: a
 * process that never names a city never holds the ~26 MB of them
 * (docs/decisions/0191-city-catalog-read-when-a-city-is-named.md).
 */
export function geographyWith(
  countrySources: GeographySources['countries'],
  stateSources: GeographySources['states'],
  populations: CityPopulations,
  cities: () => CityPack,
): Geography {
  const countries = countrySources
    .map((country) => ({ ...country, population: populations.countryPopulation(country.id) }))
    .sort(byPopulation);
  const statesByCountry = new Map<string, State[]>();
  for (const state of stateSources) {
    const list = statesByCountry.get(state.countryId) ?? [];
    list.push({ ...state, population: populations.statePopulation(state.id) });
    statesByCountry.set(state.countryId, list);
  }
  const stateIndexes = new Map(
    [...statesByCountry].map(([country, states]) => [
      country,
      new OptionIndex(states.sort(byPopulation)),
    ]),
  );
  return {
    countries: new OptionIndex(countries),
    statesByCountry: stateIndexes,
    get citiesByCountry() {
      return cities().countries;
    },
    state: (id) => stateIndexes.get(id.slice(0, 2))?.get(id),
    city: (id) => cities().city(id),
    cityRanksInState: (id) => cities().stateRanks(id),
    worldPopulation: populations.worldPopulation,
  };
}

/** Resolves `state_id` as given (`US-CA`) or as a bare code (`CA`) within a country. */
export function resolveStateId(
  geography: Geography,
  countryId: string,
  stateId: string,
): State | undefined {
  const states = geography.statesByCountry.get(countryId.toUpperCase());
  if (!states) return undefined;
  const code = stateId.trim().toUpperCase();
  return states.get(code) ?? states.get(`${countryId.toUpperCase()}-${code}`);
}

/** Whether a city lies in a state, directly or through the state's subdivisions. */
export function cityIsInState(geography: Geography, city: City, stateId: string): boolean {
  for (let id = city.stateId; id; id = geography.state(id)?.parentId) {
    if (id === stateId) return true;
  }
  return false;
}

/** Whether `inner` is `outer` or one of its subdivisions (FR-69 lies in FR-ARA). */
export function stateIsWithin(geography: Geography, inner: string, outer: string): boolean {
  for (let id: string | undefined = inner; id; id = geography.state(id)?.parentId) {
    if (id === outer) return true;
  }
  return false;
}

/**
 * `stateId` and every subdivision within it (FR-ARA and FR-01, FR-69, ...): the state ids a state
 * filter matches (matching.ts), listed so a database query can test them by equality.
 */
export function stateAndSubdivisions(geography: Geography, stateId: string): string[] {
  const ids = [stateId];
  const states = geography.statesByCountry.get(stateId.slice(0, 2));
  for (const state of states?.options ?? []) {
    if (state.id !== stateId && stateIsWithin(geography, state.id, stateId)) ids.push(state.id);
  }
  return ids;
}
