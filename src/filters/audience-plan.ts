import { filterClauses, idList } from './audience-filter.ts';
import {
  AGE,
  CITY,
  COUNTRY,
  EXCLUDE_GROUPS,
  EXCLUDE_PARTICIPANTS,
  filterDefinition,
  INCLUDE_GROUPS,
  INCLUDE_PARTICIPANTS,
  type ReputationColumn,
  reputationColumn,
  STATE,
} from './catalog.ts';
import { type ParticipantProfile, reputationValue } from './matching.ts';

/**
 * Audience filters as predicates on stored columns, so a database can count who matches
 * (docs/decisions/0100-audience-size-counted-by-the-database.md). The plan admits exactly the
 * profiles `matchesFilters` admits (matching.ts; `planAdmits` below is the same rule in memory, and
 * both are checked against each other): every predicate must hold.
 *
 * - place: the participant's country_id, state_id or city_id is one of `ids` (`negate`: is none
 *   of them, or is empty). A state filter's ids include every subdivision within the chosen
 *   states, as a state filter matches participants there.
 * - born: birth_date (YYYY-MM-DD) after `after` and on or before `onOrBefore`: an age bound at
 *   `now` as a range of birth dates, compared as text.
 * - attribute: the participant holds one of `ids` of the multi_select filter `slug`.
 * - took_part: the participant took part in one of the opportunities (`negate`: in none).
 * - member_of: the participant is in one of the participant groups (`negate`: in none).
 * - column_range: an integer column of the participant's record of decisions
 *   (docs/decisions/0168-reputation.md) is not null and within `gte` and `lte` (whole numbers in
 *   the column's range; either may be left out).
 * - never: nobody (what matching does with a filter it does not understand).
 */
export type AudiencePredicate =
  | { kind: 'place'; column: 'country_id' | 'state_id' | 'city_id'; ids: string[]; negate: boolean }
  | { kind: 'born'; after?: string; onOrBefore?: string }
  | { kind: 'attribute'; slug: string; ids: string[]; negate: boolean }
  | { kind: 'took_part'; opportunityIds: string[]; negate: boolean }
  | { kind: 'member_of'; groupIds: string[]; negate: boolean }
  | { kind: 'column_range'; column: ReputationColumn; gte?: number; lte?: number }
  | { kind: 'never' };

export interface AudiencePlan {
  predicates: AudiencePredicate[];
}

export interface AudiencePlanContext {
  now: Date;
  /** A state and the subdivisions within it (geography.ts `stateAndSubdivisions`). */
  statesWithin: (stateId: string) => readonly string[];
}

const NEVER: AudiencePlan = { predicates: [{ kind: 'never' }] };
const PLACE_COLUMNS = { [COUNTRY]: 'country_id', [STATE]: 'state_id', [CITY]: 'city_id' } as const;

export function audiencePlan(filters: unknown, context: AudiencePlanContext): AudiencePlan {
  const clauses = filterClauses(filters);
  if (Array.isArray(filters) && clauses.length !== filters.length) return NEVER;
  const predicates: AudiencePredicate[] = [];
  for (const { slug, operators } of clauses) {
    const definition = filterDefinition(slug);
    if (!definition) return NEVER;
    for (const [operator, operand] of Object.entries(operators)) {
      const predicate = predicateFor(slug, definition.entry.type, operator, operand, context);
      if (predicate.kind === 'never') return NEVER;
      if (predicate.kind !== 'always') predicates.push(predicate);
    }
  }
  return { predicates };
}

