import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readCountries, readStates } from '../../src/filters/load-geography.ts';

const require = createRequire(import.meta.url);

/** The country package's own answers, through its API (which loads every language it has). */
function countriesByThePackage() {
  const names = require('i18n-iso-countries');
  const perLanguage: Record<string, string[]>[] = names
    .langs()
    .map((lang: string) => names.getNames(lang, { select: 'all' }));
  return Object.keys(names.getAlpha2Codes()).map((id) => {
    const aliases = new Set<string>();
    const alpha3 = names.alpha2ToAlpha3(id);
    if (alpha3) aliases.add(alpha3);
    for (const language of perLanguage) for (const name of language[id] ?? []) aliases.add(name);
    return { id, name: names.getName(id, 'en') ?? id, aliases: [...aliases] };
  });
}

describe('readCountries', () => {
  it("reads the package's files to the same countries, names and aliases as its API gives", () => {
    const countries = readCountries();
    expect(countries).toEqual(countriesByThePackage());
    expect(countries).toHaveLength(250);
    const germany = countries.find((country) => country.id === 'DE')!;
    expect(germany.name).toBe('Germany');
    expect(germany.aliases).toEqual(expect.arrayContaining(['DEU', 'Deutschland', 'Allemagne']));
  });
});

describe('readStates', () => {
  it('reads every ISO 3166-2 subdivision with its parent and its other names', () => {
    const states = readStates();
    expect(states.length).toBeGreaterThan(5_000);
    expect(states.find((state) => state.id === 'US-CA')).toMatchObject({
      name: 'California',
      countryId: 'US',
    });
    const rhone = states.find((state) => state.id === 'FR-69')!;
    expect(rhone.parentId).toBe('FR-ARA');
    expect(states.some((state) => state.aliases.length > 0)).toBe(true);
  });
});
