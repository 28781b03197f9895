import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureGeography } from '../../test/filters/geography.fixture.ts';
import { filterCatalog } from './catalog.ts';
import { searchOptions } from './options.ts';

const geography = fixtureGeography();
const all = { page: 1, perPage: 100 };
const ids = (slug: string, query: Parameters<typeof searchOptions>[2]) =>
  searchOptions(geography, slug, query)?.data.map((option) => option.id);

describe('searchOptions', () => {
  it('matches names, alternate names and ids ignoring case and accents', () => {
    expect(ids('multi_select--city', { ...all, search: 'sao paulo', countryId: 'BR' })).toEqual([
      '3448439',
    ]);
    expect(ids('multi_select--city', { ...all, search: 'munich', countryId: 'DE' })).toEqual([
      '2867714',
    ]);
    expect(ids('multi_select--city', { ...all, search: 'MÜNCH', countryId: 'DE' })).toEqual([
      '2867714',
    ]);
    expect(ids('multi_select--country', { ...all, search: 'deutschland' })).toEqual(['DE']);
    expect(ids('multi_select--country', { ...all, search: 'de' })).toEqual(['DE']);
    expect(ids('multi_select--state', { ...all, search: 'bavaria', countryId: 'DE' })).toEqual([
      'DE-BY',
    ]);
    expect(ids('multi_select--seniority', { ...all, search: 'VICE' })).toEqual(['vice_president']);
  });

  it('needs a country for states and cities, and narrows cities by a state id or bare code', () => {
    expect(searchOptions(geography, 'multi_select--state', all)).toEqual({ data: [], total: 0 });
    expect(searchOptions(geography, 'multi_select--city', { ...all, search: 'san' })).toEqual({
      data: [],
      total: 0,
    });
    expect(ids('multi_select--state', { ...all, countryId: 'us' })).toEqual(['US-NY', 'US-CA']);
    expect(ids('multi_select--city', { ...all, countryId: 'US', stateId: 'US-CA' })).toEqual([
      '5368361',
      '5392171',
      '5391959',
    ]);
    expect(
      ids('multi_select--city', { ...all, countryId: 'US', stateId: 'ca', search: 'san' }),
    ).toEqual(['5392171', '5391959']);
    expect(ids('multi_select--city', { ...all, countryId: 'US', stateId: 'ZZ' })).toEqual([]);
    expect(ids('multi_select--city', { ...all, countryId: 'FR', stateId: 'FR-ARA' })).toEqual([
      '2996944',
    ]);
  });

  it('lists larger cities first', () => {
    expect(ids('multi_select--city', { ...all, countryId: 'US' })).toEqual([
      '5128581',
      '5368361',
      '5392171',
      '5391959',
    ]);
  });

  it('answers an empty list for filters without options and undefined for unknown slugs', () => {
    expect(searchOptions(geography, 'integer--age', all)).toEqual({ data: [], total: 0 });
    expect(searchOptions(geography, 'reference--include_participants', all)).toEqual({
      data: [],
      total: 0,
    });
    expect(searchOptions(geography, 'multi_select--nope', all)).toBeUndefined();
  });

  it('pages: concatenated pages equal the full result and total counts every match', () => {
    const slugs = filterCatalog().flatMap((entry) => (entry.options_url ? [entry.slug] : []));
    fc.assert(
      fc.property(
        fc.constantFrom(...slugs),
        fc.constantFrom('', 'a', 's', 'san', 'e', 'de'),
        fc.constantFrom(undefined, 'US', 'DE', 'BR', 'FR'),
        fc.integer({ min: 1, max: 7 }),
        (slug, search, countryId, perPage) => {
          const full = searchOptions(geography, slug, {
            search,
            countryId,
            page: 1,
            perPage: 1000,
          })!;
          const pages = [];
          for (let page = 1; page <= Math.ceil(full.total / perPage) + 1; page++) {
            const result = searchOptions(geography, slug, { search, countryId, page, perPage })!;
            expect(result.total).toBe(full.total);
            expect(result.data.length).toBeLessThanOrEqual(perPage);
            pages.push(...result.data);
          }
          expect(pages).toEqual(full.data);
          expect(full.data.length).toBe(full.total);
        },
      ),
    );
  });
});
