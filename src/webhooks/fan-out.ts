import type { Db } from '../platform/db/database.ts';
import type { EventRow } from '../platform/events/events.table.ts';
import {
  createDeliveries,
  enqueueDeliveryAttempts,
  eventsToFanOut,
  hasEventsToFanOut,
  markEventsFannedOut,
} from './deliveries.store.ts';
import { receivingSubscriptionsOf } from './subscriptions.store.ts';

export interface FanOutRound {
  /** Events taken from the outbox (fanned out, to deliveries or to nobody). */
  events: number;
  deliveries: number;
}

/**
 * One round of the fan-out: the oldest `batchSize` events not yet fanned out become one delivery
 * per subscription that receives them now (confirmed, enabled, not deleted, asked for the type),
 * each with its first attempt queued, and are marked fanned out, all in one transaction. Events of
 * organizations without such a subscription are only marked. Running a round again after its
 * worker died adds nothing: a delivery exists at most once per event and subscription.
 */
export async function fanOutEvents(db: Db, now: Date, batchSize: number): Promise<FanOutRound> {
  // Most rounds find nothing: look before opening a transaction.
  if (!(await hasEventsToFanOut(db))) return { events: 0, deliveries: 0 };
  return db.transaction().execute(async (trx) => {
    const events = await eventsToFanOut(trx, batchSize);
    const organizationIds = [...new Set(events.map((event) => event.organization_id))];
    const subscriptions = await receivingSubscriptionsOf(trx, organizationIds);
    const at = now.toISOString();
    const pairs: { event: EventRow; subscriptionId: string }[] = [];
    for (const event of events) {
      for (const subscription of subscriptions) {
        if (
          subscription.organization_id === event.organization_id &&
          subscription.event_types.includes(event.type)
        ) {
          pairs.push({ event, subscriptionId: subscription.id });
        }
      }
    }
    // The round's deliveries, then their first attempts, each in one statement (per 500).
    const created = await createDeliveries(trx, pairs, at);
    await enqueueDeliveryAttempts(trx, created, now);
    const deliveries = created.length;
    await markEventsFannedOut(
      trx,
      events.map((event) => event.id),
      at,
    );
    return { events: events.length, deliveries };
  });
}
