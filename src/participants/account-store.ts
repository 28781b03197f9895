import { randomBytes } from 'node:crypto';
import { hashSecret } from '../platform/credentials.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import type { LinkPurpose, ParticipantSessionRow } from './participant-accounts.table.ts';
import type { ParticipantRow } from './participants.table.ts';

/** Queries of the participant web app's sessions and one-time links; the rules are in accounts. */

const newToken = () => randomBytes(32).toString('base64url');

export async function insertSession(
  db: Db,
  participantId: string,
  times: { now: Date; ttlMs: number },
): Promise<{ token: string; session: ParticipantSessionRow }> {
  const token = newToken();
  const session = await db
    .insertInto('participant_sessions')
    .values({
      token_hash: hashSecret(token),
      participant_id: participantId,
      csrf_token: newToken(),
      created_at: times.now.toISOString(),
      expires_at: new Date(times.now.getTime() + times.ttlMs).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session };
}

const sessionByHash = prepared((db, p: { hash: string; now: string }) =>
  db
    .selectFrom('participant_sessions as s')
    .innerJoin('participants as p', 'p.id', 's.participant_id')
    .selectAll('p')
    .select(['s.csrf_token', 's.expires_at as session_expires_at'])
    .where('s.token_hash', '=', p.hash)
    .where('s.expires_at', '>', p.now),
);

export interface ParticipantSession {
  participant: ParticipantRow;
  csrfToken: string;
}

/** The signed-in participant of a session cookie, when the session is current. */
export async function findSession(
  db: Db,
  token: string,
  now: Date,
): Promise<ParticipantSession | undefined> {
  const [row] = await sessionByHash(db, { hash: hashSecret(token), now: now.toISOString() });
  if (row?.status !== 'active') return undefined;
  const { csrf_token, session_expires_at: _expires, ...participant } = row;
  return { participant, csrfToken: csrf_token };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom('participant_sessions').where('token_hash', '=', hashSecret(token)).execute();
}

export async function deleteSessionsOf(db: Db, participantId: string): Promise<void> {
  await db.deleteFrom('participant_sessions').where('participant_id', '=', participantId).execute();
}

/** Expired sessions and links are dead weight; sign-ins sweep them now and then. */
export async function deleteExpiredSessionsAndLinks(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.deleteFrom('participant_sessions').where('expires_at', '<=', at).execute();
  await db.deleteFrom('participant_links').where('expires_at', '<=', at).execute();
}

export async function insertLink(
  db: Db,
  participantId: string,
  purpose: LinkPurpose,
  times: { now: Date; ttlMs: number },
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('participant_links')
    .values({
      token_hash: hashSecret(token),
      participant_id: participantId,
      purpose,
      created_at: times.now.toISOString(),
      expires_at: new Date(times.now.getTime() + times.ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Marks a current, unused link of this purpose used and returns its participant; one conditional
 * update, so two clicks at once cannot both use it.
 */
export async function useLink(
  db: Db,
  token: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<string | undefined> {
  const at = now.toISOString();
  const row = await db
    .updateTable('participant_links')
    .set({ used_at: at })
    .where('token_hash', '=', hashSecret(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('participant_id')
    .executeTakeFirst();
  return row?.participant_id;
}

/** A link of this purpose that is still usable, without using it (the reset form's GET). */
export async function linkIsUsable(
  db: Db,
  token: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('participant_links')
    .select('participant_id')
    .where('token_hash', '=', hashSecret(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

export async function findParticipantByEmail(
  db: Db,
  email: string,
): Promise<ParticipantRow | undefined> {
  return db.selectFrom('participants').selectAll().where('email', '=', email).executeTakeFirst();
}

/** A new password; the address counts as verified from now, if it was not already. */
export async function setPassword(
  db: Db,
  participantId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .updateTable('participants')
    .set((eb) => ({
      password_hash: passwordHash,
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(at)),
      updated_at: at,
    }))
    .where('id', '=', participantId)
    .execute();
}

export async function markEmailVerified(db: Db, participantId: string, at: string): Promise<void> {
  await db
    .updateTable('participants')
    .set({ email_verified_at: at })
    .where('id', '=', participantId)
    .where('email_verified_at', 'is', null)
    .execute();
}
