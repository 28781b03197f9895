import fc from 'fast-check';
import type { ParticipantProfile } from '../../src/filters/matching.ts';

/**
 * Random panels and random filters for checking that the audience count agrees with matching
 * (docs/decisions/0100-audience-size-counted-by-the-database.md): small pools of places, options
 * and opportunities, so random filters often hit random profiles; birth dates around today's month
 * and day, so age bounds are tried on birthdays; filters valid and not (unknown slugs and
 * operators, empty and odd operands, junk elements), since the count must agree with matching on
 * anything.
 */
export const AUDIENCE_OPPORTUNITIES = ['opp_a', 'opp_b', 'opp_c'];
export const AUDIENCE_GROUPS = ['grp_a', 'grp_b'];

/** Real ids (the full geography has them too); FR-69 lies in FR-ARA. */
const PLACES: { country: string; state: string | null; city: string | null }[] = [
  { country: 'DE', state: 'DE-BY', city: '2867714' },
  { country: 'DE', state: 'DE-BE', city: '2950159' },
  { country: 'DE', state: null, city: null },
  { country: 'US', state: 'US-CA', city: '5391959' },
  { country: 'US', state: 'US-NY', city: '5128581' },
  { country: 'US', state: 'US-CA', city: null },
  { country: 'FR', state: 'FR-69', city: '2996944' },
  { country: 'FR', state: 'FR-ARA', city: null },
  { country: 'FR', state: null, city: '2996944' },
  { country: 'BR', state: 'BR-SP', city: '3448439' },
];
const COUNTRIES = ['DE', 'US', 'FR', 'BR', 'GB'];
const STATES = ['DE-BY', 'DE-BE', 'US-CA', 'US-NY', 'FR-ARA', 'FR-69', 'BR-SP'];
const CITIES = ['2867714', '2950159', '5391959', '5128581', '2996944', '3448439'];

const ATTRIBUTES: Record<string, string[]> = {
  'multi_select--seniority': ['entry', 'mid', 'senior', 'manager'],
  'multi_select--language': ['en', 'de', 'fr'],
  'multi_select--gender': ['female', 'male', 'non_binary'],
};
/** Age three times: its bounds at birthdays are where an off-by-one would hide. */
const SLUGS = [
  'multi_select--country',
  'multi_select--state',
  'multi_select--city',
  'integer--age',
  'integer--age',
  'integer--age',
  ...Object.keys(ATTRIBUTES),
  'reference--include_participants',
  'reference--exclude_participants',
  'reference--include_groups',
  'reference--exclude_groups',
  'integer--approval_rate',
  'integer--approval_rate',
  'integer--approved_submissions',
];
/** The record of decisions (docs/decisions/0168-reputation.md): a few rates, so bounds fall on them. */
const APPROVAL_RATES = [0, 50, 66, 96, 100];
const UNKNOWN_SLUGS = ['multi_select--nope', 'integer--height'];

const pad = (value: number) => String(value).padStart(2, '0');
const isoDate = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** Mid-day UTC from 2020 to 2030, leap days included. */
export const arbitraryNow = fc
  .tuple(
    fc.constantFrom(2020, 2023, 2024, 2026, 2028, 2030),
    fc.integer({ min: 0, max: 11 }),
    fc.integer({ min: 1, max: 31 }),
    fc.boolean(),
  )
  .map(([year, month, day, leapDay]) =>
    leapDay && year % 4 === 0
      ? new Date(Date.UTC(year, 1, 29, 12))
      : new Date(Date.UTC(year, month, Math.min(day, 28), 12)),
  );

/**
 * A birth date near a birthday at `now` (a day either side, or the day), or any day; half of them
 * in one decade, so several people share an age and an age bound splits a panel.
 */
const birthDate = (now: Date) =>
  fc
    .tuple(
      fc.oneof(
        fc.integer({ min: now.getUTCFullYear() - 40, max: now.getUTCFullYear() - 30 }),
        fc.integer({ min: now.getUTCFullYear() - 100, max: now.getUTCFullYear() - 10 }),
      ),
      fc.constantFrom(-1, 0, 0, 1, 'any' as const),
      fc.integer({ min: 0, max: 364 }),
      fc.boolean(),
    )
    .map(([year, shift, anyDay, leapDay]) => {
      if (leapDay && year % 4 === 0 && year % 100 !== 0) return `${year}-02-29`;
      if (shift === 'any') return isoDate(new Date(Date.UTC(year, 0, 1 + anyDay)));
      return isoDate(
        new Date(Date.UTC(year, now.getUTCMonth(), Math.min(now.getUTCDate(), 28) + shift)),
      );
    });

export interface PanelMember {
  profile: ParticipantProfile;
  active: boolean;
  isTest: boolean;
  /** Opportunity id to the status of this member's application to it. */
  applications: Record<string, string>;
  /** Participant groups this member is in. */
  groups: string[];
}

const APPLICATION_STATUSES = [
  'screen_passed',
  'in_progress',
  'awaiting_review',
  'approved',
  'rejected',
  'abandoned',
  'screened_out',
  'awaiting_decision',
];

