import {
  ageAt,
  type CompiledFilters,
  compileFilters,
  type MatchContext,
  matchContext,
  matchesCompiledFilters,
  type ParticipantProfile,
  referencedGroupIds,
} from '../filters/index.ts';
import type { OpportunityRow } from '../opportunities/index.ts';
import { isLaunched, type OpportunityStatus, opportunityParts } from '../opportunities/index.ts';
import type { ParticipantRow } from './participants.table.ts';
import { matchProfile } from './profile.ts';

/**
 * Statuses that mean a person took part in an opportunity, for the `reference--` filters: they
 * were given a place at some point (invited, worked, reviewed, or gave it up). Screened-out
 * people and applicants still waiting never took part.
 */
export const TOOK_PART_STATUSES: ReadonlySet<string> = new Set([
  'screen_passed',
  'in_progress',
  'awaiting_review',
  'approved',
  'rejected',
  'abandoned',
]);

/** Opportunity ids a participant took part in, from their applications (opportunity to status). */
export function participatedIn(applications: ReadonlyMap<string, string>): Set<string> {
  const ids = new Set<string>();
  for (const [opportunityId, status] of applications) {
    if (TOOK_PART_STATUSES.has(status)) ids.add(opportunityId);
  }
  return ids;
}

export interface Eligibility {
  participant: ParticipantRow;
  linkedAccounts: ReadonlySet<string>;
  participated: ReadonlySet<string>;
  /** Participant groups the person is in, for the `reference--*_groups` filters. */
  groupIds: ReadonlySet<string>;
  now: Date;
  /** The profile the filters read, made once: discovery matches it against hundreds of studies. */
  profile: ParticipantProfile;
  /** What the filters read besides the profile, made once with it. */
  context: MatchContext;
}

/** `groupIds`: the person's participant groups (participant-groups `groupIdsOfParticipant`). */
export function eligibilityOf(
  participant: ParticipantRow,
  applications: ReadonlyMap<string, string>,
  now: Date,
  groupIds: ReadonlySet<string> = new Set(),
): Eligibility {
  const participated = participatedIn(applications);
  const profile = matchProfile(participant);
  return {
    participant,
    linkedAccounts: new Set(JSON.parse(participant.linked_accounts) as string[]),
    participated,
    groupIds,
    now,
    profile,
    context: matchContext({
      now,
      opportunityIdsParticipatedIn: participated,
      groupIds,
      age: ageAt(profile.birth_date, now),
    }),
  };
}

/**
 * Whether the person's participant groups can change isEligible's answer for this opportunity:
 * only its group filters read them, so for any other the look-up of the groups is skipped.
 */
export function readsGroups(opportunity: OpportunityRow): boolean {
  return referencedGroupIds(opportunityParts(opportunity).filters).length > 0;
}

/**
 * Whether the audience filters and required accounts of an opportunity admit this participant. A
 * preview's test participant is admitted by its own opportunity alone, never by another.
 */
export function isEligible(opportunity: OpportunityAudience, eligibility: Eligibility): boolean {
  if (eligibility.participant.is_test === 1) return isOwnPreview(opportunity, eligibility);
  const parts = audienceParts(opportunity);
  return admits(opportunity, compileFilters(parts.filters), parts.requiredAccounts, eligibility);
}

/**
 * An opportunity's audience ready to match (audienceOf): what discovery keeps per study and
 * matches each participant against, as isEligible does the columns' texts.
 */
export interface ParsedAudience extends Pick<OpportunityRow, 'id'> {
  scheduled?: number;
  filters: CompiledFilters;
  requiredAccounts: readonly string[];
}

/** The audience columns of an opportunity, parsed and compiled once for many matches. */
export function audienceOf(
  opportunity: Pick<OpportunityRow, 'id' | 'filters' | 'required_accounts'>,
): Omit<ParsedAudience, 'scheduled'> {
  const parts = audienceParts(opportunity);
  return {
    id: opportunity.id,
    filters: compileFilters(parts.filters),
    requiredAccounts: parts.requiredAccounts,
  };
}

/** isEligible for an audience made ready by audienceOf. */
export function isEligibleAudience(audience: ParsedAudience, eligibility: Eligibility): boolean {
  if (eligibility.participant.is_test === 1) return isOwnPreview(audience, eligibility);
  return admits(audience, audience.filters, audience.requiredAccounts, eligibility);
}

function admits(
  opportunity: Pick<OpportunityRow, 'id'> & { scheduled?: number },
  filters: CompiledFilters,
  requiredAccounts: readonly string[],
  eligibility: Eligibility,
): boolean {
  if (closedByNoShows(opportunity, eligibility.participant)) return false;
  if (!requiredAccounts.every((account) => eligibility.linkedAccounts.has(account))) {
    return false;
  }
  return matchesCompiledFilters(eligibility.profile, filters, eligibility.context);
}

/** What isEligible reads of an opportunity: discovery scans these columns alone. */
export type OpportunityAudience = Pick<
  OpportunityRow,
  'id' | 'filters' | 'required_accounts' | 'scheduled'
>;

/**
 * The two parsed columns isEligible reads. The cache of parsed columns is keyed by their text, and
 * a row read afresh hashes each text it looks up: the screener's and the tasks' (the long ones)
 * are left out, as a scan of 2,000 studies looked up all seven
 * (docs/decisions/0175-discovery-and-applications-at-scale.md).
 */
function audienceParts(opportunity: Pick<OpportunityRow, 'filters' | 'required_accounts'>) {
  return opportunityParts({
    filters: opportunity.filters,
    required_accounts: opportunity.required_accounts,
    screening_questions: '',
    quotas: '',
    cross_quotas: '',
    tasks: '',
    device_types: '',
  });
}

/**
 * A scheduled study (one with lab sessions) is closed to a participant whose no-shows reached
 * NO_SHOW_LIMIT (docs/decisions/0179-no-shows.md); online studies stay open to them.
 */
function closedByNoShows(
  opportunity: Pick<OpportunityRow, 'id'> & { scheduled?: number },
  participant: Pick<ParticipantRow, 'no_show_barred'>,
): boolean {
  return Number(opportunity.scheduled ?? 0) === 1 && Number(participant.no_show_barred) === 1;
}

/** A test participant's one opportunity (docs/decisions/0080-previews-with-test-participants.md). */
function isOwnPreview(opportunity: Pick<OpportunityRow, 'id'>, eligibility: Eligibility): boolean {
  return opportunity.id === eligibility.participant.test_opportunity_id;
}

/**
 * A participant sees a launched opportunity they applied to (to follow their own application),
 * and any launched one whose audience admits them; drafts and other people's studies stay hidden.
 * A preview's test participant sees its own opportunity in any status, drafts included, and
 * nothing else.
 */
export function isVisibleTo(
  opportunity: OpportunityRow,
  applied: boolean,
  eligibility: Eligibility,
): boolean {
  if (eligibility.participant.is_test === 1) return isOwnPreview(opportunity, eligibility);
  if (!isLaunched(opportunity.status as OpportunityStatus)) return false;
  return applied || isEligible(opportunity, eligibility);
}
