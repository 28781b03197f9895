import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // How the incentive was fixed at create (the estimate's breakdown, or the feasibility price),
  // kept for operators and support: the price never changes after create, so its reasons should
  // not either.
  await db.schema.alterTable('opportunities').addColumn('pricing_basis', 'text').execute();
  // The summary list reads only from this index: the columns it shows sit after the large JSON
  // columns in the row, which SQLite would otherwise walk through overflow pages to reach.
  await db.schema
    .createIndex('opportunities_summary')
    .on('opportunities')
    .columns([
      'organization_id',
      'id',
      'deleted_at',
      'status',
      'project_id',
      'num_participants',
      'cost_per_participant_cents',
      'total_cost_cents',
      'launched_at',
      'created_at',
      'title',
    ])
    .execute();

  await db.schema
    .createTable('feasibility_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('task_description', 'text', (c) => c.notNull())
    .addColumn('panel_description', 'text', (c) => c.notNull())
    .addColumn('submission_count', 'integer', (c) => c.notNull())
    .addColumn('timeline_hours', 'integer', (c) => c.notNull())
    .addColumn('pay_rate_frequency', 'text', (c) => c.notNull())
    .addColumn('loi_minutes', 'integer', (c) => c.notNull())
    .addColumn('cpi_cents', 'bigint')
    .addColumn('fee_cents', 'bigint')
    .addColumn('responded_by', 'text')
    .addColumn('responded_at', 'text')
    .addColumn('operator_note', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feasibility_requests_organization')
    .on('feasibility_requests')
    .columns(['organization_id', 'id'])
    .execute();
  // The operators' queue: `cohort feasibility list --status RECEIVED`, oldest first.
  await db.schema
    .createIndex('feasibility_requests_status')
    .on('feasibility_requests')
    .columns(['status', 'id'])
    .execute();
}
