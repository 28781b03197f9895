import { filterDefinition } from './catalog.ts';
import type { Geography } from './geography.ts';
import { fixedOptionIndex } from './options.ts';

export interface FoundOption {
  id: string;
  name: string;
  /** For states and cities: the country, to tell same-named places apart in messages. */
  countryId?: string;
}

/** The option with this exact id, for any filter backed by an option list. */
export function findOption(
  geography: Geography,
  slug: string,
  id: string,
): FoundOption | undefined {
  const source = filterDefinition(slug)?.source;
  switch (source?.kind) {
    case 'fixed':
      return fixedOptionIndex(slug)?.get(id);
    case 'country':
      return geography.countries.get(id);
    case 'state':
      return geography.state(id);
    case 'city':
      return geography.city(id);
    default:
      return undefined;
  }
}

/**
 * Options whose id, name or alias equals `text` once normalized: what a caller who sent a name
 * (or a wrongly cased id) meant. Cities are looked for in `countryIds` when given, else anywhere.
 */
export function optionsNamed(
  geography: Geography,
  slug: string,
  text: string,
  countryIds: readonly string[] = [],
): FoundOption[] {
  const source = filterDefinition(slug)?.source;
  switch (source?.kind) {
    case 'fixed':
      return fixedOptionIndex(slug)?.exact(text) ?? [];
    case 'country':
      return geography.countries.exact(text);
    case 'state':
      return inCountries(geography.statesByCountry, countryIds).flatMap((index) =>
        index.exact(text),
      );
    case 'city':
      return inCountries(geography.citiesByCountry, countryIds).flatMap((index) =>
        index.exact(text),
      );
    default:
      return [];
  }
}

function inCountries<T>(byCountry: ReadonlyMap<string, T>, countryIds: readonly string[]): T[] {
  if (countryIds.length === 0) return [...byCountry.values()];
  return countryIds.flatMap((id) => {
    const index = byCountry.get(id);
    return index ? [index] : [];
  });
}
