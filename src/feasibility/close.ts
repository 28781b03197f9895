import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
import { type FeasibilityStatus, planClose } from './feasibility-status.ts';
import { moveFeasibilityRequest } from './move.ts';
import { findFeasibilityRequestAnyOrganization } from './store.ts';

/** An operator closes an open request as LOST or NOT_PURSUED (terminal), in one transaction. */
export async function closeFeasibilityRequest(
  db: Db,
  id: string,
  to: 'LOST' | 'NOT_PURSUED',
): Promise<FeasibilityRequestRow> {
  return db.transaction().execute(async (trx) => {
    const row = await findFeasibilityRequestAnyOrganization(trx, id);
    if (!row) throw new NotFoundError('Feasibility request', id);
    const plan = planClose(row.status as FeasibilityStatus, to);
    if (!plan.ok) throw new ConflictError(plan.message);
    if (!(await moveFeasibilityRequest(trx, row, plan.to, { closed_at: isoNow() }))) {
      throw new ConflictError(`Feasibility request ${id} changed meanwhile; read it again`);
    }
    return (await findFeasibilityRequestAnyOrganization(trx, id))!;
  });
}
