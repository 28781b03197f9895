import type { Issue } from '../platform/errors.ts';
import { CITY, STATE } from './catalog.ts';
import { resolveStateId } from './geography.ts';
import { loadGeography } from './geography-filters.ts';

/**
 * Problems with `country_id` and `state_id` on the lists that use them. Without `country_id` the
 * contract answers an empty list; a code that names no country (`USA` for `US`) or a state outside
 * the country is a 400 instead, since an empty list would hide the mistake.
 */
export function locationQueryIssues(
  slug: string,
  query: { country_id?: string; state_id?: string },
): Issue[] {
  if (slug !== STATE && slug !== CITY) return [];
  const countryId = query.country_id?.trim().toUpperCase();
  if (!countryId) return [];
  const geography = loadGeography();
  if (!geography.countries.get(countryId)) {
    return [
      {
        message: `querystring.country_id: "${query.country_id}" is not an ISO 3166-1 alpha-2 country code (for example US, DE)`,
      },
    ];
  }
  const stateId = query.state_id?.trim();
  if (slug === CITY && stateId && !resolveStateId(geography, countryId, stateId)) {
    return [
      {
        message: `querystring.state_id: "${query.state_id}" is not a state of ${countryId}; use an id from GET /v2/filters/${STATE}/options?country_id=${countryId} or its code after the dash`,
      },
    ];
  }
  return [];
}
