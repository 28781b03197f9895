import { deleteInvitationsOf } from '../invitations/index.ts';
import { deleteMailTo } from '../mail/index.ts';
import { blankMessagesWith } from '../messages/index.ts';
import { removeFromAllGroups } from '../participant-groups/index.ts';
import type { ParticipantRow } from '../participants/index.ts';
import {
  choiceQuestionKeys,
  deleteAccountRows,
  ERASED_STATUS,
  erasedProfile,
  eraseFreeText,
  lockParticipant,
  overwriteProfile,
  revokeAccess,
  withoutMessageBody,
} from '../participants/index.ts';
import { hashSecret, newSecret, PARTICIPANT_TOKEN_PREFIX } from '../platform/credentials.ts';
import type { Database } from '../platform/db/database.ts';
import { truncateWriteAheadLog } from '../platform/db/write-ahead-log.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { rewriteEventData } from '../platform/events/outbox.ts';
import { forgetKeysOf } from '../platform/http/idempotency-keys.store.ts';
import type { FileStore } from '../platform/storage/index.ts';
import { verifyAgainstDecoy, verifyPassword } from '../platform/web/password.ts';
import type { ScreeningAnswer } from '../screening/index.ts';
import {
  heldPlacesOf,
  removeUploadsOf,
  returnSubmission,
  scrubSubmission,
  submissionsHeldFor,
} from '../submissions/index.ts';

export interface Erasure {
  id: string;
  /** The participant had been erased before; this run scrubbed again and found nothing new. */
  alreadyErased: boolean;
  /** Submissions whose held place this erasure gave back (returned, as the participant would). */
  returned: string[];
  /** Uploaded files erased from the uploads store (overwritten first on disk). */
  filesRemoved: number;
  /** SQLite: the write-ahead log was checkpointed and truncated (always true on PostgreSQL). */
  logTruncated: boolean;
}

export const participantNotFound = (id: string) =>
  new NotFoundError('Participant', id, [{ message: `There is no participant with id ${id}` }]);

/**
 * Erases a participant (DELETE /v2/participant/me, the participant app's "Delete my account",
 * `cohort participant erase ID`; docs/participant-data.md says what goes and what stays):
 *
 * 1. the token, every session and link are revoked and the status becomes `erased` (so nothing
 *    new starts meanwhile); then every place they hold for work is returned through the same use case as the participant's
 *    own return, one transaction each, so the place goes back to recruitment (or is refunded when
 *    the study has closed) exactly as it would have;
 * 2. one transaction overwrites the profile, revokes the token and every session and link, takes
 *    their written words out of screener answers, task notes, message threads, message events and
 *    webhook payloads, drops their mail, group memberships and idempotency answers, and keeps
 *    every ledger row, submission status and time entry under the same random id;
 * 3. their uploaded files are overwritten and removed;
 * 4. on SQLite the write-ahead log is checkpointed and truncated (freed pages are zeroed as they
 *    are freed: `secure_delete`, src/platform/db/database.ts).
 *
 * Running it again does every step again: an erasure cut short by a crash finishes on the next run.
 */
export async function eraseParticipant(
  database: Database,
  input: { participantId: string; files: FileStore; now: Date },
): Promise<Erasure> {
  const { db } = database;
  const id = input.participantId;
  // Access goes first, so no new application or place can slip in while the places are returned.
  const before = await db.transaction().execute(async (trx) => {
    const participant = await lockParticipant(trx, id);
    if (!participant) return undefined;
    await revokeAccess(trx, id, hashSecret(newSecret(PARTICIPANT_TOKEN_PREFIX)));
    return { alreadyErased: participant.status === ERASED_STATUS };
  });
  if (!before) throw participantNotFound(id);
  const returned: string[] = [];
  for (const submissionId of await heldPlacesOf(db, id)) {
    try {
      await returnSubmission(db, { participantId: id, submissionId, now: input.now });
      returned.push(submissionId);
    } catch (error) {
      // Timed out meanwhile, or moved on: the place is no longer held, which is all this wants.
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  const scrubbed = await db.transaction().execute(async (trx) => {
    const participant = await lockParticipant(trx, id);
    if (!participant) throw participantNotFound(id);
    const revokedToken = hashSecret(newSecret(PARTICIPANT_TOKEN_PREFIX));
    await overwriteProfile(trx, id, erasedProfile(id, revokedToken, input.now));
    await deleteAccountRows(trx, participant);
    const held = await submissionsHeldFor(trx, id);
    for (const { submission, screener } of held) {
      const answers = JSON.parse(submission.screening_answers) as ScreeningAnswer[];
      const kept = eraseFreeText(answers, choiceQuestionKeys(JSON.parse(screener)));
      await scrubSubmission(trx, submission.id, JSON.stringify(kept));
    }
    await blankMessagesWith(trx, id);
    const events = await rewriteEventData(
      trx,
      { type: 'message.received', fragment: `"participant_id":"${id}"` },
      (data) => withoutMessageBody(data, false, id),
    );
    // Imported when called: webhooks' index loads the event schemas of every feature, and loading
    // it with this module would close a cycle through opportunities back to participants.
    const { rewriteDeliveryPayloads } = await import('../webhooks/index.ts');
    await rewriteDeliveryPayloads(trx, events, (payload) => withoutMessageBody(payload, true, id));
    await deleteMailTo(trx, participant.email);
    await deleteInvitationsOf(trx, id);
    await removeFromAllGroups(trx, id);
    await forgetKeysOf(trx, id);
    return { submissionIds: held.map((h) => h.submission.id) };
  });

  const filesRemoved = await removeUploadsOf(input.files, scrubbed.submissionIds);
  const logTruncated = await truncateWriteAheadLog(database);
  return {
    id,
    alreadyErased: before.alreadyErased,
    returned,
    filesRemoved,
    logTruncated,
  };
}

/**
 * The participant app's "Delete my account": the signed-in person confirms with their password
 * (a session alone is not enough to destroy an account: docs/participant-data.md), then the same
 * erasure runs. A wrong or missing password changes nothing.
 */
export async function eraseOwnAccount(
  database: Database,
  input: { participant: ParticipantRow; password: string; files: FileStore; now: Date },
): Promise<Erasure> {
  const stored = input.participant.password_hash;
  const matches = stored
    ? await verifyPassword(input.password, stored)
    : await verifyAgainstDecoy(input.password);
  if (!matches) {
    throw new ValidationError('Your password is needed to delete the account', [
      { message: 'password: does not match your password' },
    ]);
  }
  return eraseParticipant(database, {
    participantId: input.participant.id,
    files: input.files,
    now: input.now,
  });
}
