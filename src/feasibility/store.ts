import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import { newId } from '../platform/ids.ts';
import type { FeasibilityBrief } from './auto-price.ts';
import type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
import type { FeasibilityStatus } from './feasibility-status.ts';

/** The row of a new request: RECEIVED, no price yet. */
export async function insertFeasibilityRequest(
  trx: Db,
  organizationId: string,
  brief: FeasibilityBrief,
): Promise<FeasibilityRequestRow> {
  const now = isoNow();
  return trx
    .insertInto('feasibility_requests')
    .values({
      id: newId('feasibility'),
      organization_id: organizationId,
      status: 'RECEIVED',
      source: 'API',
      task_description: brief.taskDescription,
      panel_description: brief.panelDescription,
      submission_count: brief.submissionCount,
      timeline_hours: brief.timelineHours,
      pay_rate_frequency: brief.payRateFrequency,
      loi_minutes: brief.loiMinutes,
      cpi_cents: null,
      fee_cents: null,
      responded_by: null,
      responded_at: null,
      operator_note: null,
      closed_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Compare-and-set of a request's status: false, with nothing written, when the request was no
 * longer in the status the caller saw.
 */
export async function setFeasibilityStatus(
  trx: Db,
  row: Pick<FeasibilityRequestRow, 'id' | 'status'>,
  to: FeasibilityStatus,
  changes: Partial<FeasibilityRequestRow> = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('feasibility_requests')
    .set({ ...changes, status: to, updated_at: isoNow() })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const requestById = prepared((db, p: { organizationId: string; id: string }) =>
  selectOwned(db, 'feasibility_requests', p.organizationId).selectAll().where('id', '=', p.id),
);

export async function findFeasibilityRequest(db: Db, organizationId: string, id: string) {
  const [row] = await requestById(db, { organizationId, id });
  return row as FeasibilityRequestRow | undefined;
}

/** Operators and jobs act across organizations. */
export async function findFeasibilityRequestAnyOrganization(db: Db, id: string) {
  return db.selectFrom('feasibility_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The operators' queue, oldest first. */
export async function listFeasibilityRequests(
  db: Db,
  options: { status?: FeasibilityStatus; limit: number },
): Promise<FeasibilityRequestRow[]> {
  let query = db.selectFrom('feasibility_requests').selectAll();
  if (options.status) query = query.where('status', '=', options.status);
  return query.orderBy('id').limit(options.limit).execute();
}

/** Why the automatic price did not apply; the request stays RECEIVED for an operator. */
export async function noteForOperator(db: Db, id: string, note: string): Promise<void> {
  await db
    .updateTable('feasibility_requests')
    .set({ operator_note: note, updated_at: isoNow() })
    .where('id', '=', id)
    .where('status', '=', 'RECEIVED')
    .execute();
}
