import { NotFoundError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { createGroup, deleteParticipantGroup, renameParticipantGroup } from './manage.ts';
import { addGroupMembers, removeGroupMember } from './members.ts';
import {
  AddedMembers,
  AddMembersBody,
  CreateGroupBody,
  DeletedParticipantGroup,
  GroupMemberList,
  GroupParams,
  ListQuery,
  MemberParams,
  ParticipantGroup,
  ParticipantGroupList,
  RemovedMember,
  RenameGroupBody,
} from './schemas.ts';
import { findGroup, listGroups, listMembers } from './store.ts';
import { groupView } from './view.ts';

const tags = ['Participant groups'];

export function participantGroupRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  async function ownedGroup(organizationId: string, groupId: string) {
    const group = await findGroup(db, organizationId, groupId);
    if (!group) throw new NotFoundError('Participant group', groupId);
    return group;
  }

  app.post(
    '/participant-groups',
    {
      schema: {
        tags,
        operationId: 'createParticipantGroup',
        summary: 'Create a participant group',
        description:
          'A named set of participants, for the `reference--include_groups` and `reference--exclude_groups` audience filters. Each call creates a new group.',
        body: CreateGroupBody,
        response: { 200: ParticipantGroup, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return groupView(
        await createGroup(db, {
          organizationId: organization.id,
          name: request.body.name,
          now: now(),
        }),
      );
    },
  );

  app.get(
    '/participant-groups',
    {
      schema: {
        tags,
        operationId: 'listParticipantGroups',
        summary: 'The organization’s participant groups, newest first',
        querystring: ListQuery,
        response: { 200: ParticipantGroupList, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const limit = request.query.limit ?? 25;
      const rows = await listGroups(db, organization.id, { cursor: request.query.cursor, limit });
      return toPage(rows, limit, (row) => [row.id], groupView);
    },
  );

  app.get(
    '/participant-groups/:groupId',
    {
      schema: {
        tags,
        operationId: 'getParticipantGroup',
        summary: 'A participant group with its member count',
        params: GroupParams,
        response: { 200: ParticipantGroup, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return groupView(await ownedGroup(organization.id, request.params.groupId));
    },
  );

  app.patch(
    '/participant-groups/:groupId',
    {
      schema: {
        tags,
        operationId: 'renameParticipantGroup',
        summary: 'Rename a participant group',
        params: GroupParams,
        body: RenameGroupBody,
        response: { 200: ParticipantGroup, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return groupView(
        await renameParticipantGroup(db, {
          organizationId: organization.id,
          groupId: request.params.groupId,
          name: request.body.name,
          now: now(),
        }),
      );
    },
  );

  app.delete(
    '/participant-groups/:groupId',
    {
      schema: {
        tags,
        operationId: 'deleteParticipantGroup',
        summary: 'Delete a participant group; 409 while an open opportunity filters on it',
        params: GroupParams,
        response: {
          200: DeletedParticipantGroup,
          ...errorResponses('NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      await deleteParticipantGroup(db, {
        organizationId: organization.id,
        groupId: request.params.groupId,
      });
      return { id: request.params.groupId, deleted: true as const };
    },
  );

  app.post(
    '/participant-groups/:groupId/members',
    {
      schema: {
        tags,
        operationId: 'addParticipantGroupMembers',
        summary: 'Add participants to a group (idempotent), by id or from an earlier study',
        description:
          'Give `participant_ids` (up to 1,000, people who applied to one of your studies) or `from_opportunity` with an optional `status` (e.g. everyone approved in a study). People already in the group are left as they are.',
        params: GroupParams,
        body: AddMembersBody,
        response: { 200: AddedMembers, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { added, group } = await addGroupMembers(db, {
        organizationId: organization.id,
        groupId: request.params.groupId,
        body: request.body,
        now: now(),
      });
      return { group_id: group.id, added, member_count: group.member_count };
    },
  );

  app.get(
    '/participant-groups/:groupId/members',
    {
      schema: {
        tags,
        operationId: 'listParticipantGroupMembers',
        summary: 'A group’s members, by participant id',
        params: GroupParams,
        querystring: ListQuery,
        response: { 200: GroupMemberList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const group = await ownedGroup(organization.id, request.params.groupId);
      const limit = request.query.limit ?? 25;
      const rows = await listMembers(db, {
        groupId: group.id,
        cursor: request.query.cursor,
        limit,
      });
      return toPage(
        rows,
        limit,
        (row) => [row.participant_id],
        (row) => ({ participant_id: row.participant_id, added_at: row.added_at }),
      );
    },
  );

  app.delete(
    '/participant-groups/:groupId/members/:participantId',
    {
      schema: {
        tags,
        operationId: 'removeParticipantGroupMember',
        summary: 'Remove a participant from a group',
        params: MemberParams,
        response: { 200: RemovedMember, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { groupId, participantId } = request.params;
      await removeGroupMember(db, { organizationId: organization.id, groupId, participantId });
      return { group_id: groupId, participant_id: participantId, deleted: true as const };
    },
  );
}
