import { type RawBuilder, sql } from 'kysely';
import type { Static, TSchema } from 'typebox';
import type { Db, Engine } from '../db/database.ts';
import { insertMany } from '../db/insert-many.ts';
import { newId } from '../ids.ts';
import { assertValidPayload, type JobKind } from './define.ts';
import type { JobRow } from './jobs.table.ts';

export interface EnqueueOptions {
  runAt?: Date;
  /** A job with this key already enqueued (in any state) makes this call a no-op. */
  dedupeKey?: string;
  /** The lane the job runs in (see JobsTable.lane). */
  lane?: string;
}

/**
 * Enqueues a job of a declared kind; call it inside the transaction of the change that needs it,
 * so the job exists exactly when the change committed. The payload is checked against the kind's
 * schema first: a wrong one throws and writes nothing.
 */
export async function enqueue<Payload extends TSchema>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Static<Payload>,
  options: EnqueueOptions = {},
): Promise<void> {
  assertValidPayload(kind, payload);
  await db
    .insertInto('jobs')
    .values(
      newJobRow(
        kind,
        payload,
        options.runAt ?? new Date(),
        options.dedupeKey ?? null,
        options.lane ?? null,
      ),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/**
 * Enqueues many jobs of one kind, as `enqueue` each would, in one statement per 500 jobs on SQLite
 * and one in all on PostgreSQL (src/platform/db/insert-many.ts): the
 * webhook fan-out queues a round's deliveries this way, where a statement per job was a quarter
 * of a delivery's statements (docs/decisions/0130-webhook-deliveries-in-batched-statements.md).
 * Every payload is checked before anything is written.
 */
export async function enqueueMany<Payload extends TSchema>(
  db: Db,
  kind: JobKind<Payload>,
  jobs: readonly { payload: Static<Payload>; options?: EnqueueOptions }[],
): Promise<void> {
  for (const job of jobs) assertValidPayload(kind, job.payload);
  const now = new Date();
  await insertMany(
    db,
    'jobs',
    jobs.map(({ payload, options = {} }) =>
      newJobRow(
        kind,
        payload,
        options.runAt ?? now,
        options.dedupeKey ?? null,
        options.lane ?? null,
      ),
    ),
    { skipConflictsOn: ['dedupe_key'] },
  );
}

/** A pending job of `kind`, due at `runAt`, with no attempt made yet. */
function newJobRow(
  kind: JobKind,
  payload: unknown,
  runAt: Date,
  dedupeKey: string | null,
  lane: string | null = null,
) {
  const now = new Date().toISOString();
  return {
    id: newId('job'),
    kind: kind.kind,
    payload: JSON.stringify(payload ?? null),
    status: 'pending' as const,
    run_at: runAt.toISOString(),
    attempts: 0,
    max_attempts: kind.maxAttempts,
    locked_by: null,
    locked_until: null,
    last_error: null,
    dedupe_key: dedupeKey,
    lane,
    created_at: now,
    updated_at: now,
    finished_at: null,
  };
}

/**
 * Makes sure the one job of each recurring kind exists and is pending: created due now if absent,
 * brought back due now if it ended (failed, cancelled), left alone otherwise. The kind is the
 * dedupe key, so any number of workers starting together still leave exactly one.
 */
export async function ensureRecurringJobs(
  db: Db,
  kinds: readonly JobKind[],
  at: Date,
): Promise<void> {
  for (const kind of kinds) {
    if (!kind.recurring) continue;
    assertValidPayload(kind, kind.recurring.payload);
    const now = at.toISOString();
    await db
      .insertInto('jobs')
      .values(newJobRow(kind, kind.recurring.payload, at, kind.kind))
      .onConflict((oc) =>
        oc
          .column('dedupe_key')
          .doUpdateSet({
            status: 'pending',
            run_at: now,
            attempts: 0,
            locked_by: null,
            locked_until: null,
            updated_at: now,
            finished_at: null,
          })
          .where('jobs.status', 'in', ['done', 'failed', 'cancelled']),
      )
      .execute();
  }
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
    /** Lanes this worker runs as many jobs of as it allows: their jobs are left to wait. */
    fullLanes?: readonly string[];
    /** Jobs of one lane taken by this claim at most. */
    perLane?: number;
    /** Lanes that may take another number than perLane. */
    laneCaps?: ReadonlyMap<string, number>;
    /** False: leave lapsed leases to a later claim (one statement instead of two). */
    recover?: boolean;
  },
): Promise<JobRow[]> {
  const now = options.now.toISOString();
  const lockedUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const kinds = options.kinds;
  const kindFilter = kinds?.length ? sql`and kind in (${sql.join(kinds)})` : sql``;
  const fullLanes = options.fullLanes;
  const laneFilter = fullLanes?.length
    ? sql`and (lane is null or lane not in (${sql.join(fullLanes)}))`
    : sql``;
  const lock = engine === 'postgres' ? sql`for update skip locked` : sql``;
  const caps = [...(options.laneCaps ?? [])];
  const laneCap =
    caps.length === 0
      ? sql`${options.perLane}`
      : sql`case lane ${sql.join(
          caps.map(([lane, cap]) => sql`when ${lane} then cast(${cap} as integer)`),
          sql` `,
        )} else ${options.perLane} end`;
  // Two claims, each an index range scan (jobs_lease, then jobs_due), rather than one OR that would
  // sort every due job: lapsed leases first, since those jobs have waited longest.
  const claim = async (
    due: ReturnType<typeof sql>,
    order: ReturnType<typeof sql>,
    limit: number,
  ) => {
    const candidates = sql`
      select id, lane, ${order} as claim_order from jobs
      where ${due} ${kindFilter} ${laneFilter}
      order by ${order}
      limit ${options.perLane === undefined ? limit : limit * 4}
      ${lock}
    `;
    // With a cap per lane, the claim looks at a few times more candidates than it takes, and takes
    // at most `perLane` of each lane among them: one lane's backlog cannot fill the whole claim.
    const chosen =
      options.perLane === undefined
        ? sql`select id from (${candidates}) as candidates`
        : sql`
          select id from (
            select id, lane, claim_order,
              row_number() over (partition by coalesce(lane, id) order by claim_order) as lane_rank
            from (${candidates}) as candidates
          ) as ranked
          where lane_rank <= ${laneCap}
          order by claim_order
          limit ${limit}
        `;
    return (
      await sql<JobRow>`
        update jobs set
          status = 'running',
          locked_by = ${options.workerId},
          locked_until = ${lockedUntil},
          attempts = attempts + 1,
          updated_at = ${now}
        where id in (${chosen})
        returning *
      `.execute(db)
    ).rows;
  };
  const recovered =
    options.recover === false
      ? []
      : await claim(
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
    | { status: 'pending'; runAt: Date; error: string | null; countAttempt: boolean },
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

/**
 * Settles claimed jobs as done, those this worker still holds, in one statement, together with
 * `alongside` (JobDefinition.writeDone: what those jobs finished with): on PostgreSQL in the same
 * statement, as data-modifying WITH queries; on the embedded database, which has none, in one
 * transaction (statements there cost no round trip; the commit is what costs).
 */
export async function finishJobsDone(
  db: Db,
  engine: Engine,
  jobs: readonly JobRow[],
  workerId: string,
  alongside: readonly RawBuilder<unknown>[] = [],
): Promise<void> {
  if (jobs.length === 0) return;
  const now = new Date().toISOString();
  const done = sql`
    update jobs set
      status = 'done', last_error = null, locked_by = null, locked_until = null,
      updated_at = ${now}, finished_at = ${now}
    where id in (${sql.join(jobs.map((job) => job.id))})
      and locked_by = ${workerId} and status = 'running'
  `;
  if (alongside.length === 0) {
    await done.execute(db);
  } else if (engine === 'postgres') {
    const writes = alongside.map(
      (write, index) => sql`${sql.raw(`done_with_${index}`)} as (${write})`,
    );
    await sql`with ${sql.join(writes)} ${done}`.execute(db);
  } else {
    await db.transaction().execute(async (trx) => {
      for (const write of alongside) await write.execute(trx);
      await done.execute(trx);
    });
  }
}

/** Extends the lease of a job this worker holds; false when it no longer holds it. */
export async function renewLease(
  db: Db,
  job: JobRow,
  workerId: string,
  lockedUntil: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil.toISOString(), updated_at: new Date().toISOString() })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function cancelJobs(db: Db, kind: JobKind, dedupeKeyPrefix: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      status: 'cancelled',
      updated_at: new Date().toISOString(),
      finished_at: new Date().toISOString(),
    })
    .where('kind', '=', kind.kind)
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
