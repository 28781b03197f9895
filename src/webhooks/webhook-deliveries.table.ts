import type { Selectable } from 'kysely';

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event for one subscription: exactly one row per pair, however often it is attempted. */
export interface WebhookDeliveriesTable {
  id: string;
  organization_id: string;
  subscription_id: string;
  event_id: string;
  event_type: string;
  /** The JSON body sent, byte for byte the same on every attempt. */
  payload: string;
  status: WebhookDeliveryStatus;
  /** HTTP attempts made, in total. */
  attempts: number;
  /** Attempts since the schedule last started (at fan-out, or on a replay): its position. */
  round_attempts: number;
  /**
   * Bumped on every replay; each delivery job carries the generation it was queued for, so a job
   * superseded by a replay does nothing when its time comes.
   */
  generation: number;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  last_response_status: number | null;
  /** Why the last attempt failed, as the customer reads it. */
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
