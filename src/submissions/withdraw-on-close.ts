import type { SubmissionLifecycleStatus } from '../admission/index.ts';
import type { Db } from '../platform/db/database.ts';
import { tryChangeSubmissionStatus } from './status-change.ts';
import { listPendingSubmissions } from './store.ts';
import { planWithdrawOnStop } from './submission-status.ts';

/**
 * An opportunity closing (opportunities' opportunityClosing, subscribed in src/subscriptions.ts):
 * invitations not yet started become abandoned and waiting applicants screened_out, each through
 * tryChangeSubmissionStatus (counters, event) with the closing reason. One that moved on its own
 * meanwhile (a participant started work) is left as it now is.
 */
export async function withdrawPendingSubmissions(
  trx: Db,
  closing: { opportunityId: string; reason: string },
): Promise<void> {
  for (const submission of await listPendingSubmissions(trx, closing.opportunityId)) {
    const plan = planWithdrawOnStop(submission.status as SubmissionLifecycleStatus);
    if (!plan.ok) continue;
    await tryChangeSubmissionStatus(trx, submission, plan.to, {
      closed_reason: closing.reason,
      ...(plan.to === 'abandoned' && { abandoned_reason: 'withdrawn' }),
    });
  }
}
