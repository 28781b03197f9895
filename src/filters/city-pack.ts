/**
 * The packed city catalog (city-pack-format.ts), searched in place: no JavaScript object per city
 * or per name lives on the heap. As objects (OptionIndex) the catalog took ~200 MB of heap and
 * 2.1 s to build in every process; the pack is ~27 MB of typed arrays read from a file in tens of
 * milliseconds (docs/decisions/0121-city-catalog-packed-file-read-in-place.md). It answers exactly
 * as an OptionIndex over the same cities would (city-pack.test.ts checks it).
 */
import {
  align8,
  CITY_PACK_FORMAT,
  type PackedCountry,
  type PackHeader,
  type SectionName,
} from './city-pack-format.ts';
import type { City } from './geography.ts';
import { normalizeText } from './normalize.ts';
import { KEY_KIND, matchTier, type OptionSearch, orderByTier } from './option-index.ts';

/** The populations the pack's header holds: what a geography needs before any city is asked. */
export interface CityPopulations {
  readonly worldPopulation: number;
  countryPopulation(id: string): number;
  statePopulation(id: string): number;
}

/** A pack's header (the JSON after its length), checked to be of the format this code reads. */
export function parsePackHeader(bytes: Buffer): PackHeader {
  const header = JSON.parse(bytes.toString('utf8')) as PackHeader;
  if (header.format !== CITY_PACK_FORMAT) {
    throw new Error(`city pack format ${header.format}, expected ${CITY_PACK_FORMAT}`);
  }
  return header;
}

/** The populations of a pack read from its header alone (~170 KB of the ~26 MB file). */
export class PackPopulations implements CityPopulations {
  readonly worldPopulation: number;
  readonly #countries: Map<string, number>;
  readonly #states: Record<string, number>;

  constructor(header: PackHeader) {
    this.worldPopulation = header.worldPopulation;
    this.#countries = new Map(header.countries.map((country) => [country.id, country.population]));
    this.#states = header.statePopulation;
  }

  countryPopulation(id: string): number {
    return this.#countries.get(id) ?? 0;
  }

  statePopulation(id: string): number {
    return this.#states[id] ?? 0;
  }
}

/** A packed city catalog, read in place. */
export class CityPack implements CityPopulations {
  readonly worldPopulation: number;
  readonly countries: ReadonlyMap<string, PackedCityIndex>;
  private readonly header: PackHeader;
  private readonly text: Buffer;
  private readonly offsets: Int32Array;
  private readonly cityState: Int32Array;
  private readonly cityCountry: Uint16Array;
  private readonly population: Float64Array;
  private readonly idOrder: Int32Array;
  readonly keyOwner: Int32Array;
  readonly keyKind: Uint8Array;
  private readonly stateRankList: Int32Array;
  /** Per-city scratch for de-duplicating one search's matches; `generation` marks whose. */
  readonly seen: Uint32Array;
  readonly bestTier: Uint8Array;
  private generation = 0;

  constructor(bytes: Uint8Array) {
    // Typed array views need aligned offsets; a file read into a fresh buffer starts at 0.
    const source = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
    const headerLength = Buffer.from(source.buffer, source.byteOffset, 4).readUInt32LE(0);
    this.header = parsePackHeader(Buffer.from(source.buffer, source.byteOffset + 4, headerLength));
    const base = source.byteOffset + align8(4 + headerLength);
    const at = (name: SectionName) => base + this.header.sections[name][0];
    const count = (name: SectionName, size: number) => this.header.sections[name][1] / size;
    const buffer = source.buffer;
    this.text = Buffer.from(buffer, at('text'), this.header.sections.text[1]);
    this.offsets = new Int32Array(buffer, at('offsets'), count('offsets', 4));
    this.cityState = new Int32Array(buffer, at('cityState'), count('cityState', 4));
    this.cityCountry = new Uint16Array(buffer, at('cityCountry'), count('cityCountry', 2));
    this.population = new Float64Array(buffer, at('population'), count('population', 8));
    this.idOrder = new Int32Array(buffer, at('idOrder'), count('idOrder', 4));
    this.keyOwner = new Int32Array(buffer, at('keyOwner'), count('keyOwner', 4));
    this.keyKind = new Uint8Array(buffer, at('keyKind'), count('keyKind', 1));
    this.stateRankList = new Int32Array(buffer, at('stateRanks'), count('stateRanks', 4));
    this.worldPopulation = this.header.worldPopulation;
    this.seen = new Uint32Array(this.header.cityCount);
    this.bestTier = new Uint8Array(this.header.cityCount);
    this.countries = new Map(
      this.header.countries.map((country) => [country.id, new PackedCityIndex(this, country)]),
    );
  }

  get cityCount(): number {
    return this.header.cityCount;
  }

  countryPopulation(id: string): number {
    return this.countries.get(id)?.population ?? 0;
  }

  statePopulation(id: string): number {
    return this.header.statePopulation[id] ?? 0;
  }

