import { type Kysely, sql } from 'kysely';

// docs/decisions/0162-participant-languages.md. Each participant reads Cohort in a language of
// their own (every existing account stays English), and a mail keeps the headers it is sent with
// (Content-Language, and the unsubscribe headers bulk mail needs), so `cohort mail list --json`
// shows them and a resend after a crash sends the same ones.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('participants')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(sql`'en'`))
    .execute();
  await db.schema.alterTable('mail_messages').addColumn('headers', 'text').execute();
}
