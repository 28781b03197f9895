import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('target_url', 'text', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Newest-first lists, and the per-event lookup of an organization's receiving subscriptions.
  await db.schema
    .createIndex('webhook_subscriptions_organization')
    .on('webhook_subscriptions')
    .columns(['organization_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('webhook_subscriptions.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('round_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_attempt_at', 'text')
    .addColumn('next_attempt_at', 'text')
    .addColumn('last_response_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // A fan-out run twice (its worker died) cannot make a second delivery of the same event.
    .addUniqueConstraint('webhook_deliveries_event_subscription', ['event_id', 'subscription_id'])
    .execute();
  // The delivery log: newest first, optionally narrowed to a subscription or a status.
  await db.schema
    .createIndex('webhook_deliveries_organization')
    .on('webhook_deliveries')
    .columns(['organization_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_organization_subscription')
    .on('webhook_deliveries')
    .columns(['organization_id', 'subscription_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_organization_status')
    .on('webhook_deliveries')
    .columns(['organization_id', 'status', 'id'])
    .execute();
  // Recover (failed since a time), and failing what is pending when a subscription goes away.
  await db.schema
    .createIndex('webhook_deliveries_subscription_status')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'status', 'created_at'])
    .execute();
}
