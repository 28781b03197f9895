import fc from 'fast-check';
import type { AudienceFilter } from '../../src/filters/audience-filter.ts';
import { AGE_MAX, AGE_MIN, FILTER_DEFINITIONS } from '../../src/filters/catalog.ts';
import type { ParticipantProfile } from '../../src/filters/matching.ts';

/**
 * Valid filter arrays for the fixture geography, each with the profile built to satisfy it:
 * at most one filter per slug, places chosen as one consistent country, state and city.
 */
export const OPPORTUNITY_IDS = ['opp_a', 'opp_b', 'opp_c'];
export const NOW = new Date('2026-06-15T12:00:00Z');

const PLACES = [
  { country: 'DE', state: 'DE-BY', city: '2867714' },
  { country: 'DE', state: 'DE-BE', city: '2950159' },
  { country: 'US', state: 'US-CA', city: '5391959' },
  { country: 'US', state: 'US-NY', city: '5128581' },
  { country: 'BR', state: 'BR-SP', city: '3448439' },
  { country: 'FR', state: 'FR-ARA', city: '2996944' },
];

const FIXED = FILTER_DEFINITIONS.flatMap((definition) =>
  definition.source?.kind === 'fixed'
    ? [{ slug: definition.entry.slug, ids: definition.source.options.map((option) => option.id) }]
    : [],
);

interface Built {
  filter: AudienceFilter;
  /** How the profile must look, and which opportunities it took part in. */
  apply: (profile: ParticipantProfile, participated: Set<string>) => void;
}

const fixedFilter = fc.constantFrom(...FIXED).chain(({ slug, ids }) =>
  fc.oneof(
    fc.subarray(ids, { minLength: 1 }).map(
      (chosen): Built => ({
        filter: { [slug]: { $in: chosen } },
        apply: (profile) => {
          (profile.attributes as Record<string, string[]>)[slug] = [chosen[0]!];
        },
      }),
    ),
    fc.subarray(ids, { minLength: 1, maxLength: ids.length - 1 }).map(
      (excluded): Built => ({
        filter: { [slug]: { $nin: excluded } },
        apply: (profile) => {
          (profile.attributes as Record<string, string[]>)[slug] = [
            ids.find((id) => !excluded.includes(id))!,
          ];
        },
      }),
    ),
  ),
);

const ageFilter = fc
  .tuple(
    fc.integer({ min: AGE_MIN, max: AGE_MAX }),
    fc.integer({ min: AGE_MIN, max: AGE_MAX }),
    fc.constantFrom('both', 'gte', 'lte'),
  )
  .map(([a, b, which]): Built => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    const range =
      which === 'both'
        ? { $gte: low, $lte: high }
        : which === 'gte'
          ? { $gte: low }
          : { $lte: high };
    const age = which === 'lte' ? high : low;
    return {
      filter: { 'integer--age': range },
      apply: (profile) => {
        profile.birth_date = `${NOW.getUTCFullYear() - age}-01-01`;
      },
    };
  });

const referenceFilter = fc.tuple(fc.boolean(), fc.subarray(OPPORTUNITY_IDS, { minLength: 1 })).map(
  ([include, ids]): Built => ({
    filter: {
      [include ? 'reference--include_participants' : 'reference--exclude_participants']: {
        $in: ids,
      },
    },
    apply: (_, participated) => {
      if (include) participated.add(ids[0]!);
    },
  }),
);

const placeFilters = fc
  .tuple(fc.constantFrom(...PLACES), fc.boolean(), fc.boolean(), fc.boolean())
  .map(([place, country, state, city]): Built[] => {
    const built: Built[] = [];
    if (country)
      built.push({
        filter: { 'multi_select--country': { $in: [place.country] } },
        apply: () => {},
      });
    if (state)
      built.push({ filter: { 'multi_select--state': { $in: [place.state] } }, apply: () => {} });
    if (city)
      built.push({ filter: { 'multi_select--city': { $in: [place.city] } }, apply: () => {} });
    return built.map((item) => ({
      ...item,
      apply: (profile: ParticipantProfile) => {
        profile.country_id = place.country;
        profile.state_id = place.state;
        profile.city_id = place.city;
      },
    }));
  });

export const satisfiableFilters = fc
  .tuple(
    placeFilters,
    fc.uniqueArray(fixedFilter, {
      selector: (built) => Object.keys(built.filter)[0],
      maxLength: 5,
    }),
    fc.option(ageFilter, { nil: undefined }),
    fc.option(referenceFilter, { nil: undefined }),
  )
  .chain(([places, fixed, age, reference]) =>
    fc.shuffledSubarray(
      [...places, ...fixed, ...(age ? [age] : []), ...(reference ? [reference] : [])],
      {
        minLength: 0,
      },
    ),
  )
  .map((built) => {
    const profile: ParticipantProfile = {
      birth_date: '1990-01-01',
      country_id: 'US',
      state_id: 'US-NY',
      city_id: '5128581',
      attributes: {},
    };
    const participated = new Set<string>();
    for (const item of built) item.apply(profile, participated);
    return { filters: built.map((item) => item.filter), profile, participated };
  });
