import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CityPack, PackPopulations, parsePackHeader } from './city-pack.ts';
import type { CitySource } from './city-pack-format.ts';
import { geographyWith } from './geography.ts';
import { OptionIndex } from './option-index.ts';
import { packCities } from './pack-cities.ts';

const WORDS = [
  'san',
  'sao',
  'são',
  'paulo',
  'münchen',
  'new',
  'york',
  'łódź',
  'st',
  'Ñandú',
  '東京',
];
const text = fc
  .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 })
  .map((words) => words.join(' '));
const STATES = [{ id: 'AA-1' }, { id: 'AA-2', parentId: 'AA-1' }, { id: 'BB-1' }];
const cities = fc
  .uniqueArray(
    fc.record({
      name: text,
      aliases: fc.array(text, { maxLength: 2 }),
      countryId: fc.constantFrom('AA', 'BB'),
      stateId: fc.option(fc.constantFrom('AA-1', 'AA-2', 'BB-1'), { nil: undefined }),
      population: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 30, selector: (city) => city.name },
  )
  .map((list) =>
    list.map(
      ({ stateId, ...city }, at): CitySource => ({
        id: String(1000 + at * 7),
        ...city,
        // A city's state lies in its country.
        ...(stateId?.startsWith(city.countryId) ? { stateId } : {}),
      }),
    ),
  );
const query = fc.oneof(
  text,
  fc.constantFrom('', 's', 'SA', 'Sao P', 'york', '1007', 'lodz', 'zzz'),
);

/** What OptionIndex would answer for one country's cities, in the pack's population order. */
function reference(list: readonly CitySource[], countryId: string) {
  const inCountry = list
    .filter((city) => city.countryId === countryId)
    .sort(
      (a, b) => b.population - a.population || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
  return new OptionIndex(inCountry);
}

describe('CityPack', () => {
  it('searches each country exactly as an OptionIndex over its cities does', () => {
    fc.assert(
      fc.property(cities, query, fc.constantFrom('AA', 'BB'), (list, q, countryId) => {
        const pack = new CityPack(packCities(list, STATES));
        const packed = pack.countries.get(countryId);
        const expected = reference(list, countryId);
        if (!packed) {
          expect(expected.size).toBe(0);
          return;
        }
        const ids = (ranks: number[], get: (rank: number) => { id: string }) =>
          ranks.map((rank) => get(rank).id);
        expect(ids(packed.search(q), (r) => packed.option(r))).toEqual(
          ids(expected.search(q), (r) => expected.option(r)),
        );
        const odd = (rank: number) => rank % 2 === 1;
        expect(packed.search(q, odd)).toEqual(expected.search(q, odd));
        expect(packed.exact(q).map((city) => city.id)).toEqual(
          expected.exact(q).map((city) => city.id),
        );
      }),
    );
  });

  it('finds every city by id with its fields, and nothing for an unknown id', () => {
    fc.assert(
      fc.property(cities, (list) => {
        const pack = new CityPack(packCities(list, STATES));
        for (const { aliases: _, ...city } of list) {
          expect(pack.city(city.id)).toEqual(city);
          expect(pack.countries.get(city.countryId)?.get(city.id)).toEqual(city);
        }
        expect(pack.city('999')).toBeUndefined();
      }),
    );
  });

  it('rolls populations and city lists up through the state hierarchy', () => {
    fc.assert(
      fc.property(cities, (list) => {
        const pack = new CityPack(packCities(list, STATES));
        const sum = (keep: (city: CitySource) => boolean) =>
          list.filter(keep).reduce((total, city) => total + city.population, 0);
        expect(pack.worldPopulation).toBe(sum(() => true));
        expect(pack.statePopulation('AA-1')).toBe(
          sum((city) => city.stateId === 'AA-1' || city.stateId === 'AA-2'),
        );
        expect(pack.statePopulation('AA-2')).toBe(sum((city) => city.stateId === 'AA-2'));
        const index = pack.countries.get('AA');
        const inAa1 = [...pack.stateRanks('AA-1')].map((rank) => index!.option(rank).id).sort();
        expect(inAa1).toEqual(
          list
            .filter((city) => city.stateId === 'AA-1' || city.stateId === 'AA-2')
            .map((city) => city.id)
            .sort(),
        );
      }),
    );
  });

  it('gives every population from its header alone, as the whole pack does', () => {
    fc.assert(
      fc.property(cities, (list) => {
        const bytes = packCities(list, STATES);
        const pack = new CityPack(bytes);
        const header = parsePackHeader(bytes.subarray(4, 4 + bytes.readUInt32LE(0)));
        const populations = new PackPopulations(header);
        expect(populations.worldPopulation).toBe(pack.worldPopulation);
        for (const id of ['AA', 'BB', 'CC']) {
          expect(populations.countryPopulation(id)).toBe(pack.countryPopulation(id));
        }
        for (const { id } of [...STATES, { id: 'CC-1' }]) {
          expect(populations.statePopulation(id)).toBe(pack.statePopulation(id));
        }
      }),
    );
  });
});

/** docs/decisions/0191-city-catalog-read-when-a-city-is-named.md */
describe('a geography over a packed city catalog', () => {
  it('reads the cities only when a city is named or searched', () => {
    const list: CitySource[] = [
      { id: '1', name: 'Augsburg', aliases: [], countryId: 'AA', stateId: 'AA-1', population: 5 },
      { id: '2', name: 'Bamberg', aliases: [], countryId: 'BB', stateId: 'BB-1', population: 3 },
    ];
    const bytes = packCities(list, STATES);
    const header = parsePackHeader(bytes.subarray(4, 4 + bytes.readUInt32LE(0)));
    let reads = 0;
    const geography = geographyWith(
      [
        { id: 'AA', name: 'Aland', aliases: [] },
        { id: 'BB', name: 'Bland', aliases: [] },
      ],
      STATES.map((state) => ({
        ...state,
        name: state.id,
        aliases: [],
        countryId: state.id.slice(0, 2),
      })),
      new PackPopulations(header),
      () => {
        reads++;
        return new CityPack(bytes);
      },
    );
    expect(geography.countries.get('AA')?.population).toBe(5);
    expect(geography.state('AA-1')?.population).toBe(5);
    expect(geography.worldPopulation).toBe(8);
    expect(reads).toBe(0);
    expect(geography.city('2')?.name).toBe('Bamberg');
    expect(reads).toBe(1);
    expect(geography.citiesByCountry.get('AA')?.search('aug')).toEqual([0]);
  });
});
