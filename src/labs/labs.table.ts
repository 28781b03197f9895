import type { Selectable } from 'kysely';

/** A room an organization runs lab sessions in (docs/decisions/0178-lab-sessions.md). */
export interface LabsTable {
  id: string;
  organization_id: string;
  name: string;
  address: string;
  /** IANA name: the zone the lab's sessions are shown in. */
  time_zone: string;
  /** Seats in the room: overlapping sessions together may not need more. */
  capacity: number;
  /** SHA-256 of the secret calendar link's token; null until one is made. */
  calendar_token_hash: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export type LabRow = Selectable<LabsTable>;
