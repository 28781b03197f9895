import type { AuditActor } from '../audit/index.ts';
import type { Db } from '../platform/db/database.ts';
import { assertNoIssues, isDomainError, NotFoundError } from '../platform/errors.ts';
import { encodeCursor } from '../platform/http/pagination.ts';
import { isRejectionCategory } from './rejection-categories.ts';
import { approveSubmission, rejectSubmission } from './review.ts';
import { listOpportunitySubmissions } from './store.ts';

/** A bulk decision covers at most this many submissions, so one click has a bounded cost. */
export const BULK_REVIEW_LIMIT = 1000;
const PAGE = 200;

export type BulkDecision =
  | { kind: 'approve' }
  | { kind: 'reject'; category: string; reason: string | null };

export interface BulkReviewResult {
  decided: string[];
  /** Submissions that could not take the decision (decided meanwhile, another opportunity...). */
  refused: { id: string; reason: string }[];
}

/**
 * Approves or rejects many submissions of one opportunity (the dashboard's review at scale): the
 * chosen ones, or every one awaiting review. Each goes through the same approve or reject use case
 * as one decision, in its own transaction, so one that changed meanwhile is refused alone and the
 * others still take the decision; the result lists both.
 */
export async function reviewInBulk(
  db: Db,
  input: {
    organizationId: string;
    opportunityId: string;
    decision: BulkDecision;
    /** The chosen submissions; undefined means every one awaiting review. */
    submissionIds?: readonly string[];
    now: Date;
    actor?: AuditActor;
  },
): Promise<BulkReviewResult> {
  const { decision } = input;
  const issues = [];
  if (decision.kind === 'reject' && !isRejectionCategory(decision.category)) {
    issues.push({ message: 'rejection_category: choose a category from the list' });
  }
  if (input.submissionIds && input.submissionIds.length === 0) {
    issues.push({ message: 'submissions: choose at least one' });
  }
  if (input.submissionIds && input.submissionIds.length > BULK_REVIEW_LIMIT) {
    issues.push({ message: `submissions: at most ${BULK_REVIEW_LIMIT} at once` });
  }
  assertNoIssues(issues, 'The decision is incomplete');
  const result: BulkReviewResult = { decided: [], refused: [] };
  let ids: string[];
  if (input.submissionIds) {
    const chosen = [...new Set(input.submissionIds)];
    const ofThisStudy = new Set(
      await submissionIdsOf(db, input.organizationId, input.opportunityId, chosen),
    );
    ids = chosen.filter((id) => ofThisStudy.has(id));
    for (const id of chosen) {
      if (!ofThisStudy.has(id))
        result.refused.push({ id, reason: 'not a submission of this study' });
    }
  } else {
    ids = await awaitingReview(db, input.opportunityId);
  }
  for (const submissionId of ids) {
    try {
      const common = {
        organizationId: input.organizationId,
        submissionId,
        now: input.now,
        actor: input.actor,
      };
      if (decision.kind === 'approve') await approveSubmission(db, common);
      else {
        await rejectSubmission(db, {
          ...common,
          rejectionCategory: decision.category,
          rejectionReason: decision.reason,
        });
      }
      result.decided.push(submissionId);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      result.refused.push({
        id: submissionId,
        reason: error instanceof NotFoundError ? 'no such submission' : error.message,
      });
    }
  }
  return result;
}

function submissionIdsOf(
  db: Db,
  organizationId: string,
  opportunityId: string,
  ids: readonly string[],
): Promise<string[]> {
  return db
    .selectFrom('submissions')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('opportunity_id', '=', opportunityId)
    .where('id', 'in', ids)
    .execute()
    .then((rows) => rows.map((row) => row.id));
}

async function awaitingReview(db: Db, opportunityId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  while (ids.length < BULK_REVIEW_LIMIT) {
    const rows = await listOpportunitySubmissions(db, {
      opportunityId,
      status: 'awaiting_review',
      cursor,
      limit: PAGE,
    });
    ids.push(...rows.slice(0, PAGE).map((row) => row.id));
    if (rows.length <= PAGE) break;
    cursor = encodeCursor([rows[PAGE - 1]!.id]);
  }
  return ids.slice(0, BULK_REVIEW_LIMIT);
}
