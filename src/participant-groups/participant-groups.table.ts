import type { Selectable } from 'kysely';

/** A named set of participants an organization keeps, e.g. to invite back (docs/decisions/0091-participant-groups.md). */
export interface ParticipantGroupsTable {
  id: string;
  organization_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ParticipantGroupMembersTable {
  group_id: string;
  participant_id: string;
  added_at: string;
}

export type ParticipantGroupRow = Selectable<ParticipantGroupsTable>;
export type ParticipantGroupMemberRow = Selectable<ParticipantGroupMembersTable>;
