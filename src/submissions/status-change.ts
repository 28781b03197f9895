import {
  bumpCounters,
  countTakenPlaces,
  type OpportunityStatus,
  PLACE_TAKING_STATUSES,
  placesStatus,
  publicOpportunityStatus,
  readCounters,
  statusCounterKey,
} from '../opportunities/index.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { emitEvent } from '../platform/events/outbox.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { SubmissionRow, SubmissionsTable } from './submissions.table.ts';

/**
 * The one way a submission (or applicant) changes status. A compare-and-set on the expected current
 * status, so two concurrent decisions cannot both apply; then, in the same transaction, the status
 * counters, the `submission.status.change` event, and the opportunity's places status (fulfilled,
 * back to active, completed).
 */
export async function changeSubmissionStatus(
  trx: Db,
  submission: Pick<
    SubmissionRow,
    'id' | 'status' | 'opportunity_id' | 'organization_id' | 'participant_id'
  >,
  to: string,
  changes: Partial<Omit<SubmissionsTable, 'id' | 'status'>> = {},
): Promise<SubmissionRow> {
  const updated = await trx
    .updateTable('submissions')
    .set({ ...changes, status: to, updated_at: isoNow() })
    .where('id', '=', submission.id)
    .where('status', '=', submission.status)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    throw new ApiError('CONFLICT', `Submission ${submission.id} changed meanwhile; read it again`, {
      issues: [{ message: `expected status ${submission.status}` }],
    });
  }
  await bumpCounters(trx, submission.opportunity_id, [statusCounterKey(submission.status)], -1);
  await bumpCounters(trx, submission.opportunity_id, [statusCounterKey(to)], 1);
  // Quota cells count the places held: a cell fills when its applicant takes a place and frees
  // when that place frees (rejected, abandoned), so a freed place can go to the same cell again.
  const placeDelta = Number(holdsPlace(to)) - Number(holdsPlace(submission.status));
  if (placeDelta !== 0) {
    const cells = JSON.parse(updated.quota_cells) as string[];
    await bumpCounters(trx, submission.opportunity_id, cells, placeDelta);
  }
  await emitEvent(trx, {
    organizationId: submission.organization_id,
    type: 'submission.status.change',
    data: {
      submission_id: submission.id,
      opportunity_id: submission.opportunity_id,
      participant_id: submission.participant_id,
      previous_status: submission.status,
      status: to,
    },
  });
  await refreshPlacesStatus(trx, submission.opportunity_id);
  return updated;
}

/**
 * Applies the places rule (src/opportunities placesStatus) from the status counters, and
 * records an `opportunity.status.change` when the status moves.
 */
export async function refreshPlacesStatus(
  trx: Db,
  opportunityId: string,
): Promise<OpportunityStatus> {
  const opportunity = await trx
    .selectFrom('opportunities')
    .select(['id', 'organization_id', 'status', 'num_participants'])
    .where('id', '=', opportunityId)
    .executeTakeFirstOrThrow();
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

/** Compare-and-set of an opportunity's status, with its event. */
export async function setOpportunityStatus(
  trx: Db,
  opportunity: { id: string; organization_id: string; status: string },
  to: OpportunityStatus,
  changes: Record<string, unknown> = {},
): Promise<boolean> {
  const result = await trx
    .updateTable('opportunities')
    .set({ ...changes, status: to, updated_at: isoNow() })
    .where('id', '=', opportunity.id)
    .where('status', '=', opportunity.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await emitEvent(trx, {
    organizationId: opportunity.organization_id,
    type: 'opportunity.status.change',
    data: {
      opportunity_id: opportunity.id,
      previous_status: publicOpportunityStatus(opportunity.status as OpportunityStatus),
      status: publicOpportunityStatus(to),
    },
  });
  return true;
}

/** Whether a submission in this status holds one of the opportunity's places (DESIGN 3). */
export function holdsPlace(status: string): boolean {
  return (PLACE_TAKING_STATUSES as readonly string[]).includes(status);
}
