import { openCounters, PLACES_HELD_KEY } from '../admission/index.ts';
import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import {
  type FeasibilityStatus,
  findFeasibilityRequest,
  moveFeasibilityRequest,
  planWin,
} from '../feasibility/index.ts';
import { recordLedgerEntry } from '../finance/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError, PaymentRequiredError } from '../platform/errors.ts';
import { enqueue } from '../platform/jobs/store.ts';
import { computeFunding } from '../pricing/index.ts';
import { OPPORTUNITY_DEFAULTS } from './create.ts';
import { endingAt } from './deadline.ts';
import { opportunityLaunched } from './events.ts';
import { expiryDedupeKey, opportunityExpiry } from './jobs.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import type { OpportunityStatus } from './opportunity-status.ts';
import { setOpportunityStatus } from './status.ts';
import { findOpportunity, lockOpportunity, lockOrganization } from './store.ts';
import { planLaunch } from './transitions.ts';

/**
 * Launches a draft (docs/decisions/0030-opportunity-lifecycle.md; docs/pricing.md). One
 * transaction, under the opportunity's lock and then the organization's: the compare-and-set draft
 * to active, the charge in the ledger, the linked feasibility request won, the status event, the
 * expiry job and the start of its outreach (opportunityLaunched). Any number of concurrent or
 * retried launches of one draft charge it once; the others see it launched and get a
 * ConflictError.
 */
export async function launchOpportunity(
  db: Db,
  request: {
    organizationId: string;
    opportunityId: string;
    financeUrl: string;
    now?: Date;
    actor?: AuditActor;
  },
): Promise<OpportunityRow> {
  const { organizationId, opportunityId } = request;
  return db.transaction().execute(async (trx) => {
    const opportunity = await lockOpportunity(trx, organizationId, opportunityId);
    if (!opportunity) throw new NotFoundError('Opportunity', opportunityId);
    const plan = planLaunch({ status: opportunity.status as OpportunityStatus });
    if (!plan.ok) throw new ConflictError(plan.message);
    const organization = await lockOrganization(trx, organizationId);
    if (!organization) throw new NotFoundError('Opportunity', opportunityId);

    const funding = computeFunding({
      balanceCents: organization.balance_cents,
      overdraftLimitCents: organization.overdraft_limit_cents,
      totalCostCents: opportunity.total_cost_cents,
      financeUrl: request.financeUrl,
    });
    if (!funding.affordable) {
      throw new PaymentRequiredError(
        'The balance plus overdraft does not cover the launch; add credit and launch again',
        request.financeUrl,
        [
          {
            message: `Launching costs ${opportunity.total_cost_cents} cents; the balance is ${organization.balance_cents} cents and the overdraft limit ${organization.overdraft_limit_cents} cents, ${funding.shortfall_cents} cents short`,
          },
        ],
      );
    }

    const now = request.now ?? new Date();
    const launchedAt = now.toISOString();
    const windowDays =
      opportunity.expected_days_to_complete ?? OPPORTUNITY_DEFAULTS.expected_days_to_complete;
    const deadline = endingAt(now, windowDays);
    const moved = await setOpportunityStatus(trx, opportunity, plan.to, {
      launched_at: launchedAt,
      ending_at: deadline,
    });
    if (!moved)
      throw new ConflictError(`Opportunity ${opportunityId} changed meanwhile; read it again`);
    await recordActorEvent(trx, request.actor, {
      organizationId,
      action: 'opportunity.launched',
      subjectType: 'opportunity',
      subjectId: opportunityId,
      details: { charged_cents: opportunity.total_cost_cents },
      now,
    });
    await recordLedgerEntry(trx, {
      organizationId,
      kind: 'launch_charge',
      amountCents: -opportunity.total_cost_cents,
      opportunityId,
      memo: `Launch: ${opportunity.num_participants} x ${opportunity.cost_per_participant_cents} cents`,
    });
    if (opportunity.feasibility_request_id) {
      const feasibility = await findFeasibilityRequest(
        trx,
        organizationId,
        opportunity.feasibility_request_id,
      );
      // A request closed or won by another draft meanwhile stays as it is; the price was fixed.
      if (feasibility && planWin(feasibility.status as FeasibilityStatus).ok) {
        await moveFeasibilityRequest(trx, feasibility, 'WON');
      }
    }
    // The row every admission and status change of a launched opportunity locks (lockOpportunity).
    await openCounters(trx, opportunityId, [PLACES_HELD_KEY]);
    await enqueue(
      trx,
      opportunityExpiry,
      { opportunityId },
      { runAt: new Date(deadline), dedupeKey: expiryDedupeKey(opportunityId) },
    );
    // Its outreach, when it has a plan, starts now (invitations/ subscribes).
    await opportunityLaunched.publish(trx, { opportunityId, organizationId, now });
    return (await findOpportunity(trx, organizationId, opportunityId))!;
  });
}
