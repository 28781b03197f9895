/**
 * Regenerates admin1-iso3166-2.json: GeoNames admin1 codes ("DE.02") to ISO 3166-2 codes
 * ("DE-BY"). GeoNames cities carry only admin1 codes, which are FIPS-like numbers in many
 * countries, so a city's state cannot be derived from the code alone. The mapping comes from the
 * `admin` field of the MIT-licensed iso3166-2-db package; it is too large (280 MB) to be a
 * dependency, so run this once with it fetched from the npm registry into a scratch folder:
 *
 *   npm install --prefix /tmp/iso iso3166-2-db
 *   ./node_modules/.bin/node src/filters/generate-admin1-map.ts \
 *     /tmp/iso/node_modules/iso3166-2-db/data/iso3166-2.json
 *
 * Only codes that exist in the current ISO 3166-2 list (iso-3166) are kept; where the ISO code
 * changed since (China's 2017 letter codes) the region is matched by its name, or by the first
 * word of its name when that is unique in the country (`Beijing` and `Beijing Shi`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { iso31662 } from 'iso-3166';
import { normalizeText } from './normalize.ts';

interface SourceRegion {
  iso?: string;
  admin?: string;
  name?: string;
  names?: Record<string, string>;
}

const source = process.argv[2];
if (!source)
  throw new Error('usage: generate-admin1-map.ts <path to iso3166-2-db/data/iso3166-2.json>');
const countries = JSON.parse(readFileSync(source, 'utf8')) as Record<
  string,
  { regions?: SourceRegion[] }
>;

const isoCodes = new Set(iso31662.map((entry) => entry.code));
const byName = new Map<string, string>();
/** First word of a name, when no other subdivision of the country shares it: `beijing shi`. */
const byFirstWord = new Map<string, string | null>();
const firstWord = (name: string) => normalizeText(name).split(' ')[0] ?? '';
for (const entry of iso31662) {
  const country = entry.code.slice(0, 2);
  byName.set(`${country}|${normalizeText(entry.name)}`, entry.code);
  const key = `${country}|${firstWord(entry.name)}`;
  byFirstWord.set(key, byFirstWord.has(key) ? null : entry.code);
}

const mapping: Record<string, string> = {};
/** Other names of each subdivision (English, German, Russian, ...), so `bavaria` finds Bayern. */
const aliases: Record<string, string[]> = {};
const remember = (code: string, region: SourceRegion) => {
  const names = [region.name, ...Object.values(region.names ?? {})].filter(Boolean) as string[];
  aliases[code] = [...new Set([...(aliases[code] ?? []), ...names])];
};
for (const [country, { regions = [] }] of Object.entries(countries)) {
  for (const region of regions) {
    if (!region.admin) continue;
    const direct = `${country}-${region.iso}`;
    if (region.iso && isoCodes.has(direct)) {
      mapping[`${country}.${region.admin}`] = direct;
      remember(direct, region);
      continue;
    }
    const names = [region.name, ...Object.values(region.names ?? {})].filter(Boolean) as string[];
    for (const name of names) {
      const code =
        byName.get(`${country}|${normalizeText(name)}`) ??
        byFirstWord.get(`${country}|${firstWord(name)}`);
      if (code) {
        mapping[`${country}.${region.admin}`] = code;
        remember(code, region);
        break;
      }
    }
  }
}

const sortedByKey = <T>(record: Record<string, T>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
const target = new URL('./admin1-iso3166-2.json', import.meta.url);
const output = { admin1: sortedByKey(mapping), aliases: sortedByKey(aliases) };
writeFileSync(target, `${JSON.stringify(output)}\n`);
console.log(`${Object.keys(mapping).length} admin1 codes mapped`);
