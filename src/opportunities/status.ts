import { countTakenPlaces, RECRUITING_KEY, readCounters, setFlag } from '../admission/index.ts';
import { coalesced } from '../platform/db/coalesced.ts';
import type { Db } from '../platform/db/database.ts';
import { writeEvent } from '../platform/events/outbox.ts';
import type { OpportunityEvent } from './events.ts';
import type { OpportunityUpdate } from './opportunities.table.ts';
import {
  isRecruiting,
  type OpportunityStatus,
  publicOpportunityStatus,
} from './opportunity-status.ts';
import { lockOpportunity, readPlacesState, updateOpportunityStatus } from './store.ts';
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
  await setFlag(trx, opportunity.id, RECRUITING_KEY, isRecruiting(to));
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
  const { opportunity, next } = await placesStatusNow(trx, opportunityId);
  if (next !== opportunity.status) await setOpportunityStatus(trx, opportunity, next);
  return next;
}

/**
 * refreshPlacesStatus in a transaction of its own, after an admission committed: an application
 * holds the places counter and not the opportunity (lockOpportunity), so it cannot change the
 * opportunity's status itself. Read first without a lock, since of the applicants who find the
 * places gone, only the first finds a status to change; and the callers of one process share
 * refreshes (coalesced: each waits for one that starts after it asked), since in a launch
 * stampede the dozens who find the last place taken at once each queued for the opportunity's
 * lock, holding a pool connection.
 */
export function refreshPlacesStatusAfter(
  db: Db,
  opportunity: { id: string; organization_id: string },
): Promise<void> {
  let ofDb = refreshes.get(db);
  if (!ofDb) {
    ofDb = new Map();
    refreshes.set(db, ofDb);
  }
  let refresh = ofDb.get(opportunity.id);
  if (!refresh) {
    refresh = coalesced(() => refreshOnce(db, opportunity));
    ofDb.set(opportunity.id, refresh);
  }
  const shared = refresh;
  const byOpportunity = ofDb;
  return shared().finally(() => {
    if (shared.idle() && byOpportunity.get(opportunity.id) === shared) {
      byOpportunity.delete(opportunity.id);
    }
  });
}

const refreshes = new WeakMap<Db, Map<string, ReturnType<typeof coalesced>>>();

async function refreshOnce(db: Db, opportunity: { id: string; organization_id: string }) {
  const seen = await placesStatusNow(db, opportunity.id);
  if (seen.next === seen.opportunity.status) return;
  await db.transaction().execute(async (trx) => {
    if (await lockOpportunity(trx, opportunity.organization_id, opportunity.id)) {
      await refreshPlacesStatus(trx, opportunity.id);
    }
  });
}

/** The status the places rule (placesStatus) gives an opportunity from its counters now. */
async function placesStatusNow(db: Db, opportunityId: string) {
  const opportunity = await readPlacesState(db, opportunityId);
  const counters = await readCounters(db, opportunityId);
  const byStatus: Record<string, number> = {};
  for (const [key, value] of Object.entries(counters)) {
    if (key.startsWith('status:')) byStatus[key.slice('status:'.length)] = value;
  }
  const next = placesStatus({
    numParticipants: opportunity.num_participants,
    taken: countTakenPlaces(byStatus),
    approved: byStatus.approved ?? 0,
    currentStatus: opportunity.status as OpportunityStatus,
  });
  return { opportunity, next };
}
