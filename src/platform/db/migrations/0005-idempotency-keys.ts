import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reservation_id', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_content_type', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // The reservation is an insert-if-absent on this key: two requests cannot both hold one.
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['scope', 'idempotency_key'])
    .execute();
  // The purge of expired keys.
  await db.schema
    .createIndex('idempotency_keys_expiry')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}
