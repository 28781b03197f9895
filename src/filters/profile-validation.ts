import { isPlainObject } from './audience-filter.ts';
import { CITY, COUNTRY, filterDefinition, STATE } from './catalog.ts';
import { cityIsInState, type Geography, stateIsWithin } from './geography.ts';
import { optionsNamed } from './option-lookup.ts';
import { fixedOptionIndex } from './options.ts';
import type { Issue } from './validation.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The filter-related part of a participant sign-up or profile change: `country_id`, `state_id`,
 * `city_id`, `birth_date` (when given) and `attributes` ({slug: [option id, ...]} for the fixed
 * multi_select filters). Every problem is listed.
 */
export function validateProfileAttributes(geography: Geography, input: unknown): Issue[] {
  if (!isPlainObject(input)) return [{ message: 'profile: must be an object' }];
  const issues: Issue[] = [];
  const {
    country_id: countryId,
    state_id: stateId,
    city_id: cityId,
    birth_date: birthDate,
  } = input;

  const country = typeof countryId === 'string' ? geography.countries.get(countryId) : undefined;
  if (typeof countryId !== 'string') {
    issues.push({ message: 'country_id: is required, an ISO 3166-1 alpha-2 code such as DE' });
  } else if (!country) {
    issues.push({ message: unknownPlace(geography, 'country_id', COUNTRY, countryId, []) });
  }

  let state: ReturnType<Geography['state']>;
  if (stateId !== undefined && stateId !== null) {
    state = typeof stateId === 'string' ? geography.state(stateId) : undefined;
    if (typeof stateId !== 'string') issues.push({ message: 'state_id: must be a string' });
    else if (!state)
      issues.push({
        message: unknownPlace(geography, 'state_id', STATE, stateId, country ? [country.id] : []),
      });
    else if (country && state.countryId !== country.id) {
      issues.push({
        message: `state_id: ${state.id} (${state.name}) is not in country ${country.id}`,
      });
    }
  }

  if (cityId !== undefined && cityId !== null) {
    const city = typeof cityId === 'string' ? geography.city(cityId) : undefined;
    if (typeof cityId !== 'string') issues.push({ message: 'city_id: must be a string' });
    else if (!city)
      issues.push({
        message: unknownPlace(geography, 'city_id', CITY, cityId, country ? [country.id] : []),
      });
    else if (country && city.countryId !== country.id) {
      issues.push({
        message: `city_id: ${city.id} (${city.name}) is not in country ${country.id}`,
      });
    } else if (
      state &&
      city.stateId !== undefined &&
      !cityIsInState(geography, city, state.id) &&
      !stateIsWithin(geography, state.id, city.stateId)
    ) {
      issues.push({ message: `city_id: ${city.id} (${city.name}) is not in state ${state.id}` });
    }
  }

  if (birthDate !== undefined && !isCalendarDate(birthDate)) {
    issues.push({ message: 'birth_date: must be a date as YYYY-MM-DD' });
  }

  const attributes = input.attributes;
  if (attributes !== undefined && !isPlainObject(attributes)) {
    issues.push({ message: 'attributes: must be an object of filter slug to option ids' });
  } else if (attributes) {
    for (const [slug, ids] of Object.entries(attributes))
      issues.push(...attributeIssues(geography, slug, ids));
  }
  return issues;
}

function attributeIssues(geography: Geography, slug: string, ids: unknown): Issue[] {
  const where = `attributes.${slug}`;
  if (slug === COUNTRY || slug === STATE || slug === CITY) {
    return [{ message: `${where}: give the location as country_id, state_id and city_id instead` }];
  }
  const definition = filterDefinition(slug);
  const index = fixedOptionIndex(slug);
  if (!definition || !index) {
    return [
      {
        message: `${where}: not a profile attribute; use a multi_select filter slug from GET /v2/filters`,
      },
    ];
  }
  if (!Array.isArray(ids)) return [{ message: `${where}: must be an array of option ids` }];
  const issues: Issue[] = [];
  ids.forEach((id, at) => {
    if (typeof id !== 'string') {
      issues.push({ message: `${where}[${at}]: must be a string option id` });
    } else if (!index.get(id)) {
      issues.push({ message: unknownPlace(geography, `${where}[${at}]`, slug, id, []) });
    }
  });
  return issues;
}

function unknownPlace(
  geography: Geography,
  where: string,
  slug: string,
  given: string,
  countryIds: string[],
) {
  const [named] = optionsNamed(geography, slug, given, countryIds);
  if (named)
    return `${where}: "${given}" is not an option id; use the option id ${named.id} for name ${named.name}`;
  return `${where}: unknown option id "${given}"; see GET /v2/filters/${slug}/options`;
}

function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
