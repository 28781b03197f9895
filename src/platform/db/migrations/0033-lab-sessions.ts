import { type Kysely, sql } from 'kysely';

// docs/decisions/0178-lab-sessions.md. Labs (rooms an organization runs studies in), the sessions
// of a scheduled opportunity with their seats counter, each participant's enrollment in one and
// the attendance recorded on it; an opportunity's show-up fee and whether it is scheduled; a
// participant's no-shows of the last twelve months (docs/decisions/0179-no-shows.md); and the
// attachments of a mail (docs/decisions/0177-icalendar-files.md).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('labs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    // SHA-256 of the secret calendar link's token; null until one is made.
    .addColumn('calendar_token_hash', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('labs_organization')
    .on('labs')
    .columns(['organization_id', 'id'])
    .execute();

  await db.schema
    .createTable('study_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('lab_id', 'text', (c) => c.references('labs.id'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('reserve', 'integer', (c) => c.notNull())
    .addColumn('enrollment_closes_minutes_before', 'integer', (c) => c.notNull())
    .addColumn('reminder_hours_before', 'integer', (c) => c.notNull())
    // Live enrollments: the counter an enrollment's conditional UPDATE takes a seat from.
    .addColumn('enrolled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('study_sessions_opportunity')
    .on('study_sessions')
    .columns(['opportunity_id', 'starts_at', 'id'])
    .execute();
  await db.schema
    .createIndex('study_sessions_lab')
    .on('study_sessions')
    .columns(['lab_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('session_enrollments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('study_sessions.id'))
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id'))
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('opportunity_id', 'text', (c) => c.notNull())
    // 1 when the seat taken was one of the session's reserve seats.
    .addColumn('reserve', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attendance', 'text')
    .addColumn('attendance_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('cancelled_at', 'text')
    .execute();
  // One live enrollment per submission: moving is cancel, then enroll.
  await sql`create unique index session_enrollments_live on session_enrollments (submission_id)
    where status = 'enrolled'`.execute(db);
  await db.schema
    .createIndex('session_enrollments_session')
    .on('session_enrollments')
    .columns(['session_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('session_enrollments_participant')
    .on('session_enrollments')
    .columns(['participant_id', 'attendance', 'attendance_at'])
    .execute();

  await db.schema
    .alterTable('opportunities')
    .addColumn('show_up_fee_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('opportunities')
    .addColumn('scheduled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .alterTable('participants')
    .addColumn('no_shows', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // When the oldest no-show counted falls out of the twelve months: the count is made again then.
  await db.schema.alterTable('participants').addColumn('no_shows_recount_at', 'text').execute();
  // 1 once the count reached NO_SHOW_LIMIT: scheduled studies are closed to them until forgiven.
  await db.schema
    .alterTable('participants')
    .addColumn('no_show_barred', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // No-shows before it are not counted (cohort participant forgive).
  await db.schema.alterTable('participants').addColumn('no_shows_forgiven_at', 'text').execute();
  await db.schema
    .createIndex('participants_no_shows')
    .on('participants')
    .column('no_shows')
    .execute();
  await db.schema
    .createIndex('participants_no_shows_recount')
    .on('participants')
    .column('no_shows_recount_at')
    .execute();

  // JSON: [{filename, content_type, content}] with the content as text; null for none.
  await db.schema.alterTable('mail_messages').addColumn('attachments', 'text').execute();
}
