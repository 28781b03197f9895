import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Participants discover recruiting studies newest first across every organization.
  await db.schema
    .createIndex('opportunities_status_id')
    .on('opportunities')
    .columns(['status', 'id'])
    .execute();
}
