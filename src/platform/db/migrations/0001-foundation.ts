import type { Kysely } from 'kysely';

// Timestamps are ISO 8601 UTC text with millisecond precision in both engines: one fixed-width
// format sorts and compares as text, so every query is the same on SQLite and PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('overdraft_limit_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('platform_fee_cents', 'bigint', (c) => c.notNull())
    .addColumn('hide_identity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('api_keys_organization')
    .on('api_keys')
    .columns(['organization_id', 'id'])
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('projects_organization_slug', ['organization_id', 'slug'])
    .execute();
  // The alphabetical list is a keyset scan over (name, id) within one organization.
  await db.schema
    .createIndex('projects_organization_name')
    .on('projects')
    .columns(['organization_id', 'name', 'id'])
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key_id', 'text', (c) => c.primaryKey())
    .addColumn('accepted_count', 'integer', (c) => c.notNull())
    .addColumn('last_accepted_at', 'bigint', (c) => c.notNull())
    .addColumn('last_decision_accepted', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('balance_after_cents', 'bigint', (c) => c.notNull())
    .addColumn('opportunity_id', 'text')
    .addColumn('submission_id', 'text')
    .addColumn('participant_id', 'text')
    .addColumn('participant_amount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('memo', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_entries_organization')
    .on('ledger_entries')
    .columns(['organization_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_participant')
    .on('ledger_entries')
    .columns(['participant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_opportunity')
    .on('ledger_entries')
    .columns(['opportunity_id'])
    .execute();
}
