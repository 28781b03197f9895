import { hashSecret } from '../domain/api-key.ts';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import type { ParticipantRow } from './tables/participants.table.ts';

const participantByTokenHash = prepared((db, p: { hash: string }) =>
  db.selectFrom('participants').selectAll().where('token_hash', '=', p.hash),
);

export async function findParticipantByToken(
  db: Db,
  token: string,
): Promise<ParticipantRow | undefined> {
  const [row] = await participantByTokenHash(db, { hash: hashSecret(token) });
  return row;
}
