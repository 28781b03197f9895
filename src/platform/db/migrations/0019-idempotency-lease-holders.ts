import { type Kysely, sql } from 'kysely';

// Restart without waiting (docs/decisions/0110-idempotency-leases-name-their-holder.md): an
// in-flight Idempotency-Key names the process holding it, and each serving process keeps a
// heartbeat row, so the leases of a killed process are released within seconds instead of after 2
// minutes.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('holder', 'text').execute();
  await db.schema
    .createTable('server_processes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Milliseconds of the database's clock, so the processes' own clocks never matter.
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
    .execute();
  // The sweep reads only keys in flight: a few rows among a day's worth of answered ones.
  await db.schema
    .createIndex('idempotency_keys_in_flight')
    .on('idempotency_keys')
    .column('holder')
    .where(sql.ref('status'), '=', 'in_flight')
    .execute();
}
