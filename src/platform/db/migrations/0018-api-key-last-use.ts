import type { Kysely } from 'kysely';

// When each API key was last used, so the dashboard's key list tells live keys from forgotten
// ones (docs/decisions/0092-team-keys-and-audit-log.md). Written at most once a minute per key and
// process.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').addColumn('last_used_at', 'text').execute();
}
