import type { Kysely } from 'kysely';

// docs/decisions/0129-job-lanes-that-earn-concurrency.md. A job's lane (for a webhook delivery, its
// subscription) caps how many of its jobs one worker runs at once, so a receiver that hangs holds
// a few slots, never all of them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lane', 'text').execute();
}
