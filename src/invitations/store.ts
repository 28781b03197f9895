import type { Db } from '../platform/db/database.ts';
import { insertMany } from '../platform/db/insert-many.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import type { InvitationsTable } from './invitations.table.ts';

/**
 * Writes invitations, skipping any person already invited to the study (invitations_once): two
 * calls at once never invite one person twice. Answers the participants actually invited.
 */
export async function insertInvitations(
  trx: Db,
  rows: readonly InvitationsTable[],
): Promise<Set<string>> {
  const written = await insertMany(trx, 'invitations', rows, {
    skipConflictsOn: ['opportunity_id', 'participant_id'],
    returning: 'participant_id',
  });
  return new Set(written as string[]);
}

/**
 * An opportunity's invitations, newest first (invitations_newest), each with its mail's status
 * and when its participant applied, if they did.
 */
export function listInvitations(
  db: Db,
  page: { opportunityId: string; cursor?: string; limit: number },
) {
  return keysetPage(
    db
      .selectFrom('invitations')
      .leftJoin('mail_messages', 'mail_messages.id', 'invitations.mail_id')
      .leftJoin('submissions', (join) =>
        join
          .onRef('submissions.opportunity_id', '=', 'invitations.opportunity_id')
          .onRef('submissions.participant_id', '=', 'invitations.participant_id'),
      )
      .select([
        'invitations.id',
        'invitations.participant_id',
        'invitations.invited_at',
        'invitations.delivery',
        'mail_messages.status as mail_status',
        'submissions.created_at as applied_at',
      ])
      .where('invitations.opportunity_id', '=', page.opportunityId),
    'invitations.id',
    'desc',
    page,
  ).execute();
}

/** A participant's invitations, oldest first, for their data export. */
export function invitationsOf(db: Db, participantId: string) {
  return db
    .selectFrom('invitations')
    .select(['opportunity_id', 'invited_at', 'delivery'])
    .where('participant_id', '=', participantId)
    .orderBy('id')
    .execute();
}

/**
 * An erased participant's invitations go, and the days their digests went out: who was asked to a
 * study is theirs, not the study's.
 */
export async function deleteInvitationsOf(db: Db, participantId: string): Promise<void> {
  await db.deleteFrom('invitations').where('participant_id', '=', participantId).execute();
  await db.deleteFrom('invitation_digests').where('participant_id', '=', participantId).execute();
}

/**
 * An opportunity's invitations counted for the recruitment tab: how many were sent and how many
 * of the invited applied (a submission of theirs to it exists).
 */
export async function recruitmentByInvitation(
  db: Db,
  opportunityId: string,
): Promise<{ invited: number; applied: number }> {
  const row = await db
    .selectFrom('invitations')
    .leftJoin('submissions', (join) =>
      join
        .onRef('submissions.opportunity_id', '=', 'invitations.opportunity_id')
        .onRef('submissions.participant_id', '=', 'invitations.participant_id'),
    )
    .select((eb) => [
      eb.fn.count<number | string>('invitations.id').as('invited'),
      eb.fn.count<number | string>('submissions.id').as('applied'),
    ])
    .where('invitations.opportunity_id', '=', opportunityId)
    .executeTakeFirst();
  return { invited: Number(row?.invited ?? 0), applied: Number(row?.applied ?? 0) };
}