  stateRanks(stateId: string): Int32Array {
    const [start, count] = this.header.stateRanks[stateId] ?? [0, 0];
    return this.stateRankList.subarray(start, start + count);
  }

  /** The city with this GeoNames id, anywhere. */
  city(id: string): City | undefined {
    const at = this.cityAt(id);
    return at === undefined ? undefined : this.decodeCity(at);
  }

  /** Global index of the city with this id (binary search over idOrder). */
  cityAt(id: string): number | undefined {
    let low = 0;
    let high = this.idOrder.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.string(2 * this.idOrder[middle]!) < id) low = middle + 1;
      else high = middle;
    }
    const at = this.idOrder[low];
    return at !== undefined && this.string(2 * at) === id ? at : undefined;
  }

  decodeCity(at: number): City {
    const state = this.cityState[at]!;
    return {
      id: this.string(2 * at),
      name: this.string(2 * at + 1),
      countryId: this.header.countries[this.cityCountry[at]!]!.id,
      ...(state >= 0 ? { stateId: this.header.states[state]! } : {}),
      population: this.population[at]!,
    };
  }

  string(index: number): string {
    return this.text.toString('utf8', this.offsets[index]!, this.offsets[index + 1]!);
  }

  /** String index of global key `key`. */
  keyString(key: number): number {
    return 2 * this.header.cityCount + key;
  }

  /** Whether key `key`'s bytes start with `prefix` (UTF-8), and whether they are all of it. */
  keyMatch(key: number, prefix: Uint8Array): 0 | 1 | 2 {
    const index = this.keyString(key);
    const start = this.offsets[index]!;
    const length = this.offsets[index + 1]! - start;
    if (length < prefix.length) return 0;
    for (let at = 0; at < prefix.length; at++) {
      if (this.text[start + at] !== prefix[at]) return 0;
    }
    return length === prefix.length ? 2 : 1;
  }

  nextGeneration(): number {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.seen.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}

/** One country's cities in a CityPack, searched like an OptionIndex over them. */
export class PackedCityIndex implements OptionSearch<City> {
  readonly size: number;
  readonly population: number;
  private readonly pack: CityPack;
  private readonly cityStart: number;
  private readonly keyStart: number;
  private readonly keyEnd: number;

  constructor(pack: CityPack, country: PackedCountry) {
    this.pack = pack;
    this.size = country.cityCount;
    this.population = country.population;
    this.cityStart = country.cityStart;
    this.keyStart = country.keyStart;
    this.keyEnd = country.keyStart + country.keyCount;
  }

  option(rank: number): City {
    return this.pack.decodeCity(this.cityStart + rank);
  }

  get(id: string): City | undefined {
    const at = this.pack.cityAt(id);
    if (at === undefined || at < this.cityStart || at >= this.cityStart + this.size) return;
    return this.pack.decodeCity(at);
  }

  /** As OptionIndex.search. */
  search(query: string, accept?: (rank: number) => boolean): number[] {
    const normalized = normalizeText(query);
    if (!normalized) {
      const all: number[] = [];
      for (let rank = 0; rank < this.size; rank++) if (!accept || accept(rank)) all.push(rank);
      return all;
    }
    const { pack } = this;
    const prefix = Buffer.from(normalized);
    const generation = pack.nextGeneration();
    const matched: number[] = [];
    for (let key = this.lowerBound(normalized); key < this.keyEnd; key++) {
      const match = pack.keyMatch(key, prefix);
      if (match === 0) break;
      const rank = pack.keyOwner[key]!;
      const at = this.cityStart + rank;
      const tier = matchTier(pack.keyKind[key]!, match === 2);
      if (pack.seen[at] !== generation) {
        pack.seen[at] = generation;
        if (accept && !accept(rank)) {
          pack.bestTier[at] = 255;
          continue;
        }
        pack.bestTier[at] = tier;
        matched.push(rank);
      } else if (tier < pack.bestTier[at]!) {
        pack.bestTier[at] = tier;
      }
    }
    return orderByTier(matched, (rank) => pack.bestTier[this.cityStart + rank]!);
  }

  /** As OptionIndex.exact. */
  exact(text: string): City[] {
    const normalized = normalizeText(text);
    if (!normalized) return [];
    const prefix = Buffer.from(normalized);
    const found = new Set<number>();
    for (let key = this.lowerBound(normalized); key < this.keyEnd; key++) {
      if (this.pack.keyMatch(key, prefix) !== 2) break;
      if (this.pack.keyKind[key] !== KEY_KIND.tail) found.add(this.pack.keyOwner[key]!);
    }
    return [...found].sort((a, b) => a - b).map((rank) => this.option(rank));
  }

  /** First key of this country not below `key` (keys are sorted as JavaScript strings). */
  private lowerBound(key: string): number {
    let low = this.keyStart;
    let high = this.keyEnd;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.pack.string(this.pack.keyString(middle)) < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
