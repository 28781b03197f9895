import { describe, expect, it } from 'vitest';
import { fixtureGeography } from '../../test/filters/geography.fixture.ts';
import { validateProfileAttributes } from './profile-validation.ts';

const geography = fixtureGeography();
const messages = (input: unknown) =>
  validateProfileAttributes(geography, input).map((issue) => issue.message);

describe('validateProfileAttributes', () => {
  it('accepts a consistent place and known attribute option ids', () => {
    expect(
      messages({
        country_id: 'US',
        state_id: 'US-CA',
        city_id: '5391959',
        birth_date: '1990-02-28',
        attributes: {
          'multi_select--seniority': ['senior'],
          'multi_select--language': ['en', 'es'],
        },
      }),
    ).toEqual([]);
    expect(messages({ country_id: 'FR', state_id: 'FR-69', city_id: '2996944' })).toEqual([]);
    expect(messages({ country_id: 'FR', city_id: '9999999' })).toEqual([]);
  });

  it('lists every problem', () => {
    expect(
      messages({
        country_id: 'US',
        state_id: 'DE-BY',
        city_id: '3448439',
        birth_date: '1990-02-30',
        attributes: {
          'multi_select--gender': ['Female', 'alien'],
          'multi_select--country': ['US'],
          'integer--age': ['30'],
          'multi_select--industry': 'technology',
        },
      }),
    ).toEqual([
      'state_id: DE-BY (Bayern) is not in country US',
      'city_id: 3448439 (São Paulo) is not in country US',
      'birth_date: must be a date as YYYY-MM-DD',
      'attributes.multi_select--gender[0]: "Female" is not an option id; use the option id female for name Female',
      'attributes.multi_select--gender[1]: unknown option id "alien"; see GET /v2/filters/multi_select--gender/options',
      'attributes.multi_select--country: give the location as country_id, state_id and city_id instead',
      'attributes.integer--age: not a profile attribute; use a multi_select filter slug from GET /v2/filters',
      'attributes.multi_select--industry: must be an array of option ids',
    ]);
  });

  it('reports a missing or unknown country and a city outside the state', () => {
    expect(messages({})).toEqual([
      'country_id: is required, an ISO 3166-1 alpha-2 code such as DE',
    ]);
    expect(messages({ country_id: 'Germany' })).toEqual([
      'country_id: "Germany" is not an option id; use the option id DE for name Germany',
    ]);
    expect(messages({ country_id: 'US', state_id: 'US-NY', city_id: '5391959' })).toEqual([
      'city_id: 5391959 (San Francisco) is not in state US-NY',
    ]);
    expect(messages({ country_id: 'US', city_id: 'nowhere' })).toEqual([
      'city_id: unknown option id "nowhere"; see GET /v2/filters/multi_select--city/options',
    ]);
  });
});
