import { type Kysely, sql } from 'kysely';

// The life of a place (docs/decisions/0084-time-limits.md): time limits, returns and
// auto-approval.
//
// - opportunities.max_minutes_per_submission: how long a place is held for work before it times
//   out. Create stores it (given, or the default from the tasks); older rows get that default here.
//   A migration is a snapshot, so the rule is written out rather than imported: three times the
//   tasks' total duration_minutes, at least 10, at most a week.
// - opportunities.auto_approve_after_days: work left awaiting review this long is approved by a
//   job; null never. Older rows get the default, 21, from the column default.
// - submissions.abandoned_reason: returned, timed_out or withdrawn. Older abandoned rows are
//   named from their closed_reason: the participant's abandon was a return, anything else (a
//   stop's reason, the expiry) a withdrawal.
// - submissions.deadline_at and submissions.auto_approve_at: when a held place times out, and
//   when work awaiting review is approved; set only while the status has that clock, so the jobs
//   find what is due by index. Live rows get their clocks counted from this upgrade, so nobody
//   is timed out or approved by a deploy.
// - submissions.return_requested_at and return_request_reason: the researcher asked for the place
//   back (POST /v2/submissions/{id}/request-return).

const MAX_MINUTES = 10_080;
const MIN_DEFAULT_MINUTES = 10;
const AUTO_APPROVE_DAYS = 21;
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

function defaultMaxMinutes(tasksJson: string): number {
  const tasks: unknown = JSON.parse(tasksJson);
  const total = Array.isArray(tasks)
    ? tasks.reduce((sum: number, task) => {
        const minutes = Number(task?.duration_minutes);
        return sum + (Number.isFinite(minutes) && minutes > 0 ? minutes : 0);
      }, 0)
    : 0;
  return Math.min(MAX_MINUTES, Math.max(MIN_DEFAULT_MINUTES, 3 * total));
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('opportunities')
    .addColumn('max_minutes_per_submission', 'integer')
    .execute();
  await db.schema
    .alterTable('opportunities')
    .addColumn('auto_approve_after_days', 'integer', (c) => c.defaultTo(AUTO_APPROVE_DAYS))
    .execute();
  for (const column of [
    'abandoned_reason',
    'deadline_at',
    'auto_approve_at',
    'return_requested_at',
    'return_request_reason',
  ]) {
    await db.schema.alterTable('submissions').addColumn(column, 'text').execute();
  }
  // Partial: only rows whose clock runs are indexed, and a `<= now` range scan finds the due ones.
  await db.schema
    .createIndex('submissions_deadline')
    .on('submissions')
    .column('deadline_at')
    .where(sql.ref('deadline_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('submissions_auto_approve')
    .on('submissions')
    .column('auto_approve_at')
    .where(sql.ref('auto_approve_at'), 'is not', null)
    .execute();

  const now = Date.now();
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; tasks: string; pay_frequency: string }>`
      select id, tasks, pay_frequency from opportunities where id > ${after} order by id limit ${BATCH}
    `.execute(db);
    for (const row of rows) {
      const minutes = defaultMaxMinutes(row.tasks);
      await sql`update opportunities set max_minutes_per_submission = ${minutes} where id = ${row.id}`.execute(
        db,
      );
      // Hourly and per-task studies keep people on the project: no time limit runs there.
      if (row.pay_frequency !== 'one_time') continue;
      const deadline = new Date(now + minutes * 60_000).toISOString();
      await sql`
        update submissions set deadline_at = ${deadline}
        where opportunity_id = ${row.id} and status in ('screen_passed', 'in_progress')
      `.execute(db);
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]!.id;
  }
  const autoApproveAt = new Date(now + AUTO_APPROVE_DAYS * DAY_MS).toISOString();
  await sql`update submissions set auto_approve_at = ${autoApproveAt} where status = 'awaiting_review'`.execute(
    db,
  );
  await sql`
    update submissions set abandoned_reason = case
      when closed_reason = 'abandoned by the participant' then 'returned'
      when closed_reason is not null then 'withdrawn'
    end
    where status = 'abandoned'
  `.execute(db);
}
