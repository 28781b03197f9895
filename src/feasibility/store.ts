import { feasibilityPriceIssues } from '../opportunities/index.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import { emitEvent } from '../platform/events/outbox.ts';
import { ApiError, conflict, notFound } from '../platform/http/errors.ts';
import { newId } from '../platform/ids.ts';
import { enqueueJob } from '../platform/jobs/store.ts';
import type { FeasibilityBrief } from './auto-price.ts';
import type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
import { type FeasibilityStatus, planClose, planRespond } from './feasibility-status.ts';

export const FEASIBILITY_PRICE_JOB = 'feasibility.price';

/**
 * Creates a RECEIVED request and, in the same transaction, the job that prices it: a request that
 * exists is always on its way to a price, even if this process dies right after the commit.
 */
export async function createFeasibilityRequest(
  db: Db,
  organizationId: string,
  brief: FeasibilityBrief,
): Promise<FeasibilityRequestRow> {
  return db.transaction().execute(async (trx) => {
    const now = isoNow();
    const row = await trx
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
    await emitStatusEvent(trx, row, null, 'RECEIVED');
    await enqueueJob(trx, {
      kind: FEASIBILITY_PRICE_JOB,
      payload: { feasibilityRequestId: row.id },
      dedupeKey: `feasibility-price:${row.id}`,
    });
    return row;
  });
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

async function emitStatusEvent(
  trx: Db,
  row: Pick<FeasibilityRequestRow, 'id' | 'organization_id'>,
  previous: string | null,
  status: string,
) {
  await emitEvent(trx, {
    organizationId: row.organization_id,
    type: 'feasibility.status.change',
    data: { feasibility_request_id: row.id, previous_status: previous, status },
  });
}

/**
 * Compare-and-set of a request's status with its `feasibility.status.change` event, in the
 * caller's transaction. False when the request was no longer in the status the caller saw.
 */
export async function moveFeasibilityRequest(
  trx: Db,
  row: Pick<FeasibilityRequestRow, 'id' | 'organization_id' | 'status'>,
  to: FeasibilityStatus,
  changes: Partial<FeasibilityRequestRow> = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('feasibility_requests')
    .set({ ...changes, status: to, updated_at: isoNow() })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await emitStatusEvent(trx, row, row.status, to);
  return true;
}

/**
 * RECEIVED to RESPONDED with a confirmed CPI and fee, automatically or by an operator. Refuses a
 * second price (planRespond) and a fee above the CPI.
 */
export async function respondToFeasibilityRequest(
  db: Db,
  id: string,
  price: { cpiCents: number; feeCents: number; by: 'automatic' | 'operator' },
): Promise<FeasibilityRequestRow> {
  const issues = feasibilityPriceIssues(price);
  if (issues.length > 0) {
    throw new ApiError('BAD_REQUEST', issues[0]!, {
      issues: issues.map((message) => ({ message })),
    });
  }
  return db.transaction().execute(async (trx) => {
    const row = await findFeasibilityRequestAnyOrganization(trx, id);
    if (!row) throw notFound('Feasibility request', id);
    const plan = planRespond(row.status as FeasibilityStatus);
    if (!plan.ok) throw conflict(plan.message);
    const now = isoNow();
    const moved = await moveFeasibilityRequest(trx, row, plan.to, {
      cpi_cents: price.cpiCents,
      fee_cents: price.feeCents,
      responded_by: price.by,
      responded_at: now,
    });
    if (!moved) throw conflict(`Feasibility request ${id} changed meanwhile; read it again`);
    return (await findFeasibilityRequestAnyOrganization(trx, id))!;
  });
}

/** An operator closes an open request as LOST or NOT_PURSUED (terminal). */
export async function closeFeasibilityRequest(
  db: Db,
  id: string,
  to: 'LOST' | 'NOT_PURSUED',
): Promise<FeasibilityRequestRow> {
  return db.transaction().execute(async (trx) => {
    const row = await findFeasibilityRequestAnyOrganization(trx, id);
    if (!row) throw notFound('Feasibility request', id);
    const plan = planClose(row.status as FeasibilityStatus, to);
    if (!plan.ok) throw conflict(plan.message);
    const now = isoNow();
    if (!(await moveFeasibilityRequest(trx, row, plan.to, { closed_at: now }))) {
      throw conflict(`Feasibility request ${id} changed meanwhile; read it again`);
    }
    return (await findFeasibilityRequestAnyOrganization(trx, id))!;
  });
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
