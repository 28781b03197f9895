import { type FilterOption, filterDefinition } from './catalog.ts';
import { type Geography, resolveStateId } from './geography.ts';
import { type IndexedOption, OptionIndex, type OptionSearch } from './option-index.ts';

export interface OptionQuery {
  search?: string;
  /** 1-based; the route checks the contract's bounds. */
  page: number;
  perPage: number;
  countryId?: string;
  stateId?: string;
}

export interface OptionPage {
  data: FilterOption[];
  /** Matches across all pages. */
  total: number;
}

const fixedIndexes = new Map<string, OptionIndex<IndexedOption>>();

/** The index of a fixed option list, built on first use and kept (the lists never change). */
export function fixedOptionIndex(slug: string): OptionIndex<IndexedOption> | undefined {
  const source = filterDefinition(slug)?.source;
  if (source?.kind !== 'fixed') return undefined;
  let index = fixedIndexes.get(slug);
  if (!index) {
    index = new OptionIndex(source.options.map(({ id, name }) => ({ id, name, aliases: [] })));
    fixedIndexes.set(slug, index);
  }
  return index;
}

const EMPTY: OptionPage = { data: [], total: 0 };

/**
 * Contract 4.3: one page of a filter's options matching `search`. States need a country; cities
 * need a country and may be narrowed to a state (`US-CA` or `CA`). `undefined` for an unknown
 * slug (a 400 for the route).
 */
export function searchOptions(
  geography: Geography,
  slug: string,
  query: OptionQuery,
): OptionPage | undefined {
  const definition = filterDefinition(slug);
  if (!definition) return undefined;
  const source = definition.source;
  if (!source) return EMPTY;
  const search = query.search ?? '';
  const countryId = query.countryId?.trim().toUpperCase();
  switch (source.kind) {
    case 'fixed':
      return page(fixedOptionIndex(slug)!, fixedOptionIndex(slug)!.search(search), query);
    case 'country':
      return page(geography.countries, geography.countries.search(search), query);
    case 'state': {
      const states = countryId ? geography.statesByCountry.get(countryId) : undefined;
      return states ? page(states, states.search(search), query) : EMPTY;
    }
    case 'city': {
      const cities = countryId ? geography.citiesByCountry.get(countryId) : undefined;
      if (!cities || !countryId) return EMPTY;
      if (!query.stateId) return page(cities, cities.search(search), query);
      const state = resolveStateId(geography, countryId, query.stateId);
      if (!state) return EMPTY;
      const ranks = geography.cityRanksInState(state.id);
      if (!search.trim()) return page(cities, Array.from(ranks), query);
      const inState = new Set(ranks);
      return page(
        cities,
        cities.search(search, (rank) => inState.has(rank)),
        query,
      );
    }
  }
}

function page<T extends { id: string; name: string }>(
  index: OptionSearch<T>,
  ranks: number[],
  query: OptionQuery,
): OptionPage {
  const start = (query.page - 1) * query.perPage;
  const data = ranks.slice(start, start + query.perPage).map((rank) => {
    const option = index.option(rank);
    return { id: option.id, name: option.name };
  });
  return { data, total: ranks.length };
}
