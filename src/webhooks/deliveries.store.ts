import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { prepared } from '../platform/db/prepared.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import type { EventRow } from '../platform/events/events.table.ts';
import { newId } from '../platform/ids.ts';
import { enqueue } from '../platform/jobs/store.ts';
import { DELIVERY_JOB_KIND, deliveryJobKey, webhookDelivery } from './jobs.ts';
import type { WebhookDeliveryRow, WebhookDeliveryStatus } from './webhook-deliveries.table.ts';

const anEventToFanOut = prepared((db) =>
  db.selectFrom('events').select('id').where('fanned_out_at', 'is', null).limit(1),
);

/**
 * Whether any event waits for the fan-out. Asked ten times a second by an idle server, so it is a
 * prepared statement: on the embedded database its answer is remembered until a commit.
 */
export async function hasEventsToFanOut(db: Db): Promise<boolean> {
  return (await anEventToFanOut(db, {})).length > 0;
}

/**
 * The oldest events not yet fanned out, in the order they were recorded (ids are time-ordered).
 * Events of every organization are read alike: those without subscriptions are marked and cost
 * nothing more.
 */
export async function eventsToFanOut(db: Db, limit: number): Promise<EventRow[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('fanned_out_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markEventsFannedOut(
  trx: Db,
  eventIds: readonly string[],
  now: string,
): Promise<void> {
  if (eventIds.length === 0) return;
  await trx
    .updateTable('events')
    .set({ fanned_out_at: now })
    .where('id', 'in', eventIds)
    .where('fanned_out_at', 'is', null)
    .execute();
}

/** The body every attempt sends: `{id, type, created_at, data}` with the stored data verbatim. */
export function eventPayload(event: Pick<EventRow, 'id' | 'type' | 'created_at' | 'data'>) {
  return `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"created_at":${JSON.stringify(event.created_at)},"data":${event.data}}`;
}

/**
 * One pending delivery per subscription for the event. A pair that exists already is left alone
 * and not returned: it was created with its first attempt queued, in one transaction, so running
 * the fan-out twice queues nothing twice.
 */
export async function createDeliveries(
  trx: Db,
  event: EventRow,
  subscriptionIds: readonly string[],
  now: string,
): Promise<WebhookDeliveryRow[]> {
  if (subscriptionIds.length === 0) return [];
  const payload = eventPayload(event);
  return trx
    .insertInto('webhook_deliveries')
    .values(
      subscriptionIds.map((subscriptionId) => ({
        id: newId('delivery'),
        organization_id: event.organization_id,
        subscription_id: subscriptionId,
        event_id: event.id,
        event_type: event.type,
        payload,
        status: 'pending' as const,
        attempts: 0,
        round_attempts: 0,
        generation: 0,
        last_attempt_at: null,
        next_attempt_at: now,
        last_response_status: null,
        last_error: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
    .returningAll()
    .execute();
}

export async function enqueueDeliveryAttempt(
  trx: Db,
  delivery: Pick<WebhookDeliveryRow, 'id' | 'subscription_id' | 'generation'>,
  runAt: Date,
): Promise<void> {
  await enqueue(
    trx,
    webhookDelivery,
    { deliveryId: delivery.id, generation: delivery.generation },
    {
      runAt,
      dedupeKey: deliveryJobKey(delivery.subscription_id, delivery.id, delivery.generation),
      // One lane per receiver: a subscription whose receiver hangs never holds every slot.
      lane: delivery.subscription_id,
    },
  );
}

/** Everything one attempt needs, read fresh: the secret of this moment signs it. */
export async function findDeliveryForAttempt(db: Db, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_subscriptions as s', 's.id', 'd.subscription_id')
    .selectAll('d')
    .select([
      's.target_url',
      's.secret',
      's.disabled_at as subscription_disabled_at',
      's.deleted_at as subscription_deleted_at',
      's.failing_since',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

export type DeliveryForAttempt = NonNullable<Awaited<ReturnType<typeof findDeliveryForAttempt>>>;

export interface AttemptRecord {
  status: WebhookDeliveryStatus;
  attempted: boolean;
  at: string;
  responseStatus: number | null;
  error: string | null;
  nextAttemptAt: string | null;
}

/**
 * Records an attempt's result, but only while the delivery is still pending in the generation the
 * attempt was made for: a replay, a deletion or another worker's record in between wins. Returns
 * whether the row was updated.
 */
export async function recordAttempt(
  trx: Db,
  delivery: Pick<WebhookDeliveryRow, 'id' | 'generation'>,
  record: AttemptRecord,
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({
      status: record.status,
      ...(record.attempted
        ? {
            attempts: sql<number>`attempts + 1`,
            round_attempts: sql<number>`round_attempts + 1`,
            last_attempt_at: record.at,
            last_response_status: record.responseStatus,
          }
        : {}),
      last_error: record.error,
      next_attempt_at: record.nextAttemptAt,
      updated_at: record.at,
    })
    .where('id', '=', delivery.id)
    .where('generation', '=', delivery.generation)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Settles what is still queued for a subscription that will send no more (deleted or disabled),
 * and cancels the queued attempts of exactly those deliveries. A delivery committed meanwhile by a
 * concurrent fan-out keeps its job, which finds the subscription gone and settles it: a pending
 * delivery never loses its job.
 */
export async function failPendingDeliveries(
  trx: Db,
  subscriptionId: string,
  reason: string,
  now: string,
): Promise<void> {
  const failed = await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', last_error: reason, next_attempt_at: null, updated_at: now })
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'pending')
    .returning(['id', 'subscription_id', 'generation'])
    .execute();
  for (let start = 0; start < failed.length; start += 500) {
    const keys = failed
      .slice(start, start + 500)
      .map((row) => deliveryJobKey(row.subscription_id, row.id, row.generation));
    await trx
      .updateTable('jobs')
      .set({ status: 'cancelled', updated_at: now, finished_at: now })
      .where('kind', '=', DELIVERY_JOB_KIND)
      .where('status', '=', 'pending')
      .where('dedupe_key', 'in', keys)
      .execute();
  }
}

/** Newest first, optionally one subscription's (deleted ones included) or one status. */
export async function listDeliveries(
  db: Db,
  organizationId: string,
  page: {
    limit: number;
    cursor?: string;
    subscriptionId?: string;
    status?: WebhookDeliveryStatus;
  },
): Promise<WebhookDeliveryRow[]> {
  let query = selectOwned(db, 'webhook_deliveries', organizationId).selectAll();
  if (page.subscriptionId !== undefined) {
    query = query.where('subscription_id', '=', page.subscriptionId);
  }
  if (page.status !== undefined) query = query.where('status', '=', page.status);
  return keysetPage(query, 'id', 'desc', page).execute();
}

export async function findDelivery(db: Db, organizationId: string, id: string) {
  return selectOwned(db, 'webhook_deliveries', organizationId)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Puts one delivery back in the queue for an attempt at `now` (a replay), whatever its status,
 * starting the schedule over. The new generation retires any job still queued for it, so it is
 * sent once more, not twice.
 */
export async function requeueDelivery(db: Db, organizationId: string, id: string, now: Date) {
  const [row] = await requeue(db, now, (query) =>
    query.where('organization_id', '=', organizationId).where('id', '=', id),
  );
  return row;
}

/** Every failed delivery of a subscription created at or after `since`, as requeueDelivery. */
export async function requeueFailedSince(
  db: Db,
  organizationId: string,
  subscriptionId: string,
  since: string,
  now: Date,
) {
  return requeue(db, now, (query) =>
    query
      .where('organization_id', '=', organizationId)
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', 'failed')
      .where('created_at', '>=', since),
  );
}

type DeliveryUpdate = ReturnType<typeof requeueUpdate>;

function requeueUpdate(db: Db, at: string) {
  return db.updateTable('webhook_deliveries').set({
    status: 'pending',
    generation: sql<number>`generation + 1`,
    round_attempts: 0,
    next_attempt_at: at,
    updated_at: at,
  });
}

async function requeue(
  db: Db,
  now: Date,
  narrow: (query: DeliveryUpdate) => DeliveryUpdate,
): Promise<WebhookDeliveryRow[]> {
  const rows = await narrow(requeueUpdate(db, now.toISOString())).returningAll().execute();
  for (const row of rows) await enqueueDeliveryAttempt(db, row, now);
  return rows;
}
