import type { Issue } from '../platform/errors.ts';
import { idList, isPlainObject } from './audience-filter.ts';
import {
  CITY,
  COUNTRY,
  EXCLUDE_GROUPS,
  EXCLUDE_PARTICIPANTS,
  type FilterCatalogEntry,
  filterDefinition,
  INCLUDE_GROUPS,
  INCLUDE_PARTICIPANTS,
  STATE,
} from './catalog.ts';
import { cityIsInState, type Geography, stateIsWithin } from './geography.ts';
import { findOption, optionsNamed } from './option-lookup.ts';

export type { Issue };

export interface FilterValidationContext {
  /** Ids of the organization's own opportunities (look up `referencedOpportunityIds` first). */
  knownOpportunityIds: ReadonlySet<string>;
  /** Ids of the organization's own participant groups (look up `referencedGroupIds` first). */
  knownGroupIds?: ReadonlySet<string>;
}

const SUGGESTIONS = 3;

/**
 * Every problem with an opportunity's `filters` (docs/api/audience-filters.md), each as one issue
 * naming where it is (`filters[2].integer--age`), so a caller can fix them all in one go.
 */
export function validateFilters(
  geography: Geography,
  filters: unknown,
  context: FilterValidationContext,
): Issue[] {
  if (!Array.isArray(filters)) return [{ message: 'filters: must be an array of filter objects' }];
  const issues: Issue[] = [];
  const countryIds = new Set<string>();
  const stateIds = new Set<string>();
  const cityIds = new Set<string>();
  /** An unknown place id makes consistency messages guesswork, so they wait for the fix. */
  let locationUnsettled = false;
  const idsBySlug = (slug: string) =>
    slug === COUNTRY ? countryIds : slug === STATE ? stateIds : slug === CITY ? cityIds : undefined;

  // Countries first, so names of states and cities are looked up in the chosen countries.
  for (const element of filters) {
    if (isPlainObject(element) && isPlainObject(element[COUNTRY])) {
      for (const id of idList(element[COUNTRY].$in)) {
        if (geography.countries.get(id)) countryIds.add(id);
      }
    }
  }

  filters.forEach((element, at) => {
    const where = `filters[${at}]`;
    if (!isPlainObject(element) || Object.keys(element).length !== 1) {
      issues.push({
        message: `${where}: must be an object with exactly one key, a filter slug, e.g. {"multi_select--country": {"$in": ["DE"]}}`,
      });
      return;
    }
    const slug = Object.keys(element)[0]!;
    const definition = filterDefinition(slug);
    if (!definition) {
      issues.push({ message: `${where}: unknown filter slug "${slug}"; see GET /v2/filters` });
      return;
    }
    const operators = element[slug];
    const place = `${where}.${slug}`;
    if (!isPlainObject(operators) || Object.keys(operators).length === 0) {
      issues.push({
        message: `${place}: must map an operator (${definition.entry.operators.join(', ')}) to an operand`,
      });
      return;
    }
    for (const [operator, operand] of Object.entries(operators)) {
      if (!definition.entry.operators.includes(operator)) {
        issues.push({
          message: `${place}: operator "${operator}" is not allowed for a ${definition.entry.type} filter; use ${definition.entry.operators.join(' or ')}`,
        });
        continue;
      }
      const at = `${place}.${operator}`;
      switch (definition.entry.type) {
        case 'multi_select': {
          const ids = checkIdArray(at, operand, issues);
          for (const id of ids) {
            if (findOption(geography, slug, id)) {
              if (operator === '$in') idsBySlug(slug)?.add(id);
              continue;
            }
            if (idsBySlug(slug)) locationUnsettled = true;
            issues.push({ message: unknownOption(geography, at, slug, id, [...countryIds]) });
          }
          break;
        }
        case 'integer':
          checkBound(at, operand, definition.entry, issues);
          break;
        case 'reference':
          for (const id of checkIdArray(at, operand, issues)) {
            if (GROUP_FILTERS.has(slug)) {
              if (!context.knownGroupIds?.has(id)) {
                issues.push({
                  message: `${at}: "${id}" is not a participant group of this organization`,
                });
              }
            } else if (!context.knownOpportunityIds.has(id)) {
              issues.push({ message: `${at}: "${id}" is not an opportunity of this organization` });
            }
          }
          break;
      }
    }
    if (definition.entry.type === 'integer') checkRange(place, operators, issues);
  });

  if (!locationUnsettled)
    issues.push(...placeConsistency(geography, countryIds, stateIds, cityIds));
  return issues;
}

