import type { Kysely } from 'kysely';

// docs/decisions/0167-mail-a-person-can-trust.md. MAIL_PER_MINUTE across processes: one row per
// minute of the clock (minutes since 1970), counting the mails every worker has been allowed to
// send in it. A worker takes its place with one upsert that adds one only below the limit, so
// any number of workers together stay within it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_send_windows')
    .addColumn('minute', 'integer', (c) => c.primaryKey())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .execute();
}
