import { countTakenPlaces, readCounters, submissionCounts } from '../admission/index.ts';
import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import type { OpportunityStatus } from './opportunity-status.ts';
import { setOpportunityStatus } from './status.ts';
import { findOpportunity, lockOpportunity } from './store.ts';
import { planPause, planResume } from './transitions.ts';

type Planner = (
  opportunity: OpportunityRow,
  counts: Record<string, number>,
) => ReturnType<typeof planPause>;

async function move(
  db: Db,
  request: { organizationId: string; opportunityId: string; actor?: AuditActor },
  planner: Planner,
  action: string,
): Promise<OpportunityRow> {
  const { organizationId, opportunityId } = request;
  return db.transaction().execute(async (trx) => {
    const opportunity = await lockOpportunity(trx, organizationId, opportunityId);
    if (!opportunity) throw new NotFoundError('Opportunity', opportunityId);
    const counts = submissionCounts(await readCounters(trx, opportunityId));
    const plan = planner(opportunity, counts);
    if (!plan.ok) throw new ConflictError(plan.message);
    if (!(await setOpportunityStatus(trx, opportunity, plan.to))) {
      throw new ConflictError(`Opportunity ${opportunityId} changed meanwhile; read it again`);
    }
    await recordActorEvent(trx, request.actor, {
      organizationId,
      action,
      subjectType: 'opportunity',
      subjectId: opportunityId,
    });
    return (await findOpportunity(trx, organizationId, opportunityId))!;
  });
}

/** Active to paused: recruiting stops taking applicants; work under way continues. */
export function pauseOpportunity(
  db: Db,
  request: { organizationId: string; opportunityId: string; actor?: AuditActor },
) {
  return move(
    db,
    request,
    (opportunity) => planPause({ status: opportunity.status as OpportunityStatus }),
    'opportunity.paused',
  );
}

/**
 * Paused to active, or straight to fulfilled or completed when the places filled (or were all
 * approved) while it was paused.
 */
export function resumeOpportunity(
  db: Db,
  request: { organizationId: string; opportunityId: string; actor?: AuditActor },
) {
  return move(
    db,
    request,
    (opportunity, counts) =>
      planResume({
        status: opportunity.status as OpportunityStatus,
        numParticipants: opportunity.num_participants,
        taken: countTakenPlaces(counts),
        approved: counts.approved ?? 0,
      }),
    'opportunity.resumed',
  );
}
