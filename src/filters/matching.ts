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
  reputationColumn,
  STATE,
} from './catalog.ts';

/** What matching needs of a participant's profile (docs/decisions/0056-participant-sign-up-and-profile.md). */
export interface ParticipantProfile {
  /** YYYY-MM-DD. */
  birth_date: string;
  country_id: string;
  state_id?: string | null;
  city_id?: string | null;
  /** Option ids per multi_select filter slug other than country, state and city. */
  attributes: Readonly<Record<string, readonly string[]>>;
  /**
   * The record of decisions (docs/decisions/0168-reputation.md): percent of decided submissions
   * approved, rounded down, null (or left out) before a first decision; approved submissions, 0
   * when left out.
   */
  approval_rate?: number | null;
  approved_submissions?: number;
  /** Unexcused no-shows of the last twelve months (docs/decisions/0179-no-shows.md), 0 when left out. */
  no_shows?: number;
}

/** A reputation column's value for a profile; null where no bound can match (no decision yet). */
export function reputationValue(
  profile: ParticipantProfile,
  column: 'approval_rate' | 'approved_submissions' | 'no_shows',
): number | null {
  if (column === 'no_shows') return profile.no_shows ?? 0;
  return column === 'approval_rate'
    ? (profile.approval_rate ?? null)
    : (profile.approved_submissions ?? 0);
}

export interface MatchContext {
  now: Date;
  /** Opportunities (of the filtering organization or any) this participant took part in. */
  opportunityIdsParticipatedIn: ReadonlySet<string>;
  /** Participant groups this participant is a member of (none when left out). */
  groupIds?: ReadonlySet<string>;
  /**
   * Whether subdivision `inner` lies in `outer` (FR-69 in FR-ARA). Without it a state filter
   * matches only the participant's own state id.
   */
  stateWithin?: (inner: string, outer: string) => boolean;
  /** The participant's age on `now` (ageAt), when worked out once for many matches. */
  age?: number;
}

/** Whole years from `birthDate` (YYYY-MM-DD) to `now`, on the UTC calendar. */
export function ageAt(birthDate: string, now: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/**
 * Whether the participant qualifies for every filter (filters are ANDed; within one filter
 * `$in` means any of the ids, `$nin` none of them). A filter this module does not know never
 * matches, so a filter that slipped past validation excludes rather than admits.
 */
export function matchesFilters(
  profile: ParticipantProfile,
  filters: unknown,
  context: MatchContext,
): boolean {
  return matchesCompiledFilters(profile, compileFilters(filters), context);
}

/**
 * Filters made ready to match many profiles: each clause's definition looked up and its operands'
 * ids listed once. Discovery keeps them per study, as it matches one participant against hundreds
 * of studies (docs/decisions/0175-discovery-and-applications-at-scale.md). Null for filters that
 * can never match: one that is not a clause, or a slug the catalog does not know.
 */
export type CompiledFilters = readonly CompiledClause[] | null;

interface CompiledClause {
  slug: string;
  type: string;
  /** The reputation column an integer filter other than age bounds. */
  column: ReturnType<typeof reputationColumn>;
  operators: readonly { operator: string; operand: unknown; ids: readonly string[] }[];
}

export function compileFilters(filters: unknown): CompiledFilters {
  const clauses = filterClauses(filters);
  if (Array.isArray(filters) && clauses.length !== filters.length) return null;
  const compiled: CompiledClause[] = [];
  for (const { slug, operators } of clauses) {
    const definition = filterDefinition(slug);
    if (!definition) return null;
    compiled.push({
      slug,
      type: definition.entry.type,
      column: reputationColumn(slug),
      operators: Object.entries(operators).map(([operator, operand]) => ({
        operator,
        operand,
        ids: idList(operand),
      })),
    });
  }
  return compiled;
}

/** matchesFilters for filters compiled once (compileFilters). */
export function matchesCompiledFilters(
  profile: ParticipantProfile,
  filters: CompiledFilters,
  context: MatchContext,
): boolean {
  if (filters === null) return false;
  for (const clause of filters) {
    for (const { operator, operand, ids } of clause.operators) {
      if (!matchesOperator(profile, clause, operator, operand, ids, context)) return false;
    }
  }
  return true;
}

function matchesOperator(
  profile: ParticipantProfile,
  { slug, type, column }: CompiledClause,
  operator: string,
  operand: unknown,
  ids: readonly string[],
  context: MatchContext,
): boolean {
  switch (type) {
    case 'integer': {
      if (slug === AGE) {
        return matchesBound(
          context.age ?? ageAt(profile.birth_date, context.now),
          operator,
          operand,
        );
      }
      const value = column && reputationValue(profile, column);
      return value != null && matchesBound(value, operator, operand);
    }
    case 'reference': {
      if (slug === INCLUDE_GROUPS || slug === EXCLUDE_GROUPS) {
        const member = ids.some((id) => context.groupIds?.has(id) ?? false);
        return operator === '$in' && (slug === INCLUDE_GROUPS ? member : !member);
      }
      const tookPart = ids.some((id) => context.opportunityIdsParticipatedIn.has(id));
      if (slug === INCLUDE_PARTICIPANTS) return operator === '$in' && tookPart;
      if (slug === EXCLUDE_PARTICIPANTS) return operator === '$in' && !tookPart;
      return false;
    }
    case 'multi_select': {
      const holdsAny = holdsAnyOf(profile, slug, ids, context);
      if (operator === '$in') return holdsAny;
      if (operator === '$nin') return !holdsAny;
      return false;
    }
  }
  return false;
}

/** Whether the participant holds any of these options (a state within a wanted one counts). */
function holdsAnyOf(
  profile: ParticipantProfile,
  slug: string,
  ids: readonly string[],
  context: MatchContext,
): boolean {
  // Country, state and city are one value each, compared without making a list of it.
  if (slug === COUNTRY) return ids.some((id) => id === profile.country_id);
  if (slug === STATE || slug === CITY) {
    const held = slug === STATE ? profile.state_id : profile.city_id;
    return !!held && ids.some((id) => sameOrWithin(slug, held, id, context));
  }
  const held = profile.attributes[slug] ?? [];
  return ids.some((id) => held.some((value) => sameOrWithin(slug, value, id, context)));
}

function sameOrWithin(slug: string, held: string, wanted: string, context: MatchContext): boolean {
  if (held === wanted) return true;
  return slug === STATE && context.stateWithin !== undefined && context.stateWithin(held, wanted);
}

function matchesBound(value: number, operator: string, operand: unknown): boolean {
  if (typeof operand !== 'number') return false;
  if (operator === '$gte') return value >= operand;
  if (operator === '$lte') return value <= operand;
  return false;
}
