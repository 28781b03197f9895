import type { ParticipantGroupResponse } from './schemas.ts';
import type { GroupWithCount } from './store.ts';

export function groupView(row: GroupWithCount): ParticipantGroupResponse {
  return {
    id: row.id,
    name: row.name,
    member_count: row.member_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
