import type { Db } from '../platform/db/database.ts';
import { writeEvent } from '../platform/events/outbox.ts';
import { readCounters } from './counters.ts';
import type { OpportunityEvent } from './events.ts';
import type { OpportunityUpdate } from './opportunities.table.ts';
import { type OpportunityStatus, publicOpportunityStatus } from './opportunity-status.ts';
import { countTakenPlaces } from './places.ts';
import { readPlacesState, updateOpportunityStatus } from './store.ts';
import { placesStatus } from './transitions.ts';

/**
 * The one way an opportunity changes status: a compare-and-set on the status the caller saw (false
 * when it moved meanwhile), with its `opportunity.status.change` event in the same transaction.
 */
export async function setOpportunityStatus(
  trx: Db,
  opportunity: { id: string; organization_id: string; status: string },
  to: OpportunityStatus,
  changes: OpportunityUpdate = {},
): Promise<boolean> {
  if (!(await updateOpportunityStatus(trx, opportunity.id, opportunity.status, to, changes))) {
    return false;
  }
  await writeEvent<OpportunityEvent>(trx, opportunity.organization_id, {
    type: 'opportunity.status.change',
    data: {
      opportunity_id: opportunity.id,
      previous_status: publicOpportunityStatus(opportunity.status as OpportunityStatus),
      status: publicOpportunityStatus(to),
    },
  });
  return true;
}

/**
 * Applies the places rule (placesStatus: fulfilled, back to active, completed) from the status
 * counters, after a change to the opportunity's submissions, and records the status change when
 * the status moves.
 */
export async function refreshPlacesStatus(
  trx: Db,
  opportunityId: string,
): Promise<OpportunityStatus> {
  const opportunity = await readPlacesState(trx, opportunityId);
  const counters = await readCounters(trx, opportunityId);
  const byStatus: Record<string, number> = {};
  for (const [key, value] of Object.entries(counters)) {
    if (key.startsWith('status:')) byStatus[key.slice('status:'.length)] = value;
  }
  const current = opportunity.status as OpportunityStatus;
  const next = placesStatus({
    numParticipants: opportunity.num_participants,
    taken: countTakenPlaces(byStatus),
    approved: byStatus.approved ?? 0,
    currentStatus: current,
  });
  if (next !== current) {
    await setOpportunityStatus(trx, opportunity, next);
  }
  return next;
}
