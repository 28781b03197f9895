import type { Db } from '../platform/db/database.ts';
import { writeEvent } from '../platform/events/outbox.ts';
import type { FeasibilityEvent } from './events.ts';
import type { FeasibilityRequestRow } from './feasibility-requests.table.ts';
import type { FeasibilityStatus } from './feasibility-status.ts';
import { setFeasibilityStatus } from './store.ts';

/** The `feasibility.status.change` event of a request received (`previous` null) or moved. */
export async function emitStatusEvent(
  trx: Db,
  row: Pick<FeasibilityRequestRow, 'id' | 'organization_id'>,
  previous: string | null,
  status: string,
) {
  await writeEvent<FeasibilityEvent>(trx, row.organization_id, {
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
  if (!(await setFeasibilityStatus(trx, row, to, changes))) return false;
  await emitStatusEvent(trx, row, row.status, to);
  return true;
}
