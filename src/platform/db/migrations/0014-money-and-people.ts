import type { Kysely } from 'kysely';

// Money and people beyond one approval (docs/decisions/0088-payout-runs.md and
// docs/decisions/0089-bonuses.md and docs/decisions/0090-messages.md and
// docs/decisions/0091-participant-groups.md and docs/decisions/0092-team-keys-and-audit-log.md):
// the audit log's foundation, hourly and per-task rates on opportunities, payout runs with what
// each one paid, bonuses, messages, and participant groups.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    // api_key, session or operator; actor_id is the key or user id (null for an operator).
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_label', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // GET /v2/audit-events: one organization's events newest first, a keyset scan backwards.
  await db.schema
    .createIndex('audit_events_organization')
    .on('audit_events')
    .columns(['organization_id', 'id'])
    .execute();

  // Set by an operator with `cohort opportunity pay`: what an hour or an approved task pays.
  await db.schema.alterTable('opportunities').addColumn('hourly_rate_cents', 'bigint').execute();
  await db.schema.alterTable('opportunities').addColumn('task_price_cents', 'bigint').execute();

  // A run pays the unpaid approved time entries of an opportunity; this finds them by opportunity.
  await db.schema
    .createIndex('time_entries_opportunity')
    .on('time_entries')
    .columns(['opportunity_id', 'id'])
    .execute();

  await db.schema
    .createTable('payout_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('pay_frequency', 'text', (c) => c.notNull())
    .addColumn('rate_cents', 'bigint', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('line_count', 'integer', (c) => c.notNull())
    // api (POST .../payout-runs) or schedule (the weekly job).
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payout_runs_opportunity')
    .on('payout_runs')
    .columns(['opportunity_id', 'id'])
    .execute();

  await db.schema
    .createTable('payout_run_lines')
    .addColumn('run_id', 'text', (c) => c.notNull().references('payout_runs.id'))
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id'))
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('seconds', 'bigint')
    .addColumn('tasks', 'integer')
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('payout_run_lines_pk', ['run_id', 'submission_id'])
    .execute();
  // Seconds already paid per submission (the rounding of the next run continues from them).
  await db.schema
    .createIndex('payout_run_lines_submission')
    .on('payout_run_lines')
    .columns(['submission_id'])
    .execute();

  // Each unit of work a run paid, once: a time entry (hourly) or a submission's task (per task).
  // The primary key is what makes a unit impossible to pay twice, whatever races.
  await db.schema
    .createTable('payout_items')
    .addColumn('opportunity_id', 'text', (c) => c.notNull())
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('run_id', 'text', (c) => c.notNull().references('payout_runs.id'))
    .addColumn('submission_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payout_items_pk', ['opportunity_id', 'item_key'])
    .execute();

  await db.schema
    .createTable('bonuses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id'))
    .addColumn('participant_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('fee_cents', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bonuses_opportunity')
    .on('bonuses')
    .columns(['opportunity_id', 'id'])
    .execute();
  await db.schema
    .createIndex('bonuses_submission')
    .on('bonuses')
    .columns(['submission_id', 'id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('opportunity_id', 'text', (c) => c.notNull())
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id'))
    .addColumn('participant_id', 'text', (c) => c.notNull())
    // organization or participant.
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // Set on the messages of one bulk send; the job writing them skips one already written.
    .addColumn('batch_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A thread, oldest first.
  await db.schema
    .createIndex('messages_submission')
    .on('messages')
    .columns(['submission_id', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_batch_submission')
    .on('messages')
    .columns(['batch_id', 'submission_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('participant_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('participant_groups_organization')
    .on('participant_groups')
    .columns(['organization_id', 'id'])
    .execute();

  await db.schema
    .createTable('participant_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('participant_groups.id'))
    .addColumn('participant_id', 'text', (c) => c.notNull().references('participants.id'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('participant_group_members_pk', ['group_id', 'participant_id'])
    .execute();
  // Matching reads the groups one participant is in.
  await db.schema
    .createIndex('participant_group_members_participant')
    .on('participant_group_members')
    .columns(['participant_id', 'group_id'])
    .execute();
}
