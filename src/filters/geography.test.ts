import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixtureGeography } from '../../test/filters/geography.fixture.ts';
import { stateAndSubdivisions, stateIsWithin } from './geography.ts';

const geography = fixtureGeography();
const STATE_IDS = ['DE-BY', 'DE-BE', 'US-CA', 'US-NY', 'BR-SP', 'FR-ARA', 'FR-69', 'FR-75', 'XX-1'];

describe('stateAndSubdivisions', () => {
  it('lists a state and the subdivisions within it', () => {
    expect(stateAndSubdivisions(geography, 'FR-ARA')).toEqual(['FR-ARA', 'FR-69']);
    expect(stateAndSubdivisions(geography, 'FR-69')).toEqual(['FR-69']);
    expect(stateAndSubdivisions(geography, 'US-CA')).toEqual(['US-CA']);
  });

  it('holds exactly the states a state filter matches', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATE_IDS), fc.constantFrom(...STATE_IDS), (held, wanted) => {
        expect(stateAndSubdivisions(geography, wanted).includes(held)).toBe(
          stateIsWithin(geography, held, wanted),
        );
      }),
    );
  });
});
