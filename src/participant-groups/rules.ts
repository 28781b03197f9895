import type { Issue } from '../platform/errors.ts';

/**
 * Participant groups (docs/decisions/0091-participant-groups.md): named sets of people an
 * organization keeps, to invite back (`reference--include_groups`) or keep out
 * (`reference--exclude_groups`). Pure rules, property-tested.
 */

export const MAX_GROUP_NAME_LENGTH = 200;
export const MAX_MEMBERS_PER_CALL = 1_000;

export function groupNameIssues(name: unknown): Issue[] {
  if (typeof name !== 'string' || name.trim() === '') {
    return [{ message: 'name: must not be blank' }];
  }
  if (name.trim().length > MAX_GROUP_NAME_LENGTH) {
    return [{ message: `name: at most ${MAX_GROUP_NAME_LENGTH} characters` }];
  }
  return [];
}

/** Who to add: listed participants, or the people of an earlier study (by status). */
export type MemberSource =
  | { kind: 'participants'; participantIds: string[] }
  | { kind: 'opportunity'; opportunityId: string; statuses: string[] };

/**
 * Reads the add-members body: exactly one of `participant_ids` (1 to 1,000, repeats counted once)
 * and `from_opportunity` (with an optional `status`; without one, everyone who took part: every
 * submission status but screened_out).
 */
export function memberSource(
  body: { participant_ids?: unknown; from_opportunity?: unknown; status?: unknown },
  submissionStatuses: readonly string[],
): { ok: true; source: MemberSource } | { ok: false; issues: Issue[] } {
  const byIds = body.participant_ids !== undefined;
  const byOpportunity = body.from_opportunity !== undefined;
  if (byIds === byOpportunity) {
    return {
      ok: false,
      issues: [{ message: 'send exactly one of participant_ids and from_opportunity' }],
    };
  }
  if (byIds) {
    const ids = body.participant_ids;
    if (body.status !== undefined) {
      return { ok: false, issues: [{ message: 'status: goes with from_opportunity only' }] };
    }
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > MAX_MEMBERS_PER_CALL ||
      !ids.every((id) => typeof id === 'string' && id.length > 0)
    ) {
      return {
        ok: false,
        issues: [{ message: `participant_ids: 1 to ${MAX_MEMBERS_PER_CALL} participant ids` }],
      };
    }
    return { ok: true, source: { kind: 'participants', participantIds: [...new Set(ids)] } };
  }
  if (typeof body.from_opportunity !== 'string' || body.from_opportunity === '') {
    return { ok: false, issues: [{ message: 'from_opportunity: must be an opportunity id' }] };
  }
  if (body.status !== undefined && !submissionStatuses.includes(body.status as string)) {
    return {
      ok: false,
      issues: [{ message: `status: one of ${submissionStatuses.join(', ')}` }],
    };
  }
  const statuses =
    body.status === undefined
      ? submissionStatuses.filter((status) => status !== 'screened_out')
      : [body.status as string];
  return {
    ok: true,
    source: { kind: 'opportunity', opportunityId: body.from_opportunity, statuses },
  };
}
