import { beforeAll, describe, expect, it } from 'vitest';
import {
  audienceSelectivity,
  filterCatalog,
  loadGeography,
  searchFilterOptions,
  validateFilters,
} from './geography-filters.ts';

/** The real data, loaded once for this file (a few seconds). */
beforeAll(() => {
  loadGeography();
}, 60_000);

const first = (
  slug: string,
  query: Omit<Parameters<typeof searchFilterOptions>[1], 'page' | 'perPage'>,
) => searchFilterOptions(slug, { page: 1, perPage: 5, ...query })!.data[0];

describe('audience filters on the real geography', () => {
  it('holds every ISO 3166-1 country and the subdivisions of each', () => {
    const countries = searchFilterOptions('multi_select--country', { page: 1, perPage: 100 })!;
    expect(countries.total).toBeGreaterThanOrEqual(249);
    expect(
      searchFilterOptions('multi_select--state', { page: 1, perPage: 100, countryId: 'US' })!.total,
    ).toBeGreaterThanOrEqual(50);
    expect(
      searchFilterOptions('multi_select--state', { page: 1, perPage: 100, countryId: 'FR' })!.total,
    ).toBeGreaterThan(100);
  });

  it('finds places by names in other languages and without accents', () => {
    expect(first('multi_select--country', { search: 'deutschland' })).toEqual({
      id: 'DE',
      name: 'Germany',
    });
    expect(first('multi_select--country', { search: 'Allemagne' })?.id).toBe('DE');
    expect(first('multi_select--city', { search: 'sao paulo', countryId: 'BR' })).toEqual({
      id: '3448439',
      name: 'São Paulo',
    });
    expect(first('multi_select--city', { search: 'munich', countryId: 'DE' })?.id).toBe('2867714');
    expect(first('multi_select--city', { search: 'münchen', countryId: 'DE' })?.id).toBe('2867714');
    expect(first('multi_select--state', { search: 'bavaria', countryId: 'DE' })?.id).toBe('DE-BY');
  });

  it('narrows cities by state, given as an option id or a bare code', () => {
    expect(first('multi_select--city', { countryId: 'US', stateId: 'US-CA' })?.name).toBe(
      'Los Angeles',
    );
    expect(
      first('multi_select--city', { countryId: 'US', stateId: 'TX', search: 'san' })?.name,
    ).toBe('San Antonio');
    expect(first('multi_select--city', { countryId: 'DE', stateId: 'BY' })?.name).toBe('Munich');
  });

  it('covers every city with more than 15,000 people, with a state for most', () => {
    const cities = searchFilterOptions('multi_select--city', {
      page: 1,
      perPage: 1,
      countryId: 'DE',
    })!;
    expect(cities.total).toBeGreaterThan(2000);
  });

  it('validates and prices with the real data', () => {
    expect(
      validateFilters(
        [
          { 'multi_select--country': { $in: ['US'] } },
          { 'multi_select--state': { $in: ['US-CA'] } },
          { 'multi_select--city': { $in: ['5391959'] } },
        ],
        { knownOpportunityIds: new Set() },
      ),
    ).toEqual([]);
    const us = audienceSelectivity([{ 'multi_select--country': { $in: ['US'] } }]);
    const california = audienceSelectivity([
      { 'multi_select--country': { $in: ['US'] } },
      { 'multi_select--state': { $in: ['US-CA'] } },
    ]);
    expect(us).toBeGreaterThan(0.01);
    expect(california).toBeLessThan(us);
    expect(filterCatalog().length).toBeGreaterThan(10);
  });
});
