import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPPORTUNITY_IDS, satisfiableFilters } from '../../test/filters/filters.arbitrary.ts';
import { fixtureGeography } from '../../test/filters/geography.fixture.ts';
import { referencedOpportunityIds, validateFilters } from './validation.ts';

const geography = fixtureGeography();
const context = { knownOpportunityIds: new Set(OPPORTUNITY_IDS) };
const messages = (filters: unknown) =>
  validateFilters(geography, filters, context).map((issue) => issue.message);

describe('validateFilters', () => {
  it('accepts every valid filter array', () => {
    fc.assert(
      fc.property(satisfiableFilters, ({ filters }) => {
        expect(messages(filters)).toEqual([]);
      }),
    );
  });

  it('rejects a filters value that is not an array', () => {
    expect(messages({ 'multi_select--country': { $in: ['DE'] } })).toEqual([
      'filters: must be an array of filter objects',
    ]);
  });

  it('lists every problem, each naming where it is', () => {
    const found = messages([
      'x',
      { 'multi_select--country': { $in: ['DE'] }, 'integer--age': { $gte: 20 } },
      { 'multi_select--nope': { $in: ['a'] } },
      { 'multi_select--gender': { $eq: ['female'] } },
      { 'multi_select--gender': { $in: 'female' } },
      { 'multi_select--gender': { $in: [] } },
      { 'multi_select--seniority': { $in: ['Senior', 'nope', 3] } },
      { 'integer--age': { $gte: 17, $lte: 100 } },
      { 'integer--age': { $gte: 50, $lte: 30 } },
      { 'integer--age': { $gte: '30' } },
      { 'integer--age': {} },
      { 'reference--include_participants': { $in: ['opp_a', 'opp_other'] } },
      { 'reference--exclude_participants': { $nin: ['opp_a'] } },
    ]);
    expect(found).toEqual([
      expect.stringMatching(/^filters\[0\]: must be an object with exactly one key/),
      expect.stringMatching(/^filters\[1\]: must be an object with exactly one key/),
      'filters[2]: unknown filter slug "multi_select--nope"; see GET /v2/filters',
      'filters[3].multi_select--gender: operator "$eq" is not allowed for a multi_select filter; use $in or $nin',
      'filters[4].multi_select--gender.$in: must be a non-empty array of option ids',
      'filters[5].multi_select--gender.$in: must be a non-empty array of option ids',
      'filters[6].multi_select--seniority.$in[2]: must be a non-empty string id',
      'filters[6].multi_select--seniority.$in: "Senior" is not an option id; use the option id senior for name Senior',
      'filters[6].multi_select--seniority.$in: unknown option id "nope"; see GET /v2/filters/multi_select--seniority/options',
      'filters[7].integer--age.$gte: 17 is outside the allowed range 18 to 99',
      'filters[7].integer--age.$lte: 100 is outside the allowed range 18 to 99',
      'filters[8].integer--age: $gte (50) is greater than $lte (30), so nobody matches',
      'filters[9].integer--age.$gte: must be an integer',
      expect.stringMatching(/^filters\[10\]\.integer--age: must map an operator/),
      'filters[11].reference--include_participants.$in: "opp_other" is not an opportunity of this organization',
      'filters[12].reference--exclude_participants: operator "$nin" is not allowed for a reference filter; use $in',
    ]);
  });

  it('suggests the option id when a place name is given', () => {
    expect(messages([{ 'multi_select--country': { $in: ['Deutschland'] } }])).toEqual([
      'filters[0].multi_select--country.$in: "Deutschland" is not an option id; use the option id DE for name Germany',
    ]);
    expect(messages([{ 'multi_select--city': { $in: ['Munich'] } }])).toEqual([
      'filters[0].multi_select--city.$in: "Munich" is not an option id; use the option id 2867714 for name München, DE',
    ]);
    expect(messages([{ 'multi_select--state': { $in: ['california'] } }])).toEqual([
      'filters[0].multi_select--state.$in: "california" is not an option id; use the option id US-CA for name California, US',
    ]);
  });

  it('reports states and cities outside the chosen countries and states', () => {
    expect(
      messages([
        { 'multi_select--country': { $in: ['US'] } },
        { 'multi_select--state': { $in: ['US-CA', 'DE-BY'] } },
        { 'multi_select--city': { $in: ['5128581', '5391959', '3448439'] } },
      ]),
    ).toEqual([
      'filters: state DE-BY (Bayern) is not in the chosen countries (US)',
      'filters: city 5128581 (New York City) is not in the chosen states (US-CA, DE-BY)',
      'filters: city 3448439 (São Paulo) is not in the chosen countries (US)',
    ]);
  });

  it('accepts a city in a state whose subdivision is chosen, and a state within a chosen region', () => {
    expect(
      messages([
        { 'multi_select--state': { $in: ['FR-69'] } },
        { 'multi_select--city': { $in: ['2996944'] } },
      ]),
    ).toEqual([]);
  });
});

describe('referencedOpportunityIds', () => {
  it('collects the ids of both reference filters once, ignoring malformed parts', () => {
    expect(
      referencedOpportunityIds([
        { 'reference--include_participants': { $in: ['opp_a', 'opp_b'] } },
        { 'reference--exclude_participants': { $in: ['opp_b', 'opp_c', 4] } },
        { 'multi_select--country': { $in: ['DE'] } },
        'junk',
      ]),
    ).toEqual(['opp_a', 'opp_b', 'opp_c']);
    expect(referencedOpportunityIds('nope')).toEqual([]);
  });
});
