/**
 * Option search speed and catalog memory (issue 3: p99 under 5 ms for any query on the full
 * city list), then the two filter routes over HTTP. In `npm run bench` (run with --expose-gc), or
 * alone: ./node_modules/.bin/node --expose-gc bench/filter-options.ts (without --expose-gc the
 * heap figure includes garbage and is an upper bound).
 */

import type { City } from '../src/filters/geography.ts';
import { loadGeography } from '../src/filters/load-geography.ts';
import { normalizeText } from '../src/filters/normalize.ts';
import type { OptionSearch } from '../src/filters/option-index.ts';
import { searchOptions } from '../src/filters/options.ts';
import { atRate, compareSaturated, printComparison, printTable } from './lib/load.ts';
import { startBareServer, startCohort } from './lib/processes.ts';

/** Queries of every kind: empty, one or two letters (the widest), prefixes of real names, misses, ids. */
function queries(
  largest: [string, OptionSearch<City>][],
): { slug: string; search: string; countryId?: string; stateId?: string }[] {
  const list: { slug: string; search: string; countryId?: string; stateId?: string }[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const [countryId, cities] of largest.slice(0, 12)) {
    list.push({ slug: 'multi_select--city', search: '', countryId });
    for (const letter of letters)
      list.push({ slug: 'multi_select--city', search: letter, countryId });
    for (const pair of ['sa', 'ma', 'be', 'ch', 'st', 'la', 'ka', 'no']) {
      list.push({ slug: 'multi_select--city', search: pair, countryId });
    }
    for (let rank = 0; rank < cities.size; rank += Math.max(1, Math.floor(cities.size / 150))) {
      const city = cities.option(rank);
      const name = normalizeText(city.name);
      list.push({ slug: 'multi_select--city', search: name.slice(0, 3), countryId });
      list.push({ slug: 'multi_select--city', search: name, countryId });
      list.push({ slug: 'multi_select--city', search: city.id, countryId });
      if (city.stateId)
        list.push({
          slug: 'multi_select--city',
          search: name.slice(0, 2),
          countryId,
          stateId: city.stateId,
        });
      if (city.stateId)
        list.push({ slug: 'multi_select--city', search: '', countryId, stateId: city.stateId });
    }
    list.push({ slug: 'multi_select--city', search: 'zzzzqx', countryId });
    list.push({ slug: 'multi_select--state', search: 'a', countryId });
  }
  for (const letter of letters) list.push({ slug: 'multi_select--country', search: letter });
  list.push({ slug: 'multi_select--country', search: 'deutschland' });
  list.push({ slug: 'multi_select--city', search: 'sao paulo', countryId: 'BR' });
  list.push({ slug: 'multi_select--city', search: 'munich', countryId: 'DE' });
  return list;
}

/** The search alone, in this process, over every kind of query on the real data. */
export function measureSearch() {
  const collect = () => (globalThis as { gc?: () => void }).gc?.();

  collect();
  const before = process.memoryUsage();
  const loadStart = performance.now();
  const geography = loadGeography();
  const loadMs = performance.now() - loadStart;
  collect();
  const after = process.memoryUsage();
  const heapMb = (after.heapUsed - before.heapUsed) / 1024 / 1024;
  // The packed cities are array buffers, outside the JavaScript heap (city-pack.ts).
  const buffersMb = (after.arrayBuffers - before.arrayBuffers) / 1024 / 1024;

  const cityCount = [...geography.citiesByCountry.values()].reduce(
    (sum, index) => sum + index.size,
    0,
  );
  const largest = [...geography.citiesByCountry.entries()].sort((a, b) => b[1].size - a[1].size);

  const all = queries(largest);
  for (const query of all.slice(0, 200))
    searchOptions(geography, query.slug, { ...query, page: 1, perPage: 50 });

  const timings: number[] = [];
  const rounds = 3;
  for (let round = 0; round < rounds; round++) {
    for (const query of all) {
      const start = performance.now();
      searchOptions(geography, query.slug, { ...query, page: 1 + (round % 2), perPage: 50 });
      timings.push(performance.now() - start);
    }
  }
  timings.sort((a, b) => a - b);
  const percentile = (p: number) =>
    timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))]!;

  console.log(
    `cities indexed: ${cityCount} in ${geography.citiesByCountry.size} countries (largest: ${largest[0]![0]} with ${largest[0]![1].size})`,
  );
  console.log(`load and index: ${loadMs.toFixed(0)} ms`);
  console.log(
    `heap used by the loaded catalog: ${heapMb.toFixed(1)} MiB, plus ${buffersMb.toFixed(1)} MiB of packed cities${(globalThis as { gc?: unknown }).gc ? '' : ' (run with --expose-gc for an exact figure)'}`,
  );
  console.log(`option searches: ${timings.length} (${all.length} distinct queries x ${rounds})`);
  console.log(
    `p50 ${percentile(50).toFixed(3)} ms, p99 ${percentile(99).toFixed(3)} ms, max ${timings.at(-1)!.toFixed(3)} ms`,
  );
  const ok = percentile(99) < 5;
  console.log(ok ? 'p99 under 5 ms: yes' : 'p99 under 5 ms: NO');
  return { ok, p50: percentile(50), p99: percentile(99), heapMb, buffersMb, loadMs };
}

/**
 * The two routes as `npm start` serves them: a wide city search (every US city starting with
 * "san") and the catalog, against bare node:http answering the same bytes.
 */
async function measureRoutes() {
  const cohort = await startCohort();
  const auth = { authorization: `Bearer ${cohort.apiKey}` };
  try {
    const options = `${cohort.url}/v2/filters/multi_select--city/options?country_id=US&search=san`;
    const catalog = `${cohort.url}/v2/filters`;
    const optionsBody = await fetch(options, { headers: auth }).then((r) => r.text());
    const bare = await startBareServer(optionsBody);
    try {
      const compared = await compareSaturated(
        { label: 'bare node:http, options JSON', url: bare.url },
        [
          {
            label: 'GET /v2/filters/multi_select--city/options (san, US)',
            url: options,
            headers: auth,
          },
          { label: 'GET /v2/filters', url: catalog, headers: auth },
        ],
      );
      const paced = await atRate(
        { label: 'city options at 1,000 req/s', url: options, headers: auth },
        1000,
      );
      printComparison('Filter routes, SQLite, saturating (50 connections)', compared);
      printTable('Latency at a fixed 1,000 req/s', [paced]);
      const [searched, listed] = compared.subjects;
      return { baseline: compared.baseline, searched, listed, paced };
    } finally {
      await bare.stop();
    }
  } finally {
    await cohort.stop();
  }
}

export async function benchFilterOptions() {
  const search = measureSearch();
  const routes = await measureRoutes();
  if (!search.ok) process.exitCode = 1;
  return { search, routes };
}

if (import.meta.main) await benchFilterOptions();
