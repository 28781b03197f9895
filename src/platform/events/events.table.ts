import type { Selectable } from 'kysely';

/** The outbox: one row per event, written in the transaction of the change it reports. */
export interface EventsTable {
  id: string;
  organization_id: string;
  type: string;
  data: string;
  created_at: string;
}

export type EventRow = Selectable<EventsTable>;
