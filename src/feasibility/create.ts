import type { Db } from '../platform/db/database.ts';
import { enqueue } from '../platform/jobs/store.ts';
import type { FeasibilityBrief } from './auto-price.ts';
import type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
import { feasibilityPricing, pricingDedupeKey } from './jobs.ts';
import { emitStatusEvent } from './move.ts';
import { insertFeasibilityRequest } from './store.ts';

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
    const row = await insertFeasibilityRequest(trx, organizationId, brief);
    await emitStatusEvent(trx, row, null, 'RECEIVED');
    await enqueue(
      trx,
      feasibilityPricing,
      { feasibilityRequestId: row.id },
      { dedupeKey: pricingDedupeKey(row.id) },
    );
    return row;
  });
}
