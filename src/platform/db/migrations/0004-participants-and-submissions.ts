import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('participants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('linkedin_url', 'text')
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text', (c) => c.notNull())
    .addColumn('country_id', 'text', (c) => c.notNull())
    .addColumn('state_id', 'text')
    .addColumn('city_id', 'text')
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('linked_accounts', 'text', (c) => c.notNull())
    .addColumn('background', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('screening_outcome', 'text')
    .addColumn('screening_answers', 'text', (c) => c.notNull())
    .addColumn('quota_cells', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('submitted_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('rejection_category', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('closed_reason', 'text')
    .addColumn('paid_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // One application per person per opportunity; the second is a 409.
    .addUniqueConstraint('submissions_opportunity_participant', [
      'opportunity_id',
      'participant_id',
    ])
    .execute();
  // Newest-first lists per opportunity, optionally by status; ids are time-ordered.
  await db.schema
    .createIndex('submissions_opportunity_status')
    .on('submissions')
    .columns(['opportunity_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('submissions_opportunity')
    .on('submissions')
    .columns(['opportunity_id', 'id'])
    .execute();
  await db.schema
    .createIndex('submissions_participant')
    .on('submissions')
    .columns(['participant_id', 'id'])
    .execute();

  await db.schema
    .createTable('submission_tasks')
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text')
    .addPrimaryKeyConstraint('submission_tasks_pk', ['submission_id', 'sequence'])
    .execute();

  await db.schema
    .createTable('opportunity_counters')
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('counter_key', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('opportunity_counters_pk', ['opportunity_id', 'counter_key'])
    .execute();

  await db.schema
    .createTable('time_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id'))
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The overlap check looks at one person's entries around a time.
  await db.schema
    .createIndex('time_entries_participant')
    .on('time_entries')
    .columns(['participant_id', 'started_at'])
    .execute();

  await db.schema
    .createTable('hours_daily')
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('submission_id', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('hours_daily_pk', [
      'opportunity_id',
      'participant_id',
      'submission_id',
      'local_date',
    ])
    .execute();
  await db.schema
    .createIndex('hours_daily_window')
    .on('hours_daily')
    .columns(['opportunity_id', 'local_date'])
    .execute();
}
