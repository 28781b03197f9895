import { type Kysely, PostgresAdapter } from 'kysely';
import { createNotifyTriggers } from '../commit-signals.ts';

// docs/decisions.md, "Webhooks, scale-out and stampedes". A job's lane (for a webhook delivery, its
// subscription) caps how many of its jobs one worker runs at once, so a receiver that hangs holds
// a few slots, never all of them. On PostgreSQL, inserting jobs or outbox events NOTIFYs on commit
// so workers wake at once; the embedded database does it in-process (commit-signals.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lane', 'text').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) await createNotifyTriggers(db);
}
