import { isApplicant, type SubmissionLifecycleStatus } from '../admission/index.ts';
import type { AuditActor } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { recordReturnRequest } from './place-clock-store.ts';
import { decide } from './review.ts';
import { planRequestReturn } from './submission-status.ts';
import type { SubmissionRow } from './submissions.table.ts';

/**
 * POST /submissions/{id}/request-return (docs/decisions/0085-returns-and-replacement.md): the
 * researcher asks the participant to give the place back. Only a place held for work (screen_passed
 * or in_progress) can be asked for; the status does not change, since the participant decides. The
 * request is recorded on the submission (return_requested_at, return_request_reason; a second
 * request replaces the first) and the participant is told by `tell`, in the same transaction: the
 * caller passes the message thread's writer (src/messages), which this feature cannot import, as
 * messages stand on submissions.
 */
export type TellAboutReturn = (
  trx: Db,
  request: { organizationId: string; submissionId: string; studyTitle: string; reason: string },
) => Promise<unknown>;

export async function requestReturn(
  db: Db,
  input: {
    organizationId: string;
    submissionId: string;
    reason: string;
    now: Date;
    tell: TellAboutReturn;
    actor?: AuditActor;
  },
): Promise<SubmissionRow> {
  return decide(
    db,
    input.organizationId,
    input.submissionId,
    async (trx, { opportunity, submission }) => {
      const status = submission.status as SubmissionLifecycleStatus;
      // Contract 2.11: an applicant is not a submission.
      if (isApplicant(status)) throw new NotFoundError('Submission', submission.id);
      const plan = planRequestReturn(status);
      if (!plan.ok) throw new ConflictError(plan.message);
      const updated = await recordReturnRequest(trx, submission.id, {
        at: input.now.toISOString(),
        reason: input.reason,
      });
      await input.tell(trx, {
        organizationId: input.organizationId,
        submissionId: submission.id,
        studyTitle: opportunity.title,
        reason: input.reason,
      });
      return updated;
    },
    {
      actor: input.actor,
      action: 'submission.return_requested',
      details: { reason: input.reason },
    },
  );
}
