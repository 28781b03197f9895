import { isApplicant, type SubmissionLifecycleStatus } from '../admission/index.ts';
import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import { queueMail } from '../mail/index.ts';
import { findOpportunityForParticipant, localizedOpportunity } from '../opportunities/index.ts';
import { findParticipant } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { assertNoIssues, ConflictError, NotFoundError } from '../platform/errors.ts';
import { writeEvent } from '../platform/events/outbox.ts';
import { newId } from '../platform/ids.ts';
import { findOwnedSubmission, findParticipantSubmission } from '../submissions/index.ts';
import type { MessageEvent } from './events.ts';
import type { MessageRow } from './messages.table.ts';
import { messageBodyIssues, messageMail } from './rules.ts';
import { insertMessage } from './store.ts';

export interface OrganizationMessage {
  organizationId: string;
  submissionId: string;
  body: string;
  /** PUBLIC_URL: the mail links to the participant app's page of the submission. */
  publicUrl: string;
  /** Set by a bulk send, so a job run twice writes each recipient's message once. */
  batchId?: string | null;
  now?: Date;
  /** Who sends it, for the audit log; a bulk send is recorded once, when queued. */
  actor?: AuditActor;
}

/**
 * The organization writes to the participant of one of its submissions
 * (docs/decisions/0090-messages.md): the message is stored and the participant mailed in one
 * transaction (the caller's, when `db` is one; its own otherwise). A submission of another
 * organization, or an applicant still awaiting a decision (not a submission, contract 2.11), is a
 * NotFoundError; a blank or too long body a ValidationError. Other features (a request to return
 * work) call it too.
 */
export async function sendMessageToParticipant(
  db: Db,
  message: OrganizationMessage,
): Promise<MessageRow> {
  assertNoIssues(messageBodyIssues(message.body), 'The message is invalid');
  if (!db.isTransaction) {
    return db.transaction().execute((trx) => sendMessageToParticipant(trx, message));
  }
  const submission = await findOwnedSubmission(db, message.organizationId, message.submissionId);
  if (!submission || isApplicant(submission.status as SubmissionLifecycleStatus)) {
    throw new NotFoundError('Submission', message.submissionId);
  }
  const [opportunity, participant] = await Promise.all([
    findOpportunityForParticipant(db, submission.opportunity_id),
    findParticipant(db, submission.participant_id),
  ]);
  const now = message.now ?? new Date();
  const row = await insertMessage(db, {
    id: newId('message', now.getTime()),
    organization_id: message.organizationId,
    opportunity_id: submission.opportunity_id,
    submission_id: submission.id,
    participant_id: submission.participant_id,
    sender: 'organization',
    body: message.body,
    batch_id: message.batchId ?? null,
    created_at: now.toISOString(),
  });
  // The log says that a message went and to which submission; its words stay in the thread.
  await recordActorEvent(db, message.actor, {
    organizationId: message.organizationId,
    action: 'message.sent',
    subjectType: 'submission',
    subjectId: submission.id,
    details: { message_id: row.id },
    now,
  });
  if (participant) {
    await queueMail(db, {
      kind: 'message',
      ...messageMail({
        to: participant.email,
        name: participant.name,
        studyTitle: opportunity
          ? localizedOpportunity(opportunity, participant.language).title
          : undefined,
        body: message.body,
        publicUrl: message.publicUrl,
        submissionId: submission.id,
        language: participant.language,
      }),
    });
  }
  return row;
}

/**
 * The participant writes to the organization about their own submission. Another person's
 * submission is a NotFoundError; while the application awaits the researcher's decision the
 * organization cannot read threads of it, so writing is a ConflictError until then. Organizations
 * hold no contact address, so the `message.received` webhook event is how they hear of it.
 */
export async function replyAsParticipant(
  db: Db,
  input: { participantId: string; submissionId: string; body: string; now: Date },
): Promise<MessageRow> {
  assertNoIssues(messageBodyIssues(input.body), 'The message is invalid');
  return db.transaction().execute(async (trx) => {
    const submission = await findParticipantSubmission(
      trx,
      input.participantId,
      input.submissionId,
    );
    if (!submission) throw new NotFoundError('Submission', input.submissionId);
    if (isApplicant(submission.status as SubmissionLifecycleStatus)) {
      throw new ConflictError(
        'Your application awaits the researcher’s decision; you can write once they have decided',
      );
    }
    const row = await insertMessage(trx, {
      id: newId('message', input.now.getTime()),
      organization_id: submission.organization_id,
      opportunity_id: submission.opportunity_id,
      submission_id: submission.id,
      participant_id: submission.participant_id,
      sender: 'participant',
      body: input.body,
      batch_id: null,
      created_at: input.now.toISOString(),
    });
    await writeEvent<MessageEvent>(trx, submission.organization_id, {
      type: 'message.received',
      data: {
        message_id: row.id,
        submission_id: row.submission_id,
        opportunity_id: row.opportunity_id,
        participant_id: row.participant_id,
        body: row.body,
        created_at: row.created_at,
      },
    });
    return row;
  });
}
