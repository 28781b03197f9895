import { type Kysely, sql } from 'kysely';

// docs/decisions/0172-bonuses-keyed-in-the-database.md. The Idempotency-Key a bonus was paid
// under, kept with the bonus itself: a retry that runs again after its first run committed (its
// key lease released from under it) finds the bonuses already paid and answers with them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bonuses').addColumn('request_key', 'text').execute();
  await db.schema
    .createIndex('bonuses_request_key')
    .on('bonuses')
    .columns(['opportunity_id', 'request_key'])
    .where(sql.ref('request_key'), 'is not', null)
    .execute();
}
