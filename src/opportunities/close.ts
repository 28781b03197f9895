import { readCounters, submissionCounts } from '../admission/index.ts';
import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import { recordLedgerEntry } from '../finance/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { cancelJobs } from '../platform/jobs/store.ts';
import { moveTo } from '../platform/transition.ts';
import { opportunityClosing } from './events.ts';
import { expiryDedupeKey, opportunityExpiry } from './jobs.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import type { OpportunityStatus } from './opportunity-status.ts';
import { expiryRefundCents, stopRefundCents } from './refunds.ts';
import { setOpportunityStatus } from './status.ts';
import { findOpportunity, lockOpportunity, opportunityOrganizationId } from './store.ts';
import { planExpire, planStop } from './transitions.ts';

export const STOP_REASON_DEFAULT = 'The opportunity was stopped';
export const EXPIRY_REASON = 'The recruitment window ended';

/**
 * Stops an active or paused opportunity (docs/decisions/0030-opportunity-lifecycle.md). In one
 * transaction under the opportunity's lock (which every change to its places takes too): the
 * compare-and-set to stopped with the reason, withdrawals, and the refund of every place neither
 * approved nor under way. Submissions awaiting review block it with a ConflictError; so do
 * fulfilled, completed and stopped ones.
 */
export async function stopOpportunity(
  db: Db,
  request: {
    organizationId: string;
    opportunityId: string;
    reason?: string;
    now?: Date;
    actor?: AuditActor;
  },
): Promise<OpportunityRow> {
  const { organizationId, opportunityId } = request;
  const reason = request.reason?.trim() ? request.reason : null;
  return db.transaction().execute(async (trx) => {
    const opportunity = await lockOpportunity(trx, organizationId, opportunityId);
    if (!opportunity) throw new NotFoundError('Opportunity', opportunityId);
    const before = submissionCounts(await readCounters(trx, opportunityId));
    const plan = planStop({
      status: opportunity.status as OpportunityStatus,
      awaitingReviewCount: before.awaiting_review ?? 0,
    });
    if (!plan.ok) throw new ConflictError(plan.message);
    const at = (request.now ?? new Date()).toISOString();
    const moved = await setOpportunityStatus(trx, opportunity, plan.to, {
      stopped_at: at,
      stop_reason: reason,
    });
    if (!moved)
      throw new ConflictError(`Opportunity ${opportunityId} changed meanwhile; read it again`);
    await opportunityClosing.publish(trx, {
      opportunityId,
      reason: reason ?? STOP_REASON_DEFAULT,
      at,
    });
    await refund(trx, opportunity, 'stop_refund', reason ?? STOP_REASON_DEFAULT, (counts) =>
      stopRefundCents({
        costPerParticipantCents: opportunity.cost_per_participant_cents,
        numParticipants: opportunity.num_participants,
        approvedCount: counts.approved ?? 0,
        // Under the lock nothing reaches review meanwhile; counted anyway, never refunded twice.
        inProgressCount: (counts.in_progress ?? 0) + (counts.awaiting_review ?? 0),
      }),
    );
    await cancelJobs(trx, opportunityExpiry, expiryDedupeKey(opportunityId));
    await recordActorEvent(trx, request.actor, {
      organizationId,
      action: 'opportunity.stopped',
      subjectType: 'opportunity',
      subjectId: opportunityId,
      details: reason ? { reason } : {},
    });
    return (await findOpportunity(trx, organizationId, opportunityId))!;
  });
}

/**
 * The expiry job's work (docs/decisions/0030-opportunity-lifecycle.md): at ending_at an active,
 * paused or fulfilled opportunity closes as expired, withdrawing what has not started and refunding
 * every place not approved, under way or under review. Idempotent: anything else (already closed,
 * deleted, not yet due) is left alone. Returns whether it expired the opportunity.
 */
export async function expireOpportunity(
  db: Db,
  request: { opportunityId: string; now: Date },
): Promise<'expired' | 'not_due' | 'nothing_to_do'> {
  const { opportunityId, now } = request;
  const organizationId = await opportunityOrganizationId(db, opportunityId);
  if (!organizationId) return 'nothing_to_do';
  return db.transaction().execute(async (trx) => {
    const opportunity = await lockOpportunity(trx, organizationId, opportunityId);
    if (!opportunity) return 'nothing_to_do';
    const status = opportunity.status as OpportunityStatus;
    // A fulfilled study still holds places that may free up; past its window none may be
    // refilled, so it closes like an active one.
    const plan =
      status === 'fulfilled' ? moveTo<OpportunityStatus>('expired') : planExpire({ status });
    if (!plan.ok) return 'nothing_to_do';
    if (opportunity.ending_at !== null && opportunity.ending_at > now.toISOString()) {
      return 'not_due';
    }
    if (!(await setOpportunityStatus(trx, opportunity, plan.to))) return 'nothing_to_do';
    await opportunityClosing.publish(trx, {
      opportunityId,
      reason: EXPIRY_REASON,
      at: now.toISOString(),
    });
    await refund(trx, opportunity, 'expiry_refund', EXPIRY_REASON, (counts) =>
      expiryRefundCents({
        costPerParticipantCents: opportunity.cost_per_participant_cents,
        numParticipants: opportunity.num_participants,
        approvedCount: counts.approved ?? 0,
        inProgressCount: counts.in_progress ?? 0,
        awaitingReviewCount: counts.awaiting_review ?? 0,
      }),
    );
    return 'expired';
  });
}

/** The refund is computed from the counters after the withdrawals, so it sees what they freed. */
async function refund(
  trx: Db,
  opportunity: OpportunityRow,
  kind: 'stop_refund' | 'expiry_refund',
  memo: string,
  amountFor: (counts: Record<string, number>) => number,
) {
  const counts = submissionCounts(await readCounters(trx, opportunity.id));
  const amountCents = amountFor(counts);
  if (amountCents <= 0) return;
  await recordLedgerEntry(trx, {
    organizationId: opportunity.organization_id,
    kind,
    amountCents,
    opportunityId: opportunity.id,
    memo,
  });
}
