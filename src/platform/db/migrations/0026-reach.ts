import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

// docs/decisions/0165-invitations.md. Reach: how often a participant wants to hear of new studies
// (each, daily, never) and whether their address stopped taking mail; a participant's record of
// decisions (approved and decided submissions, the approval rate), kept with each decision and
// counted here once from the submissions that exist; each invitation to a study, one per person
// and study; and an opportunity's outreach plan.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('participants')
    .addColumn('new_studies', 'text', (c) => c.notNull().defaultTo(sql`'each'`))
    .execute();
  await db.schema.alterTable('participants').addColumn('mail_undeliverable_at', 'text').execute();
  await db.schema
    .alterTable('participants')
    .addColumn('approved_submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('participants')
    .addColumn('decided_submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Null until a first decision: a bound on the rate never matches someone with no record.
  await db.schema.alterTable('participants').addColumn('approval_rate', 'integer').execute();
  await sql`
    update participants set
      approved_submissions = (
        select count(*) from submissions s
        where s.participant_id = participants.id and s.status = 'approved'
      ),
      decided_submissions = (
        select count(*) from submissions s
        where s.participant_id = participants.id and s.status in ('approved', 'rejected')
      )
  `.execute(db);
  await sql`
    update participants
    set approval_rate = (approved_submissions * 100) / decided_submissions
    where decided_submissions > 0
  `.execute(db);
  await db.schema
    .createIndex('participants_approval_rate')
    .on('participants')
    .column('approval_rate')
    .execute();
  await db.schema
    .createIndex('participants_approved_submissions')
    .on('participants')
    .column('approved_submissions')
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('invited_at', 'text', (c) => c.notNull())
    .addColumn('delivery', 'text', (c) => c.notNull())
    // The mail that carries it: its own at once for `each`, the day's digest for `daily`.
    .addColumn('mail_id', 'text')
    .addUniqueConstraint('invitations_once', ['opportunity_id', 'participant_id'])
    .execute();
  await db.schema
    .createIndex('invitations_newest')
    .on('invitations')
    .columns(['opportunity_id', 'id'])
    .execute();
  await db.schema
    .createIndex('invitations_of_participant')
    .on('invitations')
    .columns(['participant_id', 'delivery', 'mail_id'])
    .execute();

  await db.schema.alterTable('opportunities').addColumn('outreach', 'text').execute();

  // The key that signs unsubscribe links, made once per installation like the fingerprint's.
  await sql`
    insert into instance_secrets (name, secret, created_at)
    values (${'unsubscribe'}, ${randomBytes(32).toString('base64url')}, ${new Date().toISOString()})
  `.execute(db);
}
