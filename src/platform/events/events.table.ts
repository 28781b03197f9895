import type { Selectable } from 'kysely';

/** The outbox: one row per event, written in the transaction of the change it reports. */
export interface EventsTable {
  id: string;
  organization_id: string;
  type: string;
  data: string;
  created_at: string;
  /** When the webhook fan-out turned the event into deliveries; null while it waits. */
  fanned_out_at: string | null;
}

export type EventRow = Selectable<EventsTable>;
