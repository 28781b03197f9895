import { sql } from 'kysely';
import type { Db, Engine } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { prepared } from '../platform/db/prepared.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import type { EventRow } from '../platform/events/events.table.ts';
import { newId } from '../platform/ids.ts';
import { enqueueMany } from '../platform/jobs/store.ts';
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

/** Deliveries inserted per statement: 16 values each stays far under both engines' limit. */
const INSERT_CHUNK = 500;

/**
 * One pending delivery per event and subscription of `pairs`, in one statement per 500. A pair
 * that exists already is left alone and not returned: it was created with its first attempt
 * queued, in one transaction, so running the fan-out twice queues nothing twice.
 */
export async function createDeliveries(
  trx: Db,
  pairs: readonly { event: EventRow; subscriptionId: string }[],
  now: string,
): Promise<WebhookDeliveryRow[]> {
  const created: WebhookDeliveryRow[] = [];
  const payloads = new Map<EventRow, string>();
  for (let start = 0; start < pairs.length; start += INSERT_CHUNK) {
    const rows = await trx
      .insertInto('webhook_deliveries')
      .values(
        pairs.slice(start, start + INSERT_CHUNK).map(({ event, subscriptionId }) => {
          let payload = payloads.get(event);
          if (payload === undefined) {
            payload = eventPayload(event);
            payloads.set(event, payload);
          }
          return {
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
          };
        }),
      )
      .onConflict((oc) => oc.columns(['event_id', 'subscription_id']).doNothing())
      .returningAll()
      .execute();
    created.push(...rows);
  }
  return created;
}

/** Queues the attempt of each delivery's current generation, in its subscription's lane. */
export async function enqueueDeliveryAttempts(
  trx: Db,
  deliveries: readonly Pick<WebhookDeliveryRow, 'id' | 'subscription_id' | 'generation'>[],
  runAt: Date,
): Promise<void> {
  await enqueueMany(
    trx,
    webhookDelivery,
    deliveries.map((delivery) => ({
      payload: { deliveryId: delivery.id, generation: delivery.generation },
      options: {
        runAt,
        dedupeKey: deliveryJobKey(delivery.subscription_id, delivery.id, delivery.generation),
        // One lane per receiver: a subscription whose receiver hangs never holds every slot.
        lane: delivery.subscription_id,
      },
    })),
  );
}

/** Everything one attempt needs, read fresh: the secret of this moment signs it. */
function deliveriesForAttempt(db: Db, engine: Engine, deliveryIds: readonly string[]) {
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
    .where(sql<boolean>`d.id ${idIn(engine, deliveryIds)}`)
    .execute();
}

export type DeliveryForAttempt = Awaited<ReturnType<typeof deliveriesForAttempt>>[number];

/**
 * `in` a list of ids as one parameter, so the statement's text is the same for any number of them
 * (prepared once on the embedded database, which keeps a text per count otherwise).
 */
function idIn(engine: Engine, ids: readonly string[]) {
  return engine === 'postgres'
    ? sql`= any(${ids}::text[])`
    : sql`in (select value from json_each(${JSON.stringify(ids)}))`;
}

interface ReadWaiter {
  resolve: (row: DeliveryForAttempt | undefined) => void;
  reject: (error: unknown) => void;
}

/** Reads asked for in one turn of the event loop, per database handle, waiting to be made. */
const readsDue = new WeakMap<Db, Map<string, ReadWaiter[]>>();

/**
 * The delivery and its subscription as one attempt needs them, or undefined when gone. The
 * attempts a worker starts together (a claim's, or those a settled batch lets into their lane) ask
 * in the same turn of the event loop, and are answered by one statement: a read per delivery was
 * a fifth of a delivery's statements
 * (docs/decisions/0130-webhook-deliveries-in-batched-statements.md). Each is still read when its
 * attempt starts, so the secret of that moment signs it.
 */
export function findDeliveryForAttempt(
  db: Db,
  engine: Engine,
  deliveryId: string,
): Promise<DeliveryForAttempt | undefined> {
  let batch = readsDue.get(db);
  if (!batch) {
    const reads = new Map<string, ReadWaiter[]>();
    batch = reads;
    readsDue.set(db, reads);
    setImmediate(() => {
      readsDue.delete(db);
      deliveriesForAttempt(db, engine, [...reads.keys()]).then(
        (rows) => {
          const byId = new Map(rows.map((row) => [row.id, row]));
          for (const [id, waiters] of reads)
            for (const { resolve } of waiters) resolve(byId.get(id));
        },
        (error: unknown) => {
          for (const waiters of reads.values()) for (const { reject } of waiters) reject(error);
        },
      );
    });
  }
  const reads = batch;
  return new Promise((resolve, reject) => {
    const waiters = reads.get(deliveryId);
    if (waiters) waiters.push({ resolve, reject });
    else reads.set(deliveryId, [{ resolve, reject }]);
  });
}

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

/** What the attempt of a delivery that was delivered records (deliveredWrite). */
export interface DeliveredRecord {
  id: string;
  generation: number;
  /** When the response came (ISO 8601): the attempt's time, as recordAttempt keeps it. */
  at: string;
  responseStatus: number | null;
}

/**
 * Records delivered attempts as recordAttempt records each (attempts counted, the response kept),
 * in one statement for many, each only while its delivery is still pending in the generation it
 * was attempted for. The records are one JSON parameter, so the text is the same for any number.
 * The worker makes this write in the statement that marks the delivery jobs done
 * (JobDefinition.writeDone).
 */
export function deliveredWrite(engine: Engine, records: readonly DeliveredRecord[]) {
  const json = JSON.stringify(records);
  if (engine === 'postgres') {
    return sql`
      update webhook_deliveries as d set
        status = 'delivered', attempts = d.attempts + 1, round_attempts = d.round_attempts + 1,
        last_attempt_at = r.at, last_response_status = r."responseStatus", last_error = null,
        next_attempt_at = null, updated_at = r.at
      from jsonb_to_recordset(${json}::jsonb)
        as r(id text, generation integer, at text, "responseStatus" integer)
      where d.id = r.id and d.generation = r.generation and d.status = 'pending'
    `;
  }
  return sql`
    update webhook_deliveries set
      status = 'delivered', attempts = attempts + 1, round_attempts = round_attempts + 1,
      last_attempt_at = r.value ->> 'at', last_response_status = r.value ->> 'responseStatus',
      last_error = null, next_attempt_at = null, updated_at = r.value ->> 'at'
    from json_each(${json}) as r
    where webhook_deliveries.id = r.value ->> 'id'
      and webhook_deliveries.generation = r.value ->> 'generation'
      and webhook_deliveries.status = 'pending'
  `;
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
  await enqueueDeliveryAttempts(db, rows, now);
  return rows;
}
