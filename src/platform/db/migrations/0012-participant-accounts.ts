import type { Kysely } from 'kysely';

// Participants in a browser (docs/participant-app.md): a password, a verified address, sessions
// and one-time links (verify the address, reset the password). Secrets are stored only as SHA-256
// hashes, as the dashboard's are (0009).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('participants').addColumn('password_hash', 'text').execute();
  await db.schema.alterTable('participants').addColumn('email_verified_at', 'text').execute();

  await db.schema
    .createTable('participant_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  // A password reset signs the participant out everywhere.
  await db.schema
    .createIndex('participant_sessions_participant')
    .on('participant_sessions')
    .columns(['participant_id'])
    .execute();

  await db.schema
    .createTable('participant_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('participant_links_participant')
    .on('participant_links')
    .columns(['participant_id', 'purpose'])
    .execute();
}
