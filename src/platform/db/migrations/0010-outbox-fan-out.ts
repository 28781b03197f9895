import { type Kysely, sql } from 'kysely';

// The webhook fan-out reads the outbox as one recurring job instead of one job per event: an
// event is fanned out once `fanned_out_at` is set, and the partial index holds only the events
// still waiting, so each round finds them without scanning the outbox.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('fanned_out_at', 'text').execute();
  // Events recorded before this migration were fanned out by their own jobs, except those whose
  // job is still queued: they stay unmarked for the recurring job, and their old jobs are retired.
  await sql`
    update events set fanned_out_at = created_at
    where not exists (
      select 1 from jobs
      where jobs.dedupe_key = 'webhooks.fan-out:' || events.id
        and jobs.status in ('pending', 'running')
    )
  `.execute(db);
  await sql`
    update jobs set status = 'cancelled', finished_at = updated_at
    where kind = 'webhooks.fan-out' and status in ('pending', 'running')
  `.execute(db);
  await db.schema
    .createIndex('events_to_fan_out')
    .on('events')
    .column('id')
    .where(sql.ref('fanned_out_at'), 'is', null)
    .execute();
}
