import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { feasibilityPriceIssues } from '../pricing/index.ts';
import type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
import { type FeasibilityStatus, planRespond } from './feasibility-status.ts';
import { moveFeasibilityRequest } from './move.ts';
import { findFeasibilityRequestAnyOrganization } from './store.ts';

export interface FeasibilityPrice {
  cpiCents: number;
  feeCents: number;
  by: 'automatic' | 'operator';
}

/** The priced request, or why the price did not apply (nothing was written then). */
export type RespondOutcome =
  | { ok: true; row: FeasibilityRequestRow }
  | { ok: false; reason: 'not_found' | 'refused' | 'changed'; message: string };

/**
 * RECEIVED to RESPONDED with a confirmed CPI and fee, automatically or by an operator, in one
 * transaction. An invalid price (a fee above the CPI) throws; a request that is gone, already
 * priced or closed (planRespond), or moved meanwhile is an outcome the caller tests: the pricing
 * job has nothing left to do then, an operator is refused.
 */
export async function tryRespondToFeasibilityRequest(
  db: Db,
  id: string,
  price: FeasibilityPrice,
): Promise<RespondOutcome> {
  const issues = feasibilityPriceIssues(price);
  if (issues.length > 0) {
    throw new ValidationError(
      issues[0]!,
      issues.map((message) => ({ message })),
    );
  }
  return db.transaction().execute(async (trx): Promise<RespondOutcome> => {
    const row = await findFeasibilityRequestAnyOrganization(trx, id);
    if (!row)
      return { ok: false, reason: 'not_found', message: `Feasibility request ${id} not found` };
    const plan = planRespond(row.status as FeasibilityStatus);
    if (!plan.ok) return { ok: false, reason: 'refused', message: plan.message };
    const moved = await moveFeasibilityRequest(trx, row, plan.to, {
      cpi_cents: price.cpiCents,
      fee_cents: price.feeCents,
      responded_by: price.by,
      responded_at: isoNow(),
    });
    if (!moved) {
      return {
        ok: false,
        reason: 'changed',
        message: `Feasibility request ${id} changed meanwhile; read it again`,
      };
    }
    return { ok: true, row: (await findFeasibilityRequestAnyOrganization(trx, id))! };
  });
}

/** An operator's price: tryRespondToFeasibilityRequest, refusing with the reason it did not apply. */
export async function respondToFeasibilityRequest(
  db: Db,
  id: string,
  price: FeasibilityPrice,
): Promise<FeasibilityRequestRow> {
  const outcome = await tryRespondToFeasibilityRequest(db, id, price);
  if (outcome.ok) return outcome.row;
  if (outcome.reason === 'not_found') throw new NotFoundError('Feasibility request', id);
  throw new ConflictError(outcome.message);
}
