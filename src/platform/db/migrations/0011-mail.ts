import type { Kysely } from 'kysely';

// Outgoing mail (docs/decisions/0078-mail-outbox.md): every message is stored here first, in the
// transaction of the change that caused it, and a `mail.send` job delivers it over SMTP, or keeps
// it here for `cohort mail list` when no SMTP_URL is set.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Normalized as every address is (src/platform/email.ts), so `mail list --to` finds it.
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // `cohort mail list --to`: one address's mail, newest first (ids are time-ordered).
  await db.schema
    .createIndex('mail_messages_to')
    .on('mail_messages')
    .columns(['to_address', 'id'])
    .execute();
}
