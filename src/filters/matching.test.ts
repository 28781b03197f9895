import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOW, satisfiableFilters } from '../../test/filters/filters.arbitrary.ts';
import { fixtureGeography } from '../../test/filters/geography.fixture.ts';
import { stateIsWithin } from './geography.ts';
import {
  ageAt,
  compileFilters,
  matchesCompiledFilters,
  matchesFilters,
  type ParticipantProfile,
} from './matching.ts';

const geography = fixtureGeography();
const stateWithin = (inner: string, outer: string) => stateIsWithin(geography, inner, outer);
const context = (participated: string[] = []) => ({
  now: NOW,
  opportunityIdsParticipatedIn: new Set(participated),
  stateWithin,
});
const profile: ParticipantProfile = {
  birth_date: '1990-06-16',
  country_id: 'FR',
  state_id: 'FR-69',
  city_id: '2996944',
  attributes: { 'multi_select--seniority': ['senior'], 'multi_select--language': ['fr', 'en'] },
};

describe('ageAt', () => {
  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageAt('1990-06-16', NOW)).toBe(35);
    expect(ageAt('1990-06-15', NOW)).toBe(36);
    expect(ageAt('2000-02-29', new Date('2026-02-28T23:59:59Z'))).toBe(25);
    expect(ageAt('2000-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(26);
  });
});

describe('matchesFilters', () => {
  it('matches a profile built to satisfy the filters', () => {
    fc.assert(
      fc.property(satisfiableFilters, ({ filters, profile: built, participated }) => {
        expect(
          matchesFilters(built, filters, {
            ...context(),
            opportunityIdsParticipatedIn: participated,
          }),
        ).toBe(true);
      }),
    );
  });

  it('matches everyone with no filters', () => {
    expect(matchesFilters(profile, [], context())).toBe(true);
  });

  it('applies age bounds inclusively at now', () => {
    expect(matchesFilters(profile, [{ 'integer--age': { $gte: 35, $lte: 35 } }], context())).toBe(
      true,
    );
    expect(matchesFilters(profile, [{ 'integer--age': { $gte: 36 } }], context())).toBe(false);
    expect(matchesFilters(profile, [{ 'integer--age': { $lte: 34 } }], context())).toBe(false);
  });

  it('applies $in as any of and $nin as none of', () => {
    expect(
      matchesFilters(profile, [{ 'multi_select--language': { $in: ['de', 'en'] } }], context()),
    ).toBe(true);
    expect(
      matchesFilters(profile, [{ 'multi_select--language': { $in: ['de'] } }], context()),
    ).toBe(false);
    expect(
      matchesFilters(profile, [{ 'multi_select--language': { $nin: ['de'] } }], context()),
    ).toBe(true);
    expect(
      matchesFilters(profile, [{ 'multi_select--language': { $nin: ['en'] } }], context()),
    ).toBe(false);
    expect(
      matchesFilters(profile, [{ 'multi_select--industry': { $in: ['technology'] } }], context()),
    ).toBe(false);
    expect(
      matchesFilters(profile, [{ 'multi_select--industry': { $nin: ['technology'] } }], context()),
    ).toBe(true);
  });

  it('matches places, a state filter covering the subdivisions of the chosen state', () => {
    expect(matchesFilters(profile, [{ 'multi_select--country': { $in: ['FR'] } }], context())).toBe(
      true,
    );
    expect(matchesFilters(profile, [{ 'multi_select--country': { $in: ['DE'] } }], context())).toBe(
      false,
    );
    expect(
      matchesFilters(profile, [{ 'multi_select--state': { $in: ['FR-ARA'] } }], context()),
    ).toBe(true);
    expect(
      matchesFilters(profile, [{ 'multi_select--state': { $in: ['US-CA'] } }], context()),
    ).toBe(false);
    expect(
      matchesFilters(profile, [{ 'multi_select--city': { $in: ['2996944'] } }], context()),
    ).toBe(true);
    const withoutCity = { ...profile, city_id: null };
    expect(
      matchesFilters(withoutCity, [{ 'multi_select--city': { $in: ['2996944'] } }], context()),
    ).toBe(false);
  });

  it('includes participants of the referenced opportunities and excludes them', () => {
    const include = [{ 'reference--include_participants': { $in: ['opp_a', 'opp_b'] } }];
    const exclude = [{ 'reference--exclude_participants': { $in: ['opp_a', 'opp_b'] } }];
    expect(matchesFilters(profile, include, context(['opp_b']))).toBe(true);
    expect(matchesFilters(profile, include, context(['opp_c']))).toBe(false);
    expect(matchesFilters(profile, exclude, context(['opp_b']))).toBe(false);
    expect(matchesFilters(profile, exclude, context([]))).toBe(true);
  });

  it('answers the same for filters compiled once and matched against many, the age given', () => {
    fc.assert(
      fc.property(fc.array(satisfiableFilters, { minLength: 2, maxLength: 4 }), (cases) => {
        for (const { filters, participated } of cases) {
          const compiled = compileFilters(filters);
          for (const { profile: someone } of cases) {
            const plain = { ...context(), opportunityIdsParticipatedIn: participated };
            expect(
              matchesCompiledFilters(someone, compiled, {
                ...plain,
                age: ageAt(someone.birth_date, NOW),
              }),
            ).toBe(matchesFilters(someone, filters, plain));
          }
        }
      }),
    );
    expect(compileFilters(['junk'])).toBeNull();
    expect(compileFilters(undefined)).toEqual([]);
  });

  it('never matches filters it does not understand', () => {
    expect(matchesFilters(profile, [{ 'multi_select--nope': { $in: ['x'] } }], context())).toBe(
      false,
    );
    expect(matchesFilters(profile, ['junk'], context())).toBe(false);
    expect(matchesFilters(profile, [{ 'integer--age': { $eq: 35 } }], context())).toBe(false);
  });
});
