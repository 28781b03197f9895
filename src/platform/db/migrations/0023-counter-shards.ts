import { type Kysely, PostgresAdapter, sql } from 'kysely';

// docs/decisions/0143-counter-shards.md. An opportunity's counter becomes the sum of its shard
// rows: the key gains `shard`, and the rows that exist become shard 0. Every launched opportunity
// gets `places_held` on every shard (the rows an admission that finds its own shard full locks, all
// of them, as every other increment of a place does) and `recruiting` on every shard (each
// admission reads its own shard's). PostgreSQL has 8 shards as of this migration, SQLite one.

const POSTGRES_SHARDS = 8;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table opportunity_counters add column shard integer not null default 0`.execute(
      db,
    );
    await sql`alter table opportunity_counters drop constraint opportunity_counters_pk`.execute(db);
    await sql`
      alter table opportunity_counters
      add constraint opportunity_counters_pk primary key (opportunity_id, counter_key, shard)
    `.execute(db);
    await sql`
      insert into opportunity_counters (opportunity_id, counter_key, shard, value)
      select c.opportunity_id, c.counter_key, s.shard,
        case when c.counter_key = 'recruiting' then c.value else 0 end
      from opportunity_counters c
      cross join generate_series(1, ${sql.lit(POSTGRES_SHARDS - 1)}) as s(shard)
      where c.counter_key in ('places_held', 'recruiting')
    `.execute(db);
    return;
  }
  // SQLite changes a primary key by making the table again.
  await db.schema
    .createTable('opportunity_counters_sharded')
    .addColumn('opportunity_id', 'text', (c) => c.notNull().references('opportunities.id'))
    .addColumn('counter_key', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('opportunity_counters_pk', ['opportunity_id', 'counter_key', 'shard'])
    .execute();
  await sql`
    insert into opportunity_counters_sharded (opportunity_id, counter_key, shard, value)
    select opportunity_id, counter_key, 0, value from opportunity_counters
  `.execute(db);
  await db.schema.dropTable('opportunity_counters').execute();
  await db.schema
    .alterTable('opportunity_counters_sharded')
    .renameTo('opportunity_counters')
    .execute();
}