export const arbitraryMember = (now: Date): fc.Arbitrary<PanelMember> =>
  fc
    .record({
      place: fc.constantFrom(...PLACES),
      birth_date: birthDate(now),
      attributes: fc.record(
        Object.fromEntries(
          Object.entries(ATTRIBUTES).map(([slug, ids]) => [slug, fc.subarray(ids)]),
        ) as Record<string, fc.Arbitrary<string[]>>,
        { requiredKeys: [] },
      ),
      active: fc.constantFrom(true, true, true, true, false),
      isTest: fc.constantFrom(false, false, false, false, true),
      applications: fc.dictionary(
        fc.constantFrom(...AUDIENCE_OPPORTUNITIES),
        fc.constantFrom(...APPLICATION_STATUSES),
        { maxKeys: 3 },
      ),
      groups: fc.subarray(AUDIENCE_GROUPS),
      // Null: no decision yet, which no bound on the rate matches.
      approval_rate: fc.oneof(fc.constant(null), fc.constantFrom(...APPROVAL_RATES)),
      approved_submissions: fc.oneof(fc.constantFrom(0, 1, 25), fc.integer({ min: 0, max: 200 })),
    })
    .map(
      ({
        place,
        birth_date,
        attributes,
        active,
        isTest,
        applications,
        groups,
        approval_rate,
        approved_submissions,
      }) => ({
        profile: {
          birth_date,
          country_id: place.country,
          state_id: place.state,
          city_id: place.city,
          attributes: attributes as Record<string, string[]>,
          approval_rate,
          approved_submissions,
        },
        active,
        isTest,
        applications: { ...applications },
        groups,
      }),
    );

/** What filters to make: age bounds next to `ages`; `malformed` mixes in what validation refuses. */
interface FilterOptions {
  ages: readonly number[];
  malformed: boolean;
}

const ids = (pool: readonly string[], { malformed }: FilterOptions) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc.subarray([...pool], { minLength: 1, maxLength: Math.min(3, pool.length) }),
    },
    { weight: 1, arbitrary: fc.constant(['unknown-id']) },
    ...(malformed ? [{ weight: 1, arbitrary: fc.constant([] as string[]) }] : []),
  );

const operand = (slug: string, options: FilterOptions): fc.Arbitrary<unknown> => {
  if (slug === 'integer--age' || slug === 'integer--height') {
    const near = options.ages.flatMap((age) => [age - 1, age, age + 1]);
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 10, max: 110 }) },
      ...(near.length > 0 ? [{ weight: 8, arbitrary: fc.constantFrom(...near) }] : []),
      ...(options.malformed
        ? [
            { weight: 1, arbitrary: fc.double({ min: 10, max: 110, noNaN: true }) },
            { weight: 1, arbitrary: fc.constant('30') },
          ]
        : []),
    );
  }
  if (slug === 'integer--approval_rate' || slug === 'integer--approved_submissions') {
    const near = APPROVAL_RATES.flatMap((rate) => [rate - 1, rate, rate + 1]);
    return fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 200 }) },
      { weight: 6, arbitrary: fc.constantFrom(...near, 24, 25, 26) },
      ...(options.malformed
        ? [
            { weight: 1, arbitrary: fc.double({ min: -5, max: 105, noNaN: true }) },
            {
              weight: 1,
              arbitrary: fc.constantFrom<unknown>('50', 1e12, -1e12, Infinity, -Infinity, NaN),
            },
          ]
        : []),
    );
  }
  if (slug.endsWith('_groups')) return ids(AUDIENCE_GROUPS, options);
  if (slug.startsWith('reference--')) return ids(AUDIENCE_OPPORTUNITIES, options);
  if (slug === 'multi_select--country') return ids(COUNTRIES, options);
  if (slug === 'multi_select--state') return ids(STATES, options);
  if (slug === 'multi_select--city') return ids(CITIES, options);
  return ids(ATTRIBUTES[slug] ?? ['x'], options);
};

const operatorsFor = (slug: string, options: FilterOptions) => {
  const usual = slug.startsWith('integer--')
    ? ['$gte', '$lte']
    : slug.startsWith('reference--')
      ? ['$in']
      : ['$in', '$nin'];
  const operator = options.malformed
    ? fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...usual) },
        { weight: 1, arbitrary: fc.constantFrom('$eq', '$nin', '$in', '$gte') },
      )
    : fc.constantFrom(...usual);
  return fc
    .uniqueArray(fc.tuple(operator, operand(slug, options)), {
      minLength: 1,
      maxLength: 2,
      selector: ([name]) => name,
    })
    .map((pairs) => Object.fromEntries(pairs));
};

const element = (options: FilterOptions): fc.Arbitrary<unknown> => {
  const slugs = options.malformed ? [...SLUGS, ...UNKNOWN_SLUGS] : SLUGS;
  const wellFormed = fc
    .constantFrom(...slugs)
    .chain((slug) => operatorsFor(slug, options).map((operators) => ({ [slug]: operators })));
  if (!options.malformed) return wellFormed;
  return fc.oneof(
    { weight: 30, arbitrary: wellFormed },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        'junk',
        {},
        { 'multi_select--country': { $in: ['DE'] }, 'integer--age': { $gte: 30 } },
        { 'multi_select--country': ['DE'] },
        { 'integer--age': {} },
      ),
    },
  );
};

/**
 * Zero to four filter elements. Age bounds are mostly taken next to `ages` (the panel's ages
 * now), so bounds fall on someone's birthday; with `malformed` (the default) some elements are
 * what validation refuses (unknown slugs and operators, empty operands, junk), on which the count
 * must still agree with matching.
 */
export const arbitraryFilters = ({ ages = [], malformed = true }: Partial<FilterOptions> = {}) =>
  fc.array(element({ ages, malformed }), { maxLength: 4 });
