import type { LabRow } from './labs.table.ts';
import type { LabResponse } from './schemas.ts';

export function labView(row: LabRow): LabResponse {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    time_zone: row.time_zone,
    capacity: Number(row.capacity),
    calendar_link_enabled: row.calendar_token_hash !== null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
