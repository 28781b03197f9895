import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Audience counts at a million participants (docs/decisions/0174-audience-counts-at-a-million.md).
//
// - participants_sample: active participants in the order of a rank scrambled from the audience
//   key (src/audience/sample.ts, SAMPLE_RANK: a bijection of 32-bit numbers), with every column a
//   count tests. The first few thousand entries of this index are a fixed random sample of the
//   panel that stays current by itself: a new participant takes its place by its rank, one who
//   leaves drops out, and nothing is written for it but this index's entry. Counting a filter on
//   the sample reads this index alone (covering).
// - participant_attributes_sample replaces participant_attributes_option (slug, option_id,
//   participant_key): the same entries with the rank between, so the sampled holders of an option
//   are one short range at the start of the option's entries, and the set of all its holders is
//   still read from this index alone.
// - deferred_indexes: the definitions of indexes `cohort panel seed` sets aside while it loads a
//   panel, so a seed killed half way leaves them to build again
//   (docs/decisions/0173-panel-seed-with-indexes-built-after.md).

/** The same text as src/audience/sample.ts: a planner matches the expression to the index. */
const SAMPLE_RANK = '((audience_key * 2654435761) % 4294967296)';
const SAMPLE_RANK_OF_HOLDER = '((participant_key * 2654435761) % 4294967296)';
const COVERED = [
  'audience_key',
  'country_id',
  'state_id',
  'city_id',
  'birth_date',
  'approval_rate',
  'approved_submissions',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql
    .raw(
      postgres
        ? `create index participants_sample on participants (status, is_test, ${SAMPLE_RANK}) include (${COVERED.join(', ')})`
        : `create index participants_sample on participants (status, is_test, ${SAMPLE_RANK}, ${COVERED.join(', ')})`,
    )
    .execute(db);
  await sql
    .raw(
      postgres
        ? `create index participant_attributes_sample on participant_attributes (slug, option_id, ${SAMPLE_RANK_OF_HOLDER}) include (participant_key)`
        : `create index participant_attributes_sample on participant_attributes (slug, option_id, ${SAMPLE_RANK_OF_HOLDER}, participant_key)`,
    )
    .execute(db);
  await db.schema.dropIndex('participant_attributes_option').execute();
  await db.schema
    .createTable('deferred_indexes')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('definition', 'text', (c) => c.notNull())
    .execute();
}
