import {
  countTakenPlaces,
  type OpportunityStatus,
  planPause,
  planResume,
} from '../../domain/opportunity/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { readCounters } from '../../store/counters.ts';
import type { Db } from '../../store/database.ts';
import { findOpportunity, lockOpportunity } from '../../store/opportunities.ts';
import { setOpportunityStatus } from '../../store/submission-status.ts';
import type { OpportunityRow } from '../../store/tables/opportunities.table.ts';
import { submissionCounts } from './counts.ts';

type Planner = (
  opportunity: OpportunityRow,
  counts: Record<string, number>,
) => ReturnType<typeof planPause>;

async function move(
  db: Db,
  request: { organizationId: string; opportunityId: string },
  planner: Planner,
): Promise<OpportunityRow> {
  const { organizationId, opportunityId } = request;
  return db.transaction().execute(async (trx) => {
    const opportunity = await lockOpportunity(trx, organizationId, opportunityId);
    if (!opportunity) throw notFound('Opportunity', opportunityId);
    const counts = submissionCounts(await readCounters(trx, opportunityId));
    const plan = planner(opportunity, counts);
    if (!plan.ok) throw conflict(plan.message);
    if (!(await setOpportunityStatus(trx, opportunity, plan.to))) {
      throw conflict(`Opportunity ${opportunityId} changed meanwhile; read it again`);
    }
    return (await findOpportunity(trx, organizationId, opportunityId))!;
  });
}

/** Active to paused: recruiting stops taking applicants; work under way continues. */
export function pauseOpportunity(
  db: Db,
  request: { organizationId: string; opportunityId: string },
) {
  return move(db, request, (opportunity) =>
    planPause({ status: opportunity.status as OpportunityStatus }),
  );
}

/**
 * Paused to active, or straight to fulfilled or completed when the places filled (or were all
 * approved) while it was paused.
 */
export function resumeOpportunity(
  db: Db,
  request: { organizationId: string; opportunityId: string },
) {
  return move(db, request, (opportunity, counts) =>
    planResume({
      status: opportunity.status as OpportunityStatus,
      numParticipants: opportunity.num_participants,
      taken: countTakenPlaces(counts),
      approved: counts.approved ?? 0,
    }),
  );
}
