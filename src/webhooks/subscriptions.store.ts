import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { selectOwned, updateOwned } from '../platform/db/tenant.ts';
import type { WebhookSubscriptionRow } from './webhook-subscriptions.table.ts';

export async function createSubscription(
  db: Db,
  organizationId: string,
  input: {
    id: string;
    targetUrl: string;
    eventTypes: readonly string[];
    sealedSecret: string;
    now: string;
  },
): Promise<WebhookSubscriptionRow> {
  return db
    .insertInto('webhook_subscriptions')
    .values({
      id: input.id,
      organization_id: organizationId,
      target_url: input.targetUrl,
      event_types: JSON.stringify(input.eventTypes),
      secret: input.sealedSecret,
      confirmed_at: null,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
      deleted_at: null,
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A live (not deleted) subscription of the organization. */
export async function findSubscription(db: Db, organizationId: string, id: string) {
  return selectOwned(db, 'webhook_subscriptions', organizationId)
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Deleted ones too: their deliveries stay readable and filterable. */
export async function subscriptionExists(db: Db, organizationId: string, id: string) {
  const row = await selectOwned(db, 'webhook_subscriptions', organizationId)
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Newest first; ids are time-ordered, so the keyset is the id alone. */
export async function listSubscriptions(
  db: Db,
  organizationId: string,
  page: { limit: number; cursor?: string },
): Promise<WebhookSubscriptionRow[]> {
  const query = selectOwned(db, 'webhook_subscriptions', organizationId)
    .selectAll()
    .where('deleted_at', 'is', null);
  return keysetPage(query, 'id', 'desc', page).execute();
}

/**
 * A 2xx to the ping confirms, and also re-enables a disabled subscription: the receiver has just
 * shown it is back. The first confirmation time is kept.
 */
export async function markConfirmed(db: Db, organizationId: string, id: string, now: string) {
  return updateOwned(db, 'webhook_subscriptions', organizationId)
    .set((eb) => ({
      confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)),
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function replaceSecret(
  db: Db,
  organizationId: string,
  id: string,
  sealedSecret: () => string,
  now: string,
) {
  return updateOwned(db, 'webhook_subscriptions', organizationId)
    .set({ secret: sealedSecret(), updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export async function markDeleted(db: Db, organizationId: string, id: string, now: string) {
  return updateOwned(db, 'webhook_subscriptions', organizationId)
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
}

export async function disableSubscription(db: Db, id: string, reason: string, now: string) {
  await db
    .updateTable('webhook_subscriptions')
    .set({ disabled_at: now, disabled_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('disabled_at', 'is', null)
    .execute();
}

/** A success ends the run of failures the 5-day rule measures. */
export async function clearFailureStreak(db: Db, id: string) {
  await db
    .updateTable('webhook_subscriptions')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

export async function noteFailure(db: Db, id: string, now: string) {
  await db
    .updateTable('webhook_subscriptions')
    .set({ failing_since: now })
    .where('id', '=', id)
    .where('failing_since', 'is', null)
    .execute();
}

/**
 * The subscriptions that receive events now (confirmed, enabled, not deleted) of any of these
 * organizations, with the event types each asked for.
 */
export async function receivingSubscriptionsOf(
  db: Db,
  organizationIds: readonly string[],
): Promise<{ id: string; organization_id: string; event_types: string[] }[]> {
  if (organizationIds.length === 0) return [];
  const rows = await db
    .selectFrom('webhook_subscriptions')
    .select(['id', 'organization_id', 'event_types'])
    .where('organization_id', 'in', organizationIds)
    .where('confirmed_at', 'is not', null)
    .where('disabled_at', 'is', null)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, event_types: JSON.parse(row.event_types) as string[] }));
}
