import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { satisfiableFilters } from '../../test/filters/filters.arbitrary.ts';
import { ageShare, audienceSelectivity, type SelectivityShares } from './selectivity.ts';

const shares: SelectivityShares = {
  placeShare: (slug, id) =>
    ({ DE: 0.02, US: 0.05, BR: 0.03, FR: 0.015, 'DE-BY': 0.004, 'US-CA': 0.01, 'US-NY': 0.005 })[
      id
    ] ?? (slug === 'multi_select--city' ? 0.001 : 0.002),
};
const selectivity = (filters: unknown) => audienceSelectivity(filters, shares);

describe('audienceSelectivity', () => {
  it('is 1 with no filters and stays within (0, 1]', () => {
    expect(selectivity([])).toBe(1);
    fc.assert(
      fc.property(satisfiableFilters, ({ filters }) => {
        const value = selectivity(filters);
        expect(value).toBeGreaterThan(0);
        expect(value).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('never increases when a filter is added', () => {
    fc.assert(
      fc.property(
        satisfiableFilters,
        satisfiableFilters,
        fc.nat(),
        ({ filters }, { filters: more }, at) => {
          if (more.length === 0) return;
          const added = [...filters, more[at % more.length]!];
          expect(selectivity(added)).toBeLessThanOrEqual(selectivity(filters));
        },
      ),
    );
  });

  it('is deterministic and ignores the order of filters', () => {
    fc.assert(
      fc.property(satisfiableFilters, ({ filters }) => {
        expect(selectivity([...filters].reverse())).toBeCloseTo(selectivity(filters), 12);
      }),
    );
  });

  it('estimates narrower audiences smaller', () => {
    const us = [{ 'multi_select--country': { $in: ['US'] } }];
    const california = [...us, { 'multi_select--state': { $in: ['US-CA'] } }];
    expect(selectivity(us)).toBeCloseTo(0.05);
    expect(selectivity(california)).toBeCloseTo(0.01);
    expect(selectivity([{ 'integer--age': { $gte: 18, $lte: 24 } }])).toBeCloseTo(0.16);
    expect(selectivity([{ 'multi_select--gender': { $in: ['female'] } }])).toBeCloseTo(0.49);
    expect(selectivity([{ 'multi_select--gender': { $nin: ['female'] } }])).toBeCloseTo(0.51);
    expect(selectivity([{ 'integer--age': { $gte: 60, $lte: 20 } }])).toBe(1e-6);
  });

  it('spreads the panel over ages 18 to 99', () => {
    expect(ageShare(18, 99)).toBeCloseTo(1);
    expect(ageShare(25, 34)).toBeCloseTo(0.24);
    expect(ageShare(30, 29)).toBe(0);
  });
});
