import { isApplicant, type SubmissionLifecycleStatus } from '../admission/index.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError } from '../platform/errors.ts';
import { type Page, toPage } from '../platform/http/pagination.ts';
import { findOwnedSubmission, findParticipantSubmission } from '../submissions/index.ts';
import type { MessageRow } from './messages.table.ts';
import { listThread } from './store.ts';

/** A submission's thread as its organization reads it, oldest first; applicants are not found. */
export async function organizationThread(
  db: Db,
  input: { organizationId: string; submissionId: string; cursor?: string; limit: number },
): Promise<Page<MessageRow>> {
  const submission = await findOwnedSubmission(db, input.organizationId, input.submissionId);
  if (!submission || isApplicant(submission.status as SubmissionLifecycleStatus)) {
    throw new NotFoundError('Submission', input.submissionId);
  }
  const rows = await listThread(db, input);
  return toPage(
    rows,
    input.limit,
    (row) => [row.id],
    (row) => row,
  );
}

/** The participant's own thread about their submission, oldest first. */
export async function participantThread(
  db: Db,
  input: { participantId: string; submissionId: string; cursor?: string; limit: number },
): Promise<Page<MessageRow>> {
  const submission = await findParticipantSubmission(db, input.participantId, input.submissionId);
  if (!submission) throw new NotFoundError('Submission', input.submissionId);
  const rows = await listThread(db, input);
  return toPage(
    rows,
    input.limit,
    (row) => [row.id],
    (row) => row,
  );
}
