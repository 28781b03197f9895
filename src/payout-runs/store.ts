import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import type { ApprovedTask, SubmissionPayState, TrackedEntry } from './compute.ts';
import type { PayoutRunLineRow, PayoutRunRow, PayoutRunsTable } from './payout-runs.table.ts';

/** Rows per multi-row insert: well inside SQLite's bound-parameter limit. */
const CHUNK = 200;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

const toNumber = (value: number | string | null) => (value === null ? null : Number(value));

function runRow(row: PayoutRunRow): PayoutRunRow {
  return {
    ...row,
    rate_cents: Number(row.rate_cents),
    total_cents: Number(row.total_cents),
    line_count: Number(row.line_count),
  };
}

/** Time entries of the opportunity ended by `until` that no run has paid. */
export async function unpaidTimeEntries(
  db: Db,
  opportunityId: string,
  until: string,
): Promise<TrackedEntry[]> {
  const rows = await db
    .selectFrom('time_entries as t')
    // A test participant's time is never paid
    // (docs/decisions/0080-previews-with-test-participants.md).
    .innerJoin('submissions as s', 's.id', 't.submission_id')
    .select(['t.id', 't.submission_id', 't.ended_at', 't.seconds'])
    .where('t.opportunity_id', '=', opportunityId)
    .where('s.test', '=', 0)
    .where('t.ended_at', '<=', until)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payout_items as p')
            .select('p.item_key')
            .where('p.opportunity_id', '=', opportunityId)
            .whereRef('p.item_key', '=', 't.id'),
        ),
      ),
    )
    .execute();
  return rows.map((row) => ({
    id: row.id,
    submissionId: row.submission_id,
    endedAt: row.ended_at,
    seconds: Number(row.seconds),
  }));
}

/** What a run needs to know of these submissions: status, last approval, seconds paid so far. */
export async function submissionPayStates(
  db: Db,
  submissionIds: readonly string[],
): Promise<Map<string, SubmissionPayState>> {
  const states = new Map<string, SubmissionPayState>();
  const ids = [...new Set(submissionIds)];
  for (const part of chunks(ids)) {
    const [submissions, approvals, paid] = await Promise.all([
      db
        .selectFrom('submissions')
        .select(['id', 'participant_id', 'status'])
        .where('id', 'in', part)
        .execute(),
      db
        .selectFrom('submission_tasks')
        .select(['submission_id', (eb) => eb.fn.max('reviewed_at').as('approved_at')])
        .where('submission_id', 'in', part)
        .where('status', '=', 'approved')
        .groupBy('submission_id')
        .execute(),
      db
        .selectFrom('payout_run_lines')
        .select(['submission_id', (eb) => eb.fn.sum<number>('seconds').as('seconds')])
        .where('submission_id', 'in', part)
        .groupBy('submission_id')
        .execute(),
    ]);
    const approvedAt = new Map(approvals.map((row) => [row.submission_id, row.approved_at]));
    const paidSeconds = new Map(paid.map((row) => [row.submission_id, Number(row.seconds ?? 0)]));
    for (const row of submissions) {
      states.set(row.id, {
        id: row.id,
        participantId: row.participant_id,
        status: row.status,
        approvedAt: approvedAt.get(row.id) ?? null,
        paidSeconds: paidSeconds.get(row.id) ?? 0,
      });
    }
  }
  return states;
}

/** Approved tasks of the opportunity's submissions that no run has paid. */
export async function unpaidApprovedTasks(db: Db, opportunityId: string): Promise<ApprovedTask[]> {
  const [tasks, paid] = await Promise.all([
    db
      .selectFrom('submission_tasks as t')
      .innerJoin('submissions as s', 's.id', 't.submission_id')
      .select(['t.submission_id', 't.sequence', 't.reviewed_at', 's.participant_id'])
      .where('s.opportunity_id', '=', opportunityId)
      .where('s.test', '=', 0)
      .where('t.status', '=', 'approved')
      .execute(),
    db
      .selectFrom('payout_items')
      .select('item_key')
      .where('opportunity_id', '=', opportunityId)
      .execute(),
  ]);
  const paidKeys = new Set(paid.map((row) => row.item_key));
  return tasks
    .filter((row) => row.reviewed_at !== null)
    .filter((row) => !paidKeys.has(`${row.submission_id}:${row.sequence}`))
    .map((row) => ({
      submissionId: row.submission_id,
      participantId: row.participant_id,
      sequence: Number(row.sequence),
      reviewedAt: row.reviewed_at!,
    }));
}

export async function insertPayoutRun(
  trx: Db,
  run: PayoutRunsTable,
  lines: readonly PayoutRunLineRow[],
  items: readonly { item_key: string; submission_id: string }[],
): Promise<void> {
  await trx.insertInto('payout_runs').values(run).execute();
  for (const part of chunks(lines)) await trx.insertInto('payout_run_lines').values(part).execute();
  for (const part of chunks(items)) {
    await trx
      .insertInto('payout_items')
      .values(part.map((item) => ({ ...item, opportunity_id: run.opportunity_id, run_id: run.id })))
      .execute();
  }
}

/** A submission's running total of what it was paid (shown to the participant as paid_cents). */
export async function addPaidCents(trx: Db, submissionId: string, cents: number): Promise<void> {
  await trx
    .updateTable('submissions')
    .set({ paid_cents: sql`paid_cents + ${cents}` })
    .where('id', '=', submissionId)
    .execute();
}

export async function listPayoutRuns(
  db: Db,
  organizationId: string,
  page: { opportunityId: string; cursor?: string; limit: number },
): Promise<PayoutRunRow[]> {
  const rows = await keysetPage(
    selectOwned(db, 'payout_runs', organizationId)
      .selectAll()
      .where('opportunity_id', '=', page.opportunityId),
    'id',
    'desc',
    page,
  ).execute();
  return rows.map(runRow);
}

export async function findPayoutRun(
  db: Db,
  organizationId: string,
  opportunityId: string,
  id: string,
): Promise<{ run: PayoutRunRow; lines: PayoutRunLineRow[] } | undefined> {
  const run = await selectOwned(db, 'payout_runs', organizationId)
    .selectAll()
    .where('id', '=', id)
    .where('opportunity_id', '=', opportunityId)
    .executeTakeFirst();
  if (!run) return undefined;
  const lines = await db
    .selectFrom('payout_run_lines')
    .selectAll()
    .where('run_id', '=', id)
    .orderBy('submission_id')
    .execute();
  return {
    run: runRow(run),
    lines: lines.map((line) => ({
      ...line,
      seconds: toNumber(line.seconds),
      tasks: toNumber(line.tasks),
      amount_cents: Number(line.amount_cents),
    })),
  };
}

/**
 * Opportunities the weekly schedule looks at: launched, still open, paying hourly or per task, with
 * the time of their latest run.
 */
export async function scheduledCandidates(db: Db) {
  return db
    .selectFrom('opportunities as o')
    .select([
      'o.id',
      'o.organization_id',
      'o.launched_at',
      (eb) =>
        eb
          .selectFrom('payout_runs as r')
          .select((inner) => inner.fn.max('r.created_at').as('last'))
          .whereRef('r.opportunity_id', '=', 'o.id')
          .as('last_run_at'),
    ])
    .where('o.pay_frequency', 'in', ['hourly', 'per_task'])
    .where('o.status', 'in', ['active', 'paused', 'fulfilled'])
    .where('o.deleted_at', 'is', null)
    .orderBy('o.id')
    .execute();
}
