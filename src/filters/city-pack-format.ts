/**
 * The city catalog's pack (135k GeoNames cities and their ~650k alternate names in one buffer;
 * pack-cities.ts writes it, city-pack.ts reads it in place).
 *
 * Layout: a little-endian u32 header length, the JSON header, then 8-byte-aligned sections:
 * - text: the UTF-8 bytes of every string; string i is text[offsets[i], offsets[i + 1]).
 *   City g (in global order: countries by id, then cities by population) has its id at string
 *   2g and its name at 2g + 1; key k (sorted within its country) is string 2N + k.
 * - cityState (index into header.states, -1 for none), cityCountry (index into header.countries),
 *   population, idOrder (global indexes sorted by id, for lookups by id);
 * - keyOwner (rank of the key's city within its country), keyKind (KEY_KIND);
 * - stateRanks: per state, the ranks (within its country) of the cities in it or its subdivisions.
 */
import type { City } from './geography.ts';
import type { IndexedOption } from './option-index.ts';

/** A city as read from the source data: with the names it is found under. */
export interface CitySource extends City, IndexedOption {}

export interface StateLink {
  id: string;
  parentId?: string;
}

export const CITY_PACK_FORMAT = 'cohort-city-pack-1';

export interface PackedCountry {
  id: string;
  cityStart: number;
  cityCount: number;
  keyStart: number;
  keyCount: number;
  population: number;
}

export interface PackHeader {
  format: string;
  cityCount: number;
  keyCount: number;
  worldPopulation: number;
  countries: PackedCountry[];
  states: string[];
  statePopulation: Record<string, number>;
  /** Per state id: [start, count] in the stateRanks section. */
  stateRanks: Record<string, [number, number]>;
  sections: Record<SectionName, [number, number]>;
}

export const SECTIONS = [
  'text',
  'offsets',
  'cityState',
  'cityCountry',
  'population',
  'idOrder',
  'keyOwner',
  'keyKind',
  'stateRanks',
] as const;
export type SectionName = (typeof SECTIONS)[number];

/** Sections start on 8-byte boundaries, so typed arrays can view them in place. */
export const align8 = (value: number) => Math.ceil(value / 8) * 8;
