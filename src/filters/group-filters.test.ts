import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureGeography } from '../../test/filters/geography.fixture.ts';
import { matchesFilters } from './matching.ts';
import { audienceSelectivity } from './selectivity.ts';
import { referencedGroupIds, referencedOpportunityIds, validateFilters } from './validation.ts';

// reference--include_groups and reference--exclude_groups
// (docs/decisions/0091-participant-groups.md).

const geography = fixtureGeography();
const profile = {
  birth_date: '1990-01-01',
  country_id: 'DE',
  attributes: {},
};
const context = (groups: string[]) => ({
  now: new Date('2026-01-01T00:00:00Z'),
  opportunityIdsParticipatedIn: new Set<string>(),
  groupIds: new Set(groups),
});
const include = (ids: string[]) => [{ 'reference--include_groups': { $in: ids } }];
const exclude = (ids: string[]) => [{ 'reference--exclude_groups': { $in: ids } }];

describe('group filters', () => {
  it('admit members of any listed group, or everyone but them', () => {
    expect(matchesFilters(profile, include(['grp_a', 'grp_b']), context(['grp_b']))).toBe(true);
    expect(matchesFilters(profile, include(['grp_a']), context(['grp_b']))).toBe(false);
    expect(matchesFilters(profile, exclude(['grp_a']), context(['grp_a']))).toBe(false);
    expect(matchesFilters(profile, exclude(['grp_a']), context([]))).toBe(true);
    // Without memberships given, a person is in no group.
    expect(
      matchesFilters(profile, include(['grp_a']), {
        now: new Date(),
        opportunityIdsParticipatedIn: new Set(),
      }),
    ).toBe(false);
  });

  it('include and exclude of the same groups never both admit someone', () => {
    fc.assert(
      fc.property(
        fc.subarray(['grp_a', 'grp_b', 'grp_c'], { minLength: 1 }),
        fc.subarray(['grp_a', 'grp_b', 'grp_c', 'grp_d']),
        (listed, memberOf) => {
          const both = [...include(listed), ...exclude(listed)];
          expect(matchesFilters(profile, both, context(memberOf))).toBe(false);
          expect(
            matchesFilters(profile, include(listed), context(memberOf)) !==
              matchesFilters(profile, exclude(listed), context(memberOf)),
          ).toBe(true);
        },
      ),
    );
  });

  it('take only the organization’s own group ids, with $in', () => {
    const issues = validateFilters(
      geography,
      [
        { 'reference--include_groups': { $in: ['grp_own', 'grp_other'] } },
        { 'reference--exclude_groups': { $nin: ['grp_own'] } },
        { 'reference--include_participants': { $in: ['grp_own'] } },
      ],
      { knownOpportunityIds: new Set(), knownGroupIds: new Set(['grp_own']) },
    ).map((issue) => issue.message);
    expect(issues).toEqual([
      'filters[0].reference--include_groups.$in: "grp_other" is not a participant group of this organization',
      'filters[1].reference--exclude_groups: operator "$nin" is not allowed for a reference filter; use $in',
      'filters[2].reference--include_participants.$in: "grp_own" is not an opportunity of this organization',
    ]);
    const filters = [...include(['grp_x', 'grp_y']), ...exclude(['grp_y'])];
    expect(referencedGroupIds(filters)).toEqual(['grp_x', 'grp_y']);
    expect(referencedOpportunityIds(filters)).toEqual([]);
  });

  it('narrow the estimated audience like the participant references do', () => {
    expect(audienceSelectivity(include(['grp_a']))).toBeLessThan(1);
    expect(audienceSelectivity(exclude(['grp_a']))).toBeLessThan(1);
    expect(audienceSelectivity(include(['grp_a']))).toBe(
      audienceSelectivity([{ 'reference--include_participants': { $in: ['opp_a'] } }]),
    );
  });
});
