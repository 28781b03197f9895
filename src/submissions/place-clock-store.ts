import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import type { SubmissionRow } from './submissions.table.ts';

/**
 * The queries of the place clocks (place-clock.ts). The jobs find what fell due through the partial
 * indexes of migration 0015 (submissions_deadline, submissions_auto_approve): a range scan from the
 * oldest clock up to now, never a scan of the table.
 */

export type DueSubmission = Pick<
  SubmissionRow,
  'id' | 'organization_id' | 'opportunity_id' | 'status'
>;

type ClockColumn = 'deadline_at' | 'auto_approve_at';

function due(db: Db, column: ClockColumn, now: Date, limit: number): Promise<DueSubmission[]> {
  return db
    .selectFrom('submissions')
    .select(['id', 'organization_id', 'opportunity_id', 'status'])
    .where(column, '<=', now.toISOString())
    .orderBy(column)
    .limit(limit)
    .execute();
}

async function next(db: Db, column: ClockColumn): Promise<Date | undefined> {
  const row = await db
    .selectFrom('submissions')
    .select(column)
    .where(column, 'is not', null)
    .orderBy(column)
    .limit(1)
    .executeTakeFirst();
  const at = row?.[column];
  return at ? new Date(at) : undefined;
}

/** Places held for work past their time limit, oldest deadline first. */
export const dueTimeOuts = (db: Db, now: Date, limit: number) => due(db, 'deadline_at', now, limit);

/** The earliest deadline still running, if any. */
export const nextDeadline = (db: Db) => next(db, 'deadline_at');

/** Work awaiting review past its auto-approval time, oldest first. */
export const dueAutoApprovals = (db: Db, now: Date, limit: number) =>
  due(db, 'auto_approve_at', now, limit);

/** The earliest auto-approval still to come, if any. */
export const nextAutoApproval = (db: Db) => next(db, 'auto_approve_at');

/** Records the researcher's request for the place back; the status does not change. */
export async function recordReturnRequest(
  trx: Db,
  id: string,
  request: { at: string; reason: string },
): Promise<SubmissionRow> {
  return trx
    .updateTable('submissions')
    .set({
      return_requested_at: request.at,
      return_request_reason: request.reason,
      updated_at: isoNow(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
