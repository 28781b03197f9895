import { phraseIssue } from '../platform/errors.ts';
import type { Values } from '../platform/i18n/catalog.ts';
import { isPlainObject } from './audience-filter.ts';
import { CITY, COUNTRY, filterDefinition, STATE } from './catalog.ts';
import { cityIsInState, type Geography, stateIsWithin } from './geography.ts';
import { profileProblemTexts } from './locales/problems/index.ts';
import { optionsNamed } from './option-lookup.ts';
import { fixedOptionIndex } from './options.ts';
import type { Issue } from './validation.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Key = Parameters<typeof profileProblemTexts.phrase>[0];

/**
 * A problem as a catalog phrase: the API shows its English as it always has, a participant's page
 * says it in their language (src/filters/locales/problems/).
 */
const problem = (key: Key, values?: Values): Issue =>
  phraseIssue(profileProblemTexts.phrase(key, values));

/**
 * The filter-related part of a participant sign-up or profile change: `country_id`, `state_id`,
 * `city_id`, `birth_date` (when given) and `attributes` ({slug: [option id, ...]} for the fixed
 * multi_select filters). Every problem is listed.
 */
export function validateProfileAttributes(geography: Geography, input: unknown): Issue[] {
  if (!isPlainObject(input)) return [problem('notAnObject')];
  const issues: Issue[] = [];
  const {
    country_id: countryId,
    state_id: stateId,
    city_id: cityId,
    birth_date: birthDate,
  } = input;

  const country = typeof countryId === 'string' ? geography.countries.get(countryId) : undefined;
  if (typeof countryId !== 'string') {
    issues.push(problem('countryRequired'));
  } else if (!country) {
    issues.push(unknownPlace(geography, 'country_id', COUNTRY, countryId, []));
  }

  let state: ReturnType<Geography['state']>;
  if (stateId !== undefined && stateId !== null) {
    state = typeof stateId === 'string' ? geography.state(stateId) : undefined;
    if (typeof stateId !== 'string') issues.push(problem('stateNotText'));
    else if (!state)
      issues.push(unknownPlace(geography, 'state_id', STATE, stateId, country ? [country.id] : []));
    else if (country && state.countryId !== country.id) {
      issues.push(
        problem('stateNotInCountry', { state: state.id, name: state.name, country: country.id }),
      );
    }
  }

  if (cityId !== undefined && cityId !== null) {
    const city = typeof cityId === 'string' ? geography.city(cityId) : undefined;
    if (typeof cityId !== 'string') issues.push(problem('cityNotText'));
    else if (!city)
      issues.push(unknownPlace(geography, 'city_id', CITY, cityId, country ? [country.id] : []));
    else if (country && city.countryId !== country.id) {
      issues.push(
        problem('cityNotInCountry', { city: city.id, name: city.name, country: country.id }),
      );
    } else if (
      state &&
      city.stateId !== undefined &&
      !cityIsInState(geography, city, state.id) &&
      !stateIsWithin(geography, state.id, city.stateId)
    ) {
      issues.push(problem('cityNotInState', { city: city.id, name: city.name, state: state.id }));
    }
  }

  if (birthDate !== undefined && !isCalendarDate(birthDate)) {
    issues.push(problem('birthDateNotADate'));
  }

  const attributes = input.attributes;
  if (attributes !== undefined && !isPlainObject(attributes)) {
    issues.push(problem('attributesNotAnObject'));
  } else if (attributes) {
    for (const [slug, ids] of Object.entries(attributes))
      issues.push(...attributeIssues(geography, slug, ids));
  }
  return issues;
}

function attributeIssues(geography: Geography, slug: string, ids: unknown): Issue[] {
  const where = `attributes.${slug}`;
  if (slug === COUNTRY || slug === STATE || slug === CITY) {
    return [problem('placeAsAttribute', { where })];
  }
  const definition = filterDefinition(slug);
  const index = fixedOptionIndex(slug);
  if (!definition || !index) {
    return [problem('notAnAttribute', { where })];
  }
  if (!Array.isArray(ids)) return [problem('attributeNotAList', { where })];
  const issues: Issue[] = [];
  ids.forEach((id, at) => {
    if (typeof id !== 'string') {
      issues.push(problem('optionNotText', { where: `${where}[${at}]` }));
    } else if (!index.get(id)) {
      issues.push(unknownPlace(geography, `${where}[${at}]`, slug, id, []));
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
): Issue {
  const [named] = optionsNamed(geography, slug, given, countryIds);
  if (named) return problem('optionByName', { where, given, id: named.id, name: named.name });
  return problem('unknownOption', { where, given, slug });
}

function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
