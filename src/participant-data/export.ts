import { ledgerEntriesOfParticipant } from '../finance/index.ts';
import { timeEntriesOfParticipant } from '../hours/index.ts';
import { invitationsOf } from '../invitations/index.ts';
import { mailTo } from '../mail/index.ts';
import { messagesWith } from '../messages/index.ts';
import { groupIdsOfParticipant } from '../participant-groups/index.ts';
import { findParticipant, participantRowToParticipant, sessionsOf } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { submissionsHeldFor } from '../submissions/index.ts';
import { participantNotFound } from './erase.ts';
import { exportDocument } from './export-document.ts';
import type { ParticipantExport } from './export-schemas.ts';

/**
 * Everything held about one participant (GET /v2/participant/me/export, `cohort participant export
 * ID`; docs/participant-data.md). Read in one transaction, so the parts agree with each other.
 */
export async function exportParticipant(
  db: Db,
  participantId: string,
  now: Date,
): Promise<ParticipantExport> {
  const read = async (trx: Db) => {
    const participant = await findParticipant(trx, participantId);
    if (!participant) throw participantNotFound(participantId);
    const [sessions, groups, submissions, timeEntries, messages, ledger, mail, invitations] = [
      await sessionsOf(trx, participantId, now),
      await groupIdsOfParticipant(trx, participantId),
      await submissionsHeldFor(trx, participantId),
      await timeEntriesOfParticipant(trx, participantId),
      await messagesWith(trx, participantId),
      await ledgerEntriesOfParticipant(trx, participantId),
      await mailTo(trx, participant.email),
      await invitationsOf(trx, participantId),
    ];
    return exportDocument(
      {
        participant,
        profile: participantRowToParticipant(participant),
        sessions,
        groupCount: groups.size,
        submissions,
        timeEntries,
        messages,
        ledger,
        mail,
        invitations,
      },
      now,
    );
  };
  return db.isTransaction ? read(db) : db.transaction().execute(read);
}
