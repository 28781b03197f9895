import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { prepared } from '../platform/db/prepared.ts';
import { selectOwned, updateOwned } from '../platform/db/tenant.ts';
import type { ParticipantGroupMemberRow, ParticipantGroupRow } from './participant-groups.table.ts';

export type GroupWithCount = ParticipantGroupRow & { member_count: number };

const CHUNK = 500;

function withCount(db: Db, organizationId: string) {
  return selectOwned(db, 'participant_groups', organizationId).select((eb) => [
    'participant_groups.id',
    'participant_groups.organization_id',
    'participant_groups.name',
    'participant_groups.created_at',
    'participant_groups.updated_at',
    eb
      .selectFrom('participant_group_members as m')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('m.group_id', '=', 'participant_groups.id')
      .as('member_count'),
  ]);
}

const counted = (row: Omit<GroupWithCount, 'member_count'> & { member_count: unknown }) =>
  ({ ...row, member_count: Number(row.member_count ?? 0) }) as GroupWithCount;

export async function insertGroup(db: Db, row: ParticipantGroupRow): Promise<void> {
  await db.insertInto('participant_groups').values(row).execute();
}

export async function findGroup(
  db: Db,
  organizationId: string,
  id: string,
): Promise<GroupWithCount | undefined> {
  const row = await withCount(db, organizationId)
    .where('participant_groups.id', '=', id)
    .executeTakeFirst();
  return row && counted(row);
}

/** The organization's groups, newest first (participant_groups_organization). */
export async function listGroups(
  db: Db,
  organizationId: string,
  page: { cursor?: string; limit: number },
): Promise<GroupWithCount[]> {
  const rows = await keysetPage(
    withCount(db, organizationId),
    'participant_groups.id',
    'desc',
    page,
  ).execute();
  return rows.map(counted);
}

export async function renameGroup(
  db: Db,
  organizationId: string,
  id: string,
  name: string,
  now: string,
): Promise<boolean> {
  const result = await updateOwned(db, 'participant_groups', organizationId)
    .set({ name, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes a group and its memberships. */
export async function deleteGroup(trx: Db, id: string): Promise<void> {
  await trx.deleteFrom('participant_group_members').where('group_id', '=', id).execute();
  await trx.deleteFrom('participant_groups').where('id', '=', id).execute();
}

/** Adds members, skipping those already in: answers how many were new. */
export async function addMembers(
  trx: Db,
  groupId: string,
  participantIds: readonly string[],
  now: string,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < participantIds.length; i += CHUNK) {
    const part = participantIds.slice(i, i + CHUNK);
    const result = await trx
      .insertInto('participant_group_members')
      .values(part.map((participant_id) => ({ group_id: groupId, participant_id, added_at: now })))
      .onConflict((oc) => oc.columns(['group_id', 'participant_id']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function removeMember(trx: Db, groupId: string, participantId: string) {
  const result = await trx
    .deleteFrom('participant_group_members')
    .where('group_id', '=', groupId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A group's members by participant id (the primary key's order). */
export async function listMembers(
  db: Db,
  page: { groupId: string; cursor?: string; limit: number },
): Promise<ParticipantGroupMemberRow[]> {
  return keysetPage(
    db.selectFrom('participant_group_members').selectAll().where('group_id', '=', page.groupId),
    'participant_id',
    'asc',
    page,
  ).execute();
}

/** Every group a participant is in, whoever owns it: what matching reads. */
export async function groupIdsOfParticipant(db: Db, participantId: string): Promise<Set<string>> {
  // In the turn's message with the other reads asked at the same time (discovery's scan).
  const rows = await groupsOfParticipant.inTurn(db, { participantId });
  return new Set(rows.map((row) => row.group_id));
}

/** Compiled once: every application and study list of a participant reads it. */
const groupsOfParticipant = prepared((db, p: { participantId: string }) =>
  db
    .selectFrom('participant_group_members')
    .select('group_id')
    .where('participant_id', '=', p.participantId),
);

/** Which of these ids are the organization's own groups (filter validation). */
export async function ownGroupIds(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await selectOwned(db, 'participant_groups', organizationId)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Takes the group's row lock on PostgreSQL (no-op update), so membership changes queue up. */
export async function lockGroup(trx: Db, organizationId: string, id: string): Promise<boolean> {
  const result = await updateOwned(trx, 'participant_groups', organizationId)
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Takes a participant out of every group of every organization (an erasure). */
export async function removeFromAllGroups(trx: Db, participantId: string): Promise<void> {
  await trx
    .deleteFrom('participant_group_members')
    .where('participant_id', '=', participantId)
    .execute();
}