function checkIdArray(at: string, operand: unknown, issues: Issue[]): string[] {
  if (!Array.isArray(operand) || operand.length === 0) {
    issues.push({ message: `${at}: must be a non-empty array of option ids` });
    return [];
  }
  const ids: string[] = [];
  operand.forEach((id, index) => {
    if (typeof id === 'string' && id.length > 0) ids.push(id);
    else issues.push({ message: `${at}[${index}]: must be a non-empty string id` });
  });
  return ids;
}

function unknownOption(
  geography: Geography,
  at: string,
  slug: string,
  given: string,
  countryIds: string[],
): string {
  const inChosen = optionsNamed(geography, slug, given, countryIds);
  const named = (
    inChosen.length > 0 || countryIds.length === 0 ? inChosen : optionsNamed(geography, slug, given)
  ).slice(0, SUGGESTIONS);
  if (named.length === 0) {
    return `${at}: unknown option id "${given}"; see GET /v2/filters/${slug}/options`;
  }
  const hints = named.map((option) => {
    const country = option.countryId ? `, ${option.countryId}` : '';
    return `use the option id ${option.id} for name ${option.name}${country}`;
  });
  return `${at}: "${given}" is not an option id; ${hints.join('; or ')}`;
}

function checkBound(at: string, operand: unknown, entry: FilterCatalogEntry, issues: Issue[]) {
  if (typeof operand !== 'number' || !Number.isInteger(operand)) {
    issues.push({ message: `${at}: must be an integer` });
    return;
  }
  if (
    (entry.min !== undefined && operand < entry.min) ||
    (entry.max !== undefined && operand > entry.max)
  ) {
    issues.push({
      message: `${at}: ${operand} is outside the allowed range ${entry.min} to ${entry.max}`,
    });
  }
}

function checkRange(place: string, operators: Record<string, unknown>, issues: Issue[]) {
  const { $gte, $lte } = operators;
  if (typeof $gte === 'number' && typeof $lte === 'number' && $gte > $lte) {
    issues.push({
      message: `${place}: $gte (${$gte}) is greater than $lte (${$lte}), so nobody matches`,
    });
  }
}

/** Filters are ANDed: a state outside every chosen country, or a city outside them, never matches. */
function placeConsistency(
  geography: Geography,
  countryIds: ReadonlySet<string>,
  stateIds: ReadonlySet<string>,
  cityIds: ReadonlySet<string>,
): Issue[] {
  const issues: Issue[] = [];
  const countries = [...countryIds].join(', ');
  for (const id of stateIds) {
    const state = geography.state(id)!;
    if (countryIds.size > 0 && !countryIds.has(state.countryId)) {
      issues.push({
        message: `filters: state ${id} (${state.name}) is not in the chosen countries (${countries})`,
      });
    }
  }
  for (const id of cityIds) {
    const city = geography.city(id)!;
    if (countryIds.size > 0 && !countryIds.has(city.countryId)) {
      issues.push({
        message: `filters: city ${id} (${city.name}) is not in the chosen countries (${countries})`,
      });
      continue;
    }
    if (stateIds.size === 0 || city.stateId === undefined) continue;
    const inAChosenState = [...stateIds].some(
      (stateId) =>
        cityIsInState(geography, city, stateId) || stateIsWithin(geography, stateId, city.stateId!),
    );
    if (!inAChosenState) {
      issues.push({
        message: `filters: city ${id} (${city.name}) is not in the chosen states (${[...stateIds].join(', ')})`,
      });
    }
  }
  return issues;
}

const GROUP_FILTERS: ReadonlySet<string> = new Set([INCLUDE_GROUPS, EXCLUDE_GROUPS]);

/** Participant group ids named by the group filters, so the caller can check they are its own. */
export function referencedGroupIds(filters: unknown): string[] {
  return idsNamedBy(filters, [INCLUDE_GROUPS, EXCLUDE_GROUPS]);
}

/** Opportunity ids named by the reference filters, so the caller can check they are its own. */
export function referencedOpportunityIds(filters: unknown): string[] {
  return idsNamedBy(filters, [INCLUDE_PARTICIPANTS, EXCLUDE_PARTICIPANTS]);
}

function idsNamedBy(filters: unknown, slugs: readonly string[]): string[] {
  if (!Array.isArray(filters)) return [];
  const ids = new Set<string>();
  for (const element of filters) {
    if (!isPlainObject(element)) continue;
    for (const slug of slugs) {
      const operators = element[slug];
      if (isPlainObject(operators)) for (const id of idList(operators.$in)) ids.add(id);
    }
  }
  return [...ids];
}
