import { type AbandonedReason, countStatusChange, stoppedClocks } from '../admission/index.ts';
import { admissionTerms, findOpportunity, refreshPlacesStatus } from '../opportunities/index.ts';
import { recordDecision } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError } from '../platform/errors.ts';
import { writeSubmissionEvent } from './events.ts';
import { updateSubmissionStatus } from './store.ts';
import type { SubmissionRow, SubmissionsTable } from './submissions.table.ts';

/**
 * The one way a submission (or applicant) changes status. A compare-and-set on the expected current
 * status, so two concurrent decisions cannot both apply; then, in the same transaction, the status
 * counters, the `submission.status.change` event, and the opportunity's places status (through
 * the opportunities feature's refreshPlacesStatus), and the participant's approved and decided
 * counts (participants' recordDecision). Undefined, with nothing written, when the
 * submission was no longer in the status the caller saw: the caller decides what losing means.
 * A test submission (docs/decisions/0081-test-work-changes-nothing.md) changes alone: it holds
 * no place, so it counts, announces and refreshes nothing.
 */
export async function tryChangeSubmissionStatus(
  trx: Db,
  submission: Pick<
    SubmissionRow,
    'id' | 'status' | 'opportunity_id' | 'organization_id' | 'participant_id'
  >,
  to: string,
  changes: Partial<Omit<SubmissionsTable, 'id' | 'status'>> = {},
): Promise<SubmissionRow | undefined> {
  // A move out of a status stops that status's clock (place-clock.ts), unless the caller sets it.
  const updated = await updateSubmissionStatus(trx, submission.id, submission.status, to, {
    ...stoppedClocks(to),
    ...changes,
  });
  if (!updated) return undefined;
  if (updated.test) return updated;
  // A place taken (an invitation) is bounded by the opportunity's terms, read only then.
  await countStatusChange(
    trx,
    {
      opportunityId: submission.opportunity_id,
      from: submission.status,
      to,
      quotaCells: JSON.parse(updated.quota_cells) as string[],
    },
    async () => {
      const opportunity = await findOpportunity(
        trx,
        submission.organization_id,
        submission.opportunity_id,
      );
      return opportunity && admissionTerms(opportunity);
    },
  );
  // The participant's record of decisions (docs/decisions/0168-reputation.md), with the decision.
  await recordDecision(trx, submission.participant_id, submission.status, to);
  await writeSubmissionEvent(trx, updated, {
    type: 'submission.status.change',
    data: {
      submission_id: submission.id,
      opportunity_id: submission.opportunity_id,
      participant_id: submission.participant_id,
      previous_status: submission.status,
      status: to,
      ...(to === 'abandoned' &&
        updated.abandoned_reason !== null && {
          abandoned_reason: updated.abandoned_reason as AbandonedReason,
        }),
    },
  });
  await refreshPlacesStatus(trx, submission.opportunity_id);
  return updated;
}

/** tryChangeSubmissionStatus for a decision the caller asked for: losing the race is a conflict. */
export async function changeSubmissionStatus(
  trx: Db,
  submission: Parameters<typeof tryChangeSubmissionStatus>[1],
  to: string,
  changes: Parameters<typeof tryChangeSubmissionStatus>[3] = {},
): Promise<SubmissionRow> {
  const updated = await tryChangeSubmissionStatus(trx, submission, to, changes);
  if (!updated) {
    throw new ConflictError(`Submission ${submission.id} changed meanwhile; read it again`, [
      { message: `expected status ${submission.status}` },
    ]);
  }
  return updated;
}
