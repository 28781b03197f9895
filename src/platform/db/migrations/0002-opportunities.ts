import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('opportunities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('internal_title', 'text')
    .addColumn('description', 'text')
    .addColumn('num_participants', 'integer', (c) => c.notNull())
    .addColumn('estimated_duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('business_type', 'text')
    .addColumn('candidate_profile', 'text')
    .addColumn('device_types', 'text', (c) => c.notNull())
    .addColumn('required_accounts', 'text', (c) => c.notNull())
    .addColumn('video_required', 'text', (c) => c.notNull())
    .addColumn('screen_share_required', 'text', (c) => c.notNull())
    .addColumn('customer_screening_review', 'text', (c) => c.notNull())
    .addColumn('pay_frequency', 'text', (c) => c.notNull())
    .addColumn('screening_option_randomization', 'text', (c) => c.notNull())
    .addColumn('forwarding_email_enabled', 'text', (c) => c.notNull())
    .addColumn('max_responses_per_expert', 'integer')
    .addColumn('feasibility_request_id', 'text')
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('screening_questions', 'text', (c) => c.notNull())
    .addColumn('quotas', 'text', (c) => c.notNull())
    .addColumn('cross_quotas', 'text', (c) => c.notNull())
    .addColumn('tasks', 'text', (c) => c.notNull())
    .addColumn('incentive_cents', 'bigint', (c) => c.notNull())
    .addColumn('platform_fee_cents', 'bigint', (c) => c.notNull())
    .addColumn('cost_per_participant_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cost_cents', 'bigint', (c) => c.notNull())
    .addColumn('expected_days_to_complete', 'integer')
    .addColumn('ending_at', 'text')
    .addColumn('launched_at', 'text')
    .addColumn('stopped_at', 'text')
    .addColumn('stop_reason', 'text')
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Newest-first lists: ids are time-ordered, so the keyset is the id alone.
  await db.schema
    .createIndex('opportunities_organization')
    .on('opportunities')
    .columns(['organization_id', 'id'])
    .execute();
  await db.schema
    .createIndex('opportunities_organization_status')
    .on('opportunities')
    .columns(['organization_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('opportunities_project')
    .on('opportunities')
    .columns(['project_id', 'id'])
    .execute();
  // The expiry sweep looks for live opportunities past their end.
  await db.schema
    .createIndex('opportunities_ending')
    .on('opportunities')
    .columns(['status', 'ending_at'])
    .execute();
}
