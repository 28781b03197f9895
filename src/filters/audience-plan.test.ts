import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUDIENCE_OPPORTUNITIES,
  arbitraryFilters,
  arbitraryMember,
  arbitraryNow,
} from '../../test/filters/audience.arbitrary.ts';
import { fixtureGeography } from '../../test/filters/geography.fixture.ts';
import { ageAtLeast, audiencePlan, planAdmits } from './audience-plan.ts';
import { stateAndSubdivisions, stateIsWithin } from './geography.ts';
import { ageAt, matchesFilters } from './matching.ts';

const geography = fixtureGeography();
const NOW = new Date('2026-06-15T12:00:00Z');
const context = (now: Date) => ({
  now,
  statesWithin: (id: string) => stateAndSubdivisions(geography, id),
});

describe('audiencePlan', () => {
  it('admits exactly the profiles matching admits', () => {
    fc.assert(
      fc.property(
        arbitraryNow
          .chain((now) => fc.tuple(fc.constant(now), arbitraryMember(now)))
          .chain(([now, member]) =>
            fc.tuple(
              fc.constant(now),
              fc.constant(member),
              arbitraryFilters({ ages: [ageAt(member.profile.birth_date, now)] }),
              fc.subarray(AUDIENCE_OPPORTUNITIES),
            ),
          ),
        ([now, member, filters, participated]) => {
          const tookPart = new Set(participated);
          const groupIds = new Set(member.groups);
          const matched = matchesFilters(member.profile, filters, {
            now,
            opportunityIdsParticipatedIn: tookPart,
            groupIds,
            stateWithin: (inner, outer) => stateIsWithin(geography, inner, outer),
          });
          const plan = audiencePlan(filters, context(now));
          expect(planAdmits(plan, member.profile, tookPart, groupIds)).toBe(matched);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('turns places, ages, options and participation into predicates', () => {
    const plan = audiencePlan(
      [
        { 'multi_select--country': { $in: ['FR', 'FR'] } },
        { 'multi_select--state': { $in: ['FR-ARA'] } },
        { 'multi_select--city': { $nin: ['2996944'] } },
        { 'integer--age': { $gte: 25, $lte: 54 } },
        { 'multi_select--seniority': { $nin: ['intern', 'entry'] } },
        { 'reference--exclude_participants': { $in: ['opp_a'] } },
      ],
      context(NOW),
    );
    expect(plan.predicates).toEqual([
      { kind: 'place', column: 'country_id', ids: ['FR'], negate: false },
      { kind: 'place', column: 'state_id', ids: ['FR-ARA', 'FR-69'], negate: false },
      { kind: 'place', column: 'city_id', ids: ['2996944'], negate: true },
      { kind: 'born', onOrBefore: '2001-06-15' },
      { kind: 'born', after: '1971-06-15' },
      {
        kind: 'attribute',
        slug: 'multi_select--seniority',
        ids: ['intern', 'entry'],
        negate: true,
      },
      { kind: 'took_part', opportunityIds: ['opp_a'], negate: true },
    ]);
  });

  it('admits nobody for a filter matching does not understand, and everybody for none', () => {
    const never = { predicates: [{ kind: 'never' }] };
    expect(audiencePlan([{ 'multi_select--nope': { $in: ['x'] } }], context(NOW))).toEqual(never);
    expect(audiencePlan(['junk'], context(NOW))).toEqual(never);
    expect(audiencePlan([{ 'integer--age': { $eq: 30 } }], context(NOW))).toEqual(never);
    expect(audiencePlan([], context(NOW))).toEqual({ predicates: [] });
  });
});

describe('ageAtLeast', () => {
  it('bounds birth dates exactly where ageAt turns the age', () => {
    fc.assert(
      fc.property(
        arbitraryNow,
        fc.date({ min: new Date('1900-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        fc.integer({ min: -5, max: 140 }),
        (now, born, years) => {
          const birthDate = born.toISOString().slice(0, 10);
          const bound = ageAtLeast(years, now);
          const admitted =
            bound.kind === 'always' ||
            (bound.kind === 'born' && birthDate <= (bound.onOrBefore ?? ''));
          expect(admitted).toBe(ageAt(birthDate, now) >= years);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('keeps a leap-day birthday on the calendar', () => {
    const leap = new Date('2028-02-29T08:00:00Z');
    expect(ageAtLeast(18, leap)).toEqual({ kind: 'born', onOrBefore: '2010-02-29' });
    expect(ageAtLeast(30, new Date('2026-02-28T23:59:59Z'))).toEqual({
      kind: 'born',
      onOrBefore: '1996-02-28',
    });
    expect(ageAtLeast(3000, NOW)).toEqual({ kind: 'never' });
    expect(ageAtLeast(-9000, NOW)).toEqual({ kind: 'always' });
  });
});
