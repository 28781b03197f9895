/**
 * Lays the city catalog out as a pack (city-pack-format.ts): run once per installation by
 * build-city-pack.ts, and by buildGeography for the small geographies of tests.
 */
import {
  align8,
  CITY_PACK_FORMAT,
  type CitySource,
  type PackedCountry,
  type PackHeader,
  SECTIONS,
  type SectionName,
  type StateLink,
} from './city-pack-format.ts';
import { optionKeys } from './option-index.ts';

const byPopulation = (a: { population: number; name: string }, b: typeof a) =>
  b.population - a.population || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Packs cities (and the state hierarchy their populations and state lists roll up through). */
export function packCities(cities: readonly CitySource[], states: readonly StateLink[]): Buffer {
  const parentOf = new Map(states.map((state) => [state.id, state.parentId]));
  const byCountry = new Map<string, CitySource[]>();
  for (const city of cities) {
    const list = byCountry.get(city.countryId) ?? [];
    list.push(city);
    byCountry.set(city.countryId, list);
  }
  const countryIds = [...byCountry.keys()].sort(byString);
  const ordered: CitySource[] = [];
  const countries: PackedCountry[] = [];
  for (const id of countryIds) {
    const list = byCountry.get(id)!.sort(byPopulation);
    countries.push({
      id,
      cityStart: ordered.length,
      cityCount: list.length,
      keyStart: 0,
      keyCount: 0,
      population: list.reduce((sum, city) => sum + city.population, 0),
    });
    ordered.push(...list);
  }

  const stateIndex = new Map<string, number>();
  const statePopulation: Record<string, number> = {};
  const ranksByState = new Map<string, number[]>();
  const cityState = new Int32Array(ordered.length);
  const cityCountry = new Uint16Array(ordered.length);
  const population = new Float64Array(ordered.length);
  let worldPopulation = 0;
  countries.forEach((country, countryAt) => {
    for (let rank = 0; rank < country.cityCount; rank++) {
      const at = country.cityStart + rank;
      const city = ordered[at]!;
      worldPopulation += city.population;
      population[at] = city.population;
      cityCountry[at] = countryAt;
      cityState[at] = -1;
      if (city.stateId) {
        if (!stateIndex.has(city.stateId)) stateIndex.set(city.stateId, stateIndex.size);
        cityState[at] = stateIndex.get(city.stateId)!;
      }
      for (let id = city.stateId; id; id = parentOf.get(id)) {
        statePopulation[id] = (statePopulation[id] ?? 0) + city.population;
        const ranks = ranksByState.get(id) ?? [];
        ranks.push(rank);
        ranksByState.set(id, ranks);
      }
    }
  });

  const strings: string[] = [];
  for (const city of ordered) strings.push(city.id, city.name);
  const keyOwner: number[] = [];
  const keyKind: number[] = [];
  for (const country of countries) {
    const keys: string[] = [];
    const owners: number[] = [];
    const kinds: number[] = [];
    for (let rank = 0; rank < country.cityCount; rank++) {
      for (const [key, kind] of optionKeys(ordered[country.cityStart + rank]!)) {
        keys.push(key);
        owners.push(rank);
        kinds.push(kind);
      }
    }
    const order = Array.from(keys.keys()).sort(
      (a, b) => byString(keys[a]!, keys[b]!) || owners[a]! - owners[b]!,
    );
    country.keyStart = keyOwner.length;
    country.keyCount = order.length;
    for (const at of order) {
      strings.push(keys[at]!);
      keyOwner.push(owners[at]!);
      keyKind.push(kinds[at]!);
    }
  }

  const offsets = new Int32Array(strings.length + 1);
  for (let at = 0; at < strings.length; at++) {
    offsets[at + 1] = offsets[at]! + Buffer.byteLength(strings[at]!);
  }
  const text = Buffer.alloc(offsets[strings.length]!);
  for (const [at, value] of strings.entries()) text.write(value, offsets[at]!);

  const idOrder = Int32Array.from(ordered.keys()).sort((a, b) =>
    byString(ordered[a]!.id, ordered[b]!.id),
  );
  const stateRanks: Record<string, [number, number]> = {};
  const rankList: number[] = [];
  for (const [id, ranks] of ranksByState) {
    stateRanks[id] = [rankList.length, ranks.length];
    rankList.push(...ranks);
  }

  const data: Record<SectionName, ArrayBufferView> = {
    text,
    offsets,
    cityState,
    cityCountry,
    population,
    idOrder,
    keyOwner: Int32Array.from(keyOwner),
    keyKind: Uint8Array.from(keyKind),
    stateRanks: Int32Array.from(rankList),
  };
  const sections = {} as Record<SectionName, [number, number]>;
  let end = 0;
  for (const name of SECTIONS) {
    sections[name] = [end, data[name].byteLength];
    end = align8(end + data[name].byteLength);
  }
  const header: PackHeader = {
    format: CITY_PACK_FORMAT,
    cityCount: ordered.length,
    keyCount: keyOwner.length,
    worldPopulation,
    countries,
    states: [...stateIndex.keys()],
    statePopulation,
    stateRanks,
    sections,
  };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const base = align8(4 + headerBytes.length);
  const packed = Buffer.alloc(base + end);
  packed.writeUInt32LE(headerBytes.length, 0);
  headerBytes.copy(packed, 4);
  for (const name of SECTIONS) {
    const view = data[name];
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    packed.set(bytes, base + sections[name][0]);
  }
  return packed;
}
