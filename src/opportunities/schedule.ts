import type { Db } from '../platform/db/database.ts';
import { updateOwned } from '../platform/db/tenant.ts';

/**
 * Marks an opportunity scheduled (it has lab sessions, docs/decisions/0178-lab-sessions.md) or not.
 * The UPDATE takes the opportunity's row lock on PostgreSQL, so the session changes of one study
 * queue up behind each other; false when there is no such opportunity.
 */
export async function setScheduled(
  trx: Db,
  organizationId: string,
  id: string,
  scheduled: boolean,
): Promise<boolean> {
  const result = await updateOwned(trx, 'opportunities', organizationId)
    .set({ scheduled: scheduled ? 1 : 0 })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
