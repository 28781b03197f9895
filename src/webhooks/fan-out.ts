import type { Db } from '../platform/db/database.ts';
import {
  createDeliveries,
  enqueueDeliveryAttempt,
  type FanOutJobPayload,
} from './deliveries.store.ts';
import { receivingSubscriptions } from './subscriptions.store.ts';

/**
 * Turns one outbox event into a delivery per subscription that receives it now (confirmed,
 * enabled, not deleted, asked for the type), each with its first attempt queued, in one
 * transaction. Running it again (its worker died) adds nothing.
 */
export async function fanOutEvent(db: Db, payload: FanOutJobPayload, now: Date): Promise<number> {
  const event = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', payload.eventId)
    .executeTakeFirst();
  if (!event) return 0;
  const subscriptions = await receivingSubscriptions(db, event.organization_id, event.type);
  if (subscriptions.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const deliveries = await createDeliveries(
      trx,
      event,
      subscriptions.map((subscription) => subscription.id),
      now.toISOString(),
    );
    for (const delivery of deliveries) await enqueueDeliveryAttempt(trx, delivery, now);
    return deliveries.length;
  });
}
