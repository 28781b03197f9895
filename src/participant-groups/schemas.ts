import { type Static, Type } from 'typebox';
import { SUBMISSION_STATUSES } from '../admission/index.ts';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { MAX_GROUP_NAME_LENGTH, MAX_MEMBERS_PER_CALL } from './rules.ts';

export const GroupParams = Type.Object({ groupId: Type.String() });
export const MemberParams = Type.Object({ groupId: Type.String(), participantId: Type.String() });

const Name = Type.String({ minLength: 1, maxLength: MAX_GROUP_NAME_LENGTH });

export const CreateGroupBody = Type.Object({ name: Name }, { additionalProperties: false });
export const RenameGroupBody = Type.Object({ name: Name }, { additionalProperties: false });

export const ParticipantGroup = Type.Object({
  id: Type.String({ examples: ['grp_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  name: Type.String(),
  member_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type ParticipantGroupResponse = Static<typeof ParticipantGroup>;

export const ParticipantGroupList = Type.Object({
  data: Type.Array(ParticipantGroup),
  pagination: Pagination,
});

export const DeletedParticipantGroup = Type.Object({
  id: Type.String(),
  deleted: Type.Literal(true),
});

export const AddMembersBody = Type.Object(
  {
    participant_ids: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        maxItems: MAX_MEMBERS_PER_CALL,
        description: 'Participants who applied to one of your studies; or give from_opportunity',
      }),
    ),
    from_opportunity: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Add the people of this opportunity (optionally only those in `status`)',
      }),
    ),
    status: Type.Optional(
      Type.Enum(SUBMISSION_STATUSES, {
        description:
          'With from_opportunity: only submissions in this status; everyone who took part (all but screened_out) when left out',
      }),
    ),
  },
  { additionalProperties: false },
);

export const AddedMembers = Type.Object({
  group_id: Type.String(),
  added: Type.Integer({ description: 'New members; people already in are left as they are' }),
  member_count: Type.Integer(),
});

export const GroupMember = Type.Object({
  participant_id: Type.String(),
  added_at: Type.String({ format: 'date-time' }),
});

export const GroupMemberList = Type.Object({
  data: Type.Array(GroupMember),
  pagination: Pagination,
});

export const RemovedMember = Type.Object({
  group_id: Type.String(),
  participant_id: Type.String(),
  deleted: Type.Literal(true),
});

export const ListQuery = PageQuery;
