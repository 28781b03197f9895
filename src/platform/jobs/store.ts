import { sql } from 'kysely';
import type { Db, Engine } from '../db/database.ts';
import { newId } from '../ids.ts';
import type { JobRow } from './jobs.table.ts';

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt?: Date;
  maxAttempts?: number;
  /** A job with this key already enqueued (in any state) makes this call a no-op. */
  dedupeKey?: string;
}

/**
 * Enqueues a job; call it inside the transaction of the change that needs it, so the job exists
 * exactly when the change committed.
 */
export async function enqueueJob(db: Db, job: NewJob): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('jobs')
    .values({
      id: newId('job'),
      kind: job.kind,
      payload: JSON.stringify(job.payload ?? null),
      status: 'pending',
      run_at: (job.runAt ?? new Date()).toISOString(),
      attempts: 0,
      max_attempts: job.maxAttempts ?? 10,
      locked_by: null,
      locked_until: null,
      last_error: null,
      dedupe_key: job.dedupeKey ?? null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Takes up to `limit` due jobs under a lease: pending ones whose time has come, and running ones
 * whose worker let the lease lapse (it died). PostgreSQL skips rows other workers are claiming; the
 * embedded database has a single writer, so the statement alone is atomic there.
 */
export async function claimJobs(
  db: Db,
  engine: Engine,
  options: {
    workerId: string;
    limit: number;
    now: Date;
    leaseMs: number;
    kinds?: readonly string[];
  },
): Promise<JobRow[]> {
  const now = options.now.toISOString();
  const lockedUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const kinds = options.kinds;
  const kindFilter = kinds?.length ? sql`and kind in (${sql.join(kinds)})` : sql``;
  const lock = engine === 'postgres' ? sql`for update skip locked` : sql``;
  // Two claims, each an index range scan (jobs_lease, then jobs_due), rather than one OR that would
  // sort every due job: lapsed leases first, since those jobs have waited longest.
  const claim = async (due: ReturnType<typeof sql>, order: ReturnType<typeof sql>, limit: number) =>
    (
      await sql<JobRow>`
        update jobs set
          status = 'running',
          locked_by = ${options.workerId},
          locked_until = ${lockedUntil},
          attempts = attempts + 1,
          updated_at = ${now}
        where id in (
          select id from jobs
          where ${due} ${kindFilter}
          order by ${order}
          limit ${limit}
          ${lock}
        )
        returning *
      `.execute(db)
    ).rows;
  const recovered = await claim(
    sql`status = 'running' and locked_until < ${now}`,
    sql`locked_until`,
    options.limit,
  );
  if (recovered.length >= options.limit) return recovered;
  const due = await claim(
    sql`status = 'pending' and run_at <= ${now}`,
    sql`run_at`,
    options.limit - recovered.length,
  );
  return [...recovered, ...due];
}

/** Settles a claimed job, but only while this worker still holds it. */
export async function finishJob(
  db: Db,
  job: JobRow,
  workerId: string,
  outcome:
    | { status: 'done' }
    | { status: 'failed'; error: string }
    | { status: 'pending'; runAt: Date; error: string; countAttempt: boolean },
): Promise<void> {
  const now = new Date().toISOString();
  let query = db
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running');
  if (outcome.status === 'pending') {
    query = query.set({
      status: 'pending',
      run_at: outcome.runAt.toISOString(),
      last_error: outcome.error,
      locked_by: null,
      locked_until: null,
      updated_at: now,
      ...(outcome.countAttempt ? {} : { attempts: sql`attempts - 1` }),
    });
  } else {
    query = query.set({
      status: outcome.status,
      last_error: outcome.status === 'failed' ? outcome.error : null,
      locked_by: null,
      locked_until: null,
      updated_at: now,
      finished_at: now,
    });
  }
  await query.execute();
}

export async function cancelJobs(db: Db, kind: string, dedupeKeyPrefix: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'cancelled',
      updated_at: new Date().toISOString(),
      finished_at: new Date().toISOString(),
    })
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .where('dedupe_key', 'like', `${dedupeKeyPrefix}%`)
    .execute();
}

export async function jobQueueStats(db: Db) {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => [
      eb.fn.countAll<number>().as('pending'),
      eb.fn.min<string>('run_at').as('oldest_run_at'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestRunAt: row.oldest_run_at ?? null };
}
