import type { Db } from '../platform/db/database.ts';
import { ERASED_STATUS, type erasedProfile } from './erasure-rules.ts';

/** Queries of an erasure on the participants feature's own tables; the rules are erase.ts's. */

export async function lockParticipant(trx: Db, id: string) {
  // A no-op update takes the row lock on PostgreSQL (SQLite's one writer already excludes others),
  // so a profile change cannot slip in between the read and the overwrite.
  return trx
    .updateTable('participants')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function overwriteProfile(
  trx: Db,
  id: string,
  profile: ReturnType<typeof erasedProfile>,
): Promise<void> {
  await trx.updateTable('participants').set(profile).where('id', '=', id).execute();
}

/**
 * The first step of an erasure: a token nobody holds, no session or link, status `erased`, so no
 * credential check lets the person in while the rest runs.
 */
export async function revokeAccess(trx: Db, id: string, tokenHash: string): Promise<void> {
  await trx
    .updateTable('participants')
    .set({ token_hash: tokenHash, status: ERASED_STATUS })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('participant_sessions').where('participant_id', '=', id).execute();
  await trx.deleteFrom('participant_links').where('participant_id', '=', id).execute();
}

/** The audience index rows, sessions and one-time links of one participant. */
export async function deleteAccountRows(
  trx: Db,
  participant: { id: string; audience_key: number },
): Promise<void> {
  await trx
    .deleteFrom('participant_attributes')
    .where('participant_key', '=', participant.audience_key)
    .execute();
  await trx
    .deleteFrom('participant_sessions')
    .where('participant_id', '=', participant.id)
    .execute();
  await trx.deleteFrom('participant_links').where('participant_id', '=', participant.id).execute();
}

/** The current sessions of one participant (an export lists when they began and end). */
export async function sessionsOf(db: Db, participantId: string, now: Date) {
  return db
    .selectFrom('participant_sessions')
    .select(['created_at', 'expires_at'])
    .where('participant_id', '=', participantId)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at')
    .execute();
}
