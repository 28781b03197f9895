import { hashSecret, newSecret, PARTICIPANT_TOKEN_PREFIX } from '../platform/credentials.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import { newId } from '../platform/ids.ts';
import type { ParticipantRow, ParticipantsTable } from './participants.table.ts';

/** A participant's profile as stored: JSON parts already serialized by the caller's mapper. */
export type ParticipantFields = Omit<
  ParticipantsTable,
  | 'id'
  | 'token_hash'
  | 'status'
  | 'password_hash'
  | 'email_verified_at'
  | 'created_at'
  | 'updated_at'
>;

export interface CreatedParticipant {
  participant: ParticipantRow;
  /** The bearer token, shown once; only its hash is stored. */
  token: string;
}

/**
 * Inserts a participant with a fresh token (and, from the web app's sign-up, a password hash). A
 * taken email fails the unique constraint.
 */
export async function insertParticipant(
  db: Db,
  fields: ParticipantFields,
  passwordHash: string | null = null,
): Promise<CreatedParticipant> {
  const token = newSecret(PARTICIPANT_TOKEN_PREFIX);
  const now = isoNow();
  const participant = await db
    .insertInto('participants')
    .values({
      ...fields,
      id: newId('participant'),
      token_hash: hashSecret(token),
      status: 'active',
      password_hash: passwordHash,
      email_verified_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { participant, token };
}

export async function updateParticipant(
  db: Db,
  id: string,
  fields: Partial<ParticipantFields> & { email_verified_at?: null },
): Promise<ParticipantRow> {
  return db
    .updateTable('participants')
    .set({ ...fields, updated_at: isoNow() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const participantById = prepared((db, p: { id: string }) =>
  db.selectFrom('participants').selectAll().where('id', '=', p.id),
);

export async function findParticipant(db: Db, id: string): Promise<ParticipantRow | undefined> {
  const [row] = await participantById(db, { id });
  return row;
}

export async function findParticipantsByIds(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, ParticipantRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('participants')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('participants').select('id').where('email', '=', email);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}
