import { isSubmissionStatus, SUBMISSION_STATUSES } from '../admission/index.ts';
import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import { findOpportunity } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { type Issue, NotFoundError, ValidationError } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { enqueue } from '../platform/jobs/store.ts';
import { findOwnedSubmissions, submissionIdsInStatus } from '../submissions/index.ts';
import { bulkMessage, bulkMessageJobKey } from './jobs.ts';
import {
  chunked,
  MAX_BULK_RECIPIENTS,
  MAX_BULK_SUBMISSION_IDS,
  messageBodyIssues,
  uniqueIds,
} from './rules.ts';

export interface BulkMessageRequest {
  organizationId: string;
  opportunityId: string;
  body: unknown;
  submissionIds?: unknown;
  status?: unknown;
  /** Who sends it, for the audit log. */
  actor?: AuditActor;
}

/**
 * POST /v2/opportunities/{id}/messages (docs/decisions/0090-messages.md): the recipients are fixed
 * now (the named submissions of this opportunity, or every submission in `status`), then written
 * one message each by jobs, a part of up to 200 recipients per job, each mailed as a single message
 * is. Answers the batch id (each message carries it) and how many recipients it reaches.
 */
export async function queueBulkMessage(
  db: Db,
  request: BulkMessageRequest,
): Promise<{ batchId: string; recipientCount: number }> {
  const opportunity = await findOpportunity(db, request.organizationId, request.opportunityId);
  if (!opportunity) throw new NotFoundError('Opportunity', request.opportunityId);
  const issues: Issue[] = [...messageBodyIssues(request.body)];
  const byIds = request.submissionIds !== undefined;
  const byStatus = request.status !== undefined;
  if (byIds === byStatus) {
    issues.push({ message: 'send exactly one of submission_ids and status' });
  }
  let recipients: string[] = [];
  if (byIds && !byStatus) {
    const ids = request.submissionIds;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_BULK_SUBMISSION_IDS) {
      issues.push({ message: `submission_ids: 1 to ${MAX_BULK_SUBMISSION_IDS} submission ids` });
    } else {
      const wanted = uniqueIds(ids.filter((id): id is string => typeof id === 'string'));
      const found = await findOwnedSubmissions(db, request.organizationId, wanted);
      ids.forEach((id, index) => {
        const row = typeof id === 'string' ? found.get(id) : undefined;
        if (!row || row.opportunity_id !== opportunity.id || !isSubmissionStatus(row.status)) {
          issues.push({
            message: `submission_ids[${index}]: ${String(id)} is not a submission of opportunity ${opportunity.id}`,
          });
        }
      });
      recipients = wanted;
    }
  }
  if (byStatus && !byIds) {
    if (typeof request.status !== 'string' || !isSubmissionStatus(request.status)) {
      issues.push({ message: `status: one of ${SUBMISSION_STATUSES.join(', ')}` });
    } else {
      recipients = await submissionIdsInStatus(db, opportunity.id, request.status);
      if (recipients.length === 0) {
        issues.push({ message: `status: no submission of this opportunity is ${request.status}` });
      } else if (recipients.length > MAX_BULK_RECIPIENTS) {
        issues.push({
          message: `status: ${recipients.length} submissions are ${request.status}; one send reaches at most ${MAX_BULK_RECIPIENTS} (use submission_ids in parts)`,
        });
      }
    }
  }
  if (issues.length > 0)
    throw new ValidationError('The message is invalid: nothing was sent', issues);

  const batchId = newId('messageBatch');
  await db.transaction().execute(async (trx) => {
    let part = 0;
    for (const submissionIds of chunked(recipients)) {
      await enqueue(
        trx,
        bulkMessage,
        {
          organizationId: request.organizationId,
          batchId,
          body: request.body as string,
          submissionIds,
        },
        { dedupeKey: bulkMessageJobKey(batchId, part) },
      );
      part += 1;
    }
    await recordActorEvent(trx, request.actor, {
      organizationId: request.organizationId,
      action: 'message.bulk_queued',
      subjectType: 'opportunity',
      subjectId: opportunity.id,
      details: { batch_id: batchId, recipient_count: recipients.length },
    });
  });
  return { batchId, recipientCount: recipients.length };
}
