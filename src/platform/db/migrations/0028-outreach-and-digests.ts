import { type Kysely, sql } from 'kysely';

// docs/decisions/0166-outreach-and-digests.md. Digests: each `daily` invitation waiting for its
// digest carries the instant it is due (the next 09:00 in its participant's time zone), indexed
// among the unmailed ones only, so the digest job reads what is due and nothing else; one row per
// participant and local day a digest went out, so no one gets two in a day whatever the workers
// do. Outreach: one row per opportunity whose waves have started, saying which run of them is
// current, when the next wave is due and why the last run stopped.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('digest_due_at', 'text').execute();
  // Invitations written before this migration go out in the next round's digests.
  await sql`
    update invitations set digest_due_at = invited_at
    where delivery = 'daily' and mail_id is null
  `.execute(db);
  await db.schema
    .createIndex('invitations_digest_due')
    .on('invitations')
    .columns(['digest_due_at', 'participant_id'])
    .where(sql.ref('mail_id'), 'is', null)
    .execute();

  await db.schema
    .createTable('invitation_digests')
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    // The participant's calendar date (YYYY-MM-DD) in their time zone when the digest was written.
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('mail_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('invitation_digests_pk', ['participant_id', 'local_date'])
    .execute();

  await db.schema
    .createTable('outreach_runs')
    .addColumn('opportunity_id', 'text', (c) => c.primaryKey().references('opportunities.id'))
    // Each start after a stop is a new run, with a job of its own (outreach.job.ts).
    .addColumn('run', 'integer', (c) => c.notNull())
    .addColumn('initial_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waves_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('invited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_round_at', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'text')
    .addColumn('stop_reason', 'text')
    .execute();
}
