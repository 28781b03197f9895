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
  const clauses = filterClauses(filters);
  if (Array.isArray(filters) && clauses.length !== filters.length) return false;
  return clauses.every(({ slug, operators }) => {
    const definition = filterDefinition(slug);
    if (!definition) return false;
    return Object.entries(operators).every(([operator, operand]) => {
      switch (definition.entry.type) {
        case 'integer': {
          if (slug === AGE) {
            return matchesBound(ageAt(profile.birth_date, context.now), operator, operand);
          }
          const column = reputationColumn(slug);
          const value = column && reputationValue(profile, column);
          return value != null && matchesBound(value, operator, operand);
        }
        case 'reference': {
          if (slug === INCLUDE_GROUPS || slug === EXCLUDE_GROUPS) {
            const member = idList(operand).some((id) => context.groupIds?.has(id) ?? false);
            return operator === '$in' && (slug === INCLUDE_GROUPS ? member : !member);
          }
          const tookPart = idList(operand).some((id) =>
            context.opportunityIdsParticipatedIn.has(id),
          );
          if (slug === INCLUDE_PARTICIPANTS) return operator === '$in' && tookPart;
          if (slug === EXCLUDE_PARTICIPANTS) return operator === '$in' && !tookPart;
          return false;
        }
        case 'multi_select': {
          const held = heldOptions(profile, slug);
          const ids = idList(operand);
          const holdsAny = ids.some((id) =>
            held.some((value) => sameOrWithin(slug, value, id, context)),
          );
          if (operator === '$in') return holdsAny;
          if (operator === '$nin') return !holdsAny;
          return false;
        }
      }
      return false;
    });
  });
}

function heldOptions(profile: ParticipantProfile, slug: string): readonly string[] {
  switch (slug) {
    case COUNTRY:
      return [profile.country_id];
    case STATE:
      return profile.state_id ? [profile.state_id] : [];
    case CITY:
      return profile.city_id ? [profile.city_id] : [];
    default:
      return profile.attributes[slug] ?? [];
  }
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
