import { enqueueWebhookFanOut } from '../../webhooks/deliveries.store.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../ids.ts';
import type { EventRow } from './events.table.ts';

export interface NewEvent {
  organizationId: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Records an event in the outbox. Call it inside the transaction of the change the event reports:
 * if that change rolls back, so does the event, and a committed change always has its event. The
 * webhook fan-out job is queued in the same transaction, for the same reason.
 */
export async function emitEvent(trx: Db, event: NewEvent): Promise<EventRow> {
  const row = await trx
    .insertInto('events')
    .values({
      id: newId('event'),
      organization_id: event.organizationId,
      type: event.type,
      data: JSON.stringify(event.data),
      created_at: new Date().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueWebhookFanOut(trx, row);
  return row;
}
