import { SUBMISSION_STATUSES } from '../admission/index.ts';
import { findOpportunity } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { organizationApplicants, participantIdsOf } from '../submissions/index.ts';
import { memberSource } from './rules.ts';
import { addMembers, findGroup, type GroupWithCount, lockGroup, removeMember } from './store.ts';

/**
 * POST /v2/participant-groups/{id}/members: adds the listed participants, or everyone of an
 * earlier study in a status, in one transaction; those already in stay as they are, so the call is
 * idempotent. Only people who applied to one of the organization's own studies can be added
 * (others are a ValidationError naming them, without saying whether they exist).
 */
export async function addGroupMembers(
  db: Db,
  input: {
    organizationId: string;
    groupId: string;
    body: { participant_ids?: unknown; from_opportunity?: unknown; status?: unknown };
    now: Date;
  },
): Promise<{ added: number; group: GroupWithCount }> {
  const group = await findGroup(db, input.organizationId, input.groupId);
  if (!group) throw new NotFoundError('Participant group', input.groupId);
  const read = memberSource(input.body, SUBMISSION_STATUSES);
  if (!read.ok) throw new ValidationError('The members are invalid', read.issues);
  const { source } = read;
  let participantIds: string[];
  if (source.kind === 'participants') {
    const known = await organizationApplicants(db, input.organizationId, source.participantIds);
    const strangers = source.participantIds.filter((id) => !known.has(id));
    if (strangers.length > 0) {
      throw new ValidationError(
        'Only participants who applied to this organization’s studies can be added',
        strangers.map((id) => ({
          message: `participant_ids: ${id} has not applied to a study of this organization`,
        })),
      );
    }
    participantIds = source.participantIds;
  } else {
    const opportunity = await findOpportunity(db, input.organizationId, source.opportunityId);
    if (!opportunity) {
      throw new ValidationError('The members are invalid', [
        {
          message: `from_opportunity: no opportunity with id ${source.opportunityId} in this organization`,
        },
      ]);
    }
    participantIds = await participantIdsOf(db, {
      opportunityId: opportunity.id,
      statuses: source.statuses,
    });
  }
  const added = await db.transaction().execute(async (trx) => {
    if (!(await lockGroup(trx, input.organizationId, group.id))) {
      throw new NotFoundError('Participant group', input.groupId);
    }
    return addMembers(trx, group.id, participantIds, input.now.toISOString());
  });
  return { added, group: (await findGroup(db, input.organizationId, group.id))! };
}

/** DELETE /v2/participant-groups/{id}/members/{participantId}; not a member is a NotFoundError. */
export async function removeGroupMember(
  db: Db,
  input: { organizationId: string; groupId: string; participantId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockGroup(trx, input.organizationId, input.groupId))) {
      throw new NotFoundError('Participant group', input.groupId);
    }
    if (!(await removeMember(trx, input.groupId, input.participantId))) {
      throw new NotFoundError('Group member', input.participantId, [
        { message: `${input.participantId} is not a member of group ${input.groupId}` },
      ]);
    }
  });
}
