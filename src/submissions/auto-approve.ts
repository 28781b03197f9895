import type { Db } from '../platform/db/database.ts';
import { ConflictError } from '../platform/errors.ts';
import { dueAutoApprovals, nextAutoApproval } from './place-clock-store.ts';
import { approveSubmission } from './review.ts';

/**
 * One round of the auto-approval job (docs/decisions/0086-auto-approval.md): work left
 * awaiting review past its opportunity's auto_approve_after_days, up to `limit`, is approved
 * through approveSubmission itself, as if the researcher had done it (paid, ledger, event, gated
 * tasks), marked automatic. One the researcher decided meanwhile is left as they decided.
 */
export async function autoApproveDueSubmissions(
  db: Db,
  input: { now: Date; limit: number },
): Promise<{ approved: number; due: number; next: Date | undefined }> {
  const due = await dueAutoApprovals(db, input.now, input.limit);
  let approved = 0;
  for (const seen of due) {
    try {
      await approveSubmission(db, {
        organizationId: seen.organization_id,
        submissionId: seen.id,
        now: input.now,
        automatic: true,
      });
      approved += 1;
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  return { approved, due: due.length, next: await nextAutoApproval(db) };
}