function predicateFor(
  slug: string,
  type: string,
  operator: string,
  operand: unknown,
  context: AudiencePlanContext,
): AudiencePredicate | { kind: 'always' } {
  switch (type) {
    case 'integer': {
      if (typeof operand !== 'number' || Number.isNaN(operand)) return { kind: 'never' };
      const column = reputationColumn(slug);
      if (column) return columnBound(column, operator, operand);
      if (slug !== AGE) return { kind: 'never' };
      if (operator === '$gte') return ageAtLeast(Math.ceil(operand), context.now);
      if (operator === '$lte') return negateBorn(ageAtLeast(Math.floor(operand) + 1, context.now));
      return { kind: 'never' };
    }
    case 'reference': {
      if (operator !== '$in') return { kind: 'never' };
      const ids = unique(idList(operand));
      if (slug === INCLUDE_PARTICIPANTS)
        return { kind: 'took_part', opportunityIds: ids, negate: false };
      if (slug === EXCLUDE_PARTICIPANTS)
        return { kind: 'took_part', opportunityIds: ids, negate: true };
      if (slug === INCLUDE_GROUPS) return { kind: 'member_of', groupIds: ids, negate: false };
      if (slug === EXCLUDE_GROUPS) return { kind: 'member_of', groupIds: ids, negate: true };
      return { kind: 'never' };
    }
    case 'multi_select': {
      if (operator !== '$in' && operator !== '$nin') return { kind: 'never' };
      const negate = operator === '$nin';
      const ids = idList(operand);
      if (slug === STATE) {
        const within = unique(ids.flatMap((id) => context.statesWithin(id)));
        return { kind: 'place', column: 'state_id', ids: within, negate };
      }
      if (slug === COUNTRY || slug === CITY) {
        return { kind: 'place', column: PLACE_COLUMNS[slug], ids: unique(ids), negate };
      }
      return { kind: 'attribute', slug, ids: unique(ids), negate };
    }
  }
  return { kind: 'never' };
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** The range of the stored columns (a 32-bit integer on PostgreSQL). */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/**
 * One bound on a reputation column, as the whole number the column compares alike with (a column
 * of integers is at least 2.5 exactly when it is at least 3); a bound past the column's range
 * either leaves only "has a value" or admits nobody, so no query carries a number the column
 * cannot hold.
 */
function columnBound(
  column: ReputationColumn,
  operator: string,
  operand: number,
): AudiencePredicate {
  if (operator === '$gte') {
    const gte = Math.ceil(operand);
    if (gte > INT_MAX) return { kind: 'never' };
    return gte <= INT_MIN
      ? { kind: 'column_range', column }
      : { kind: 'column_range', column, gte };
  }
  if (operator === '$lte') {
    const lte = Math.floor(operand);
    if (lte < INT_MIN) return { kind: 'never' };
    return lte >= INT_MAX
      ? { kind: 'column_range', column }
      : { kind: 'column_range', column, lte };
  }
  return { kind: 'never' };
}

type Bound =
  | { kind: 'born'; after?: string; onOrBefore?: string }
  | { kind: 'always' }
  | { kind: 'never' };

/**
 * Age at least `years` at `now` (ageAt in matching.ts: whole years on the UTC calendar): born on
 * or before the same month and day `years` earlier. As text, `YYYY-MM-DD` orders as the date
 * does, and a bound such as 2010-02-29 (no such day) still sits between the 28th and March 1st.
 */
export function ageAtLeast(years: number, now: Date): Bound {
  if (Number.isNaN(years) || years === Number.POSITIVE_INFINITY) return { kind: 'never' };
  const year = now.getUTCFullYear() - years;
  // Stored birth years have four digits (0000 to 9999).
  if (year > 9999) return { kind: 'always' };
  if (year < 0) return { kind: 'never' };
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return {
    kind: 'born',
    onOrBefore: `${pad(year, 4)}-${pad(now.getUTCMonth() + 1, 2)}-${pad(now.getUTCDate(), 2)}`,
  };
}

function negateBorn(bound: Bound): Bound {
  if (bound.kind === 'always') return { kind: 'never' };
  if (bound.kind === 'never') return { kind: 'always' };
  return { kind: 'born', after: bound.onOrBefore };
}

/** The plan's rule in memory: what the database query counts, for one profile. */
export function planAdmits(
  plan: AudiencePlan,
  profile: ParticipantProfile,
  tookPartIn: ReadonlySet<string>,
  groupIds: ReadonlySet<string> = new Set(),
): boolean {
  return plan.predicates.every((predicate) => {
    switch (predicate.kind) {
      case 'never':
        return false;
      case 'born':
        return (
          (predicate.after === undefined || profile.birth_date > predicate.after) &&
          (predicate.onOrBefore === undefined || profile.birth_date <= predicate.onOrBefore)
        );
      case 'place': {
        const value = profile[predicate.column];
        const holds = value != null && predicate.ids.includes(value);
        return holds !== predicate.negate;
      }
      case 'attribute': {
        const held = profile.attributes[predicate.slug] ?? [];
        return held.some((id) => predicate.ids.includes(id)) !== predicate.negate;
      }
      case 'took_part':
        return predicate.opportunityIds.some((id) => tookPartIn.has(id)) !== predicate.negate;
      case 'member_of':
        return predicate.groupIds.some((id) => groupIds.has(id)) !== predicate.negate;
      case 'column_range': {
        const value = reputationValue(profile, predicate.column);
        return (
          value !== null &&
          (predicate.gte === undefined || value >= predicate.gte) &&
          (predicate.lte === undefined || value <= predicate.lte)
        );
      }
    }
    return false;
  });
}
