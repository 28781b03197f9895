import { openOpportunitiesNaming } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { assertNoIssues, ConflictError, NotFoundError } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import type { ParticipantGroupRow } from './participant-groups.table.ts';
import { groupNameIssues } from './rules.ts';
import { deleteGroup, findGroup, type GroupWithCount, insertGroup, renameGroup } from './store.ts';

/**
 * Creating, renaming and deleting participant groups (docs/decisions/0091-participant-groups.md):
 * each one statement or one transaction, scoped to the organization.
 */

export async function createGroup(
  db: Db,
  input: { organizationId: string; name: string; now: Date },
): Promise<GroupWithCount> {
  assertNoIssues(groupNameIssues(input.name));
  const at = input.now.toISOString();
  const row: ParticipantGroupRow = {
    id: newId('participantGroup', input.now.getTime()),
    organization_id: input.organizationId,
    name: input.name.trim(),
    created_at: at,
    updated_at: at,
  };
  await insertGroup(db, row);
  return { ...row, member_count: 0 };
}

export async function renameParticipantGroup(
  db: Db,
  input: { organizationId: string; groupId: string; name: string; now: Date },
): Promise<GroupWithCount> {
  assertNoIssues(groupNameIssues(input.name));
  const renamed = await renameGroup(
    db,
    input.organizationId,
    input.groupId,
    input.name.trim(),
    input.now.toISOString(),
  );
  if (!renamed) throw new NotFoundError('Participant group', input.groupId);
  return (await findGroup(db, input.organizationId, input.groupId))!;
}

/**
 * Deletes a group and its memberships. Refused (ConflictError) while an opportunity that is not
 * closed names it in its filters: the filter would silently stop matching anyone it meant.
 */
export async function deleteParticipantGroup(
  db: Db,
  input: { organizationId: string; groupId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const group = await findGroup(trx, input.organizationId, input.groupId);
    if (!group) throw new NotFoundError('Participant group', input.groupId);
    const naming = await openOpportunitiesNaming(trx, input.organizationId, group.id);
    if (naming.length > 0) {
      throw new ConflictError('Opportunities still filter on this group', [
        {
          message: `Used by ${naming.join(', ')}: stop or delete them, or wait until they close, then delete the group`,
        },
      ]);
    }
    await deleteGroup(trx, group.id);
  });
}
