import { hashSecret } from '../domain/api-key.ts';
import { type Awaitable, andThen } from '../runtime/awaitable.ts';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';
import type { ParticipantRow } from './tables/participants.table.ts';

const participantByTokenHash = prepared((db, p: { hash: string }) =>
  db.selectFrom('participants').selectAll().where('token_hash', '=', p.hash),
);

export function findParticipantByToken(
  db: Db,
  token: string,
): Awaitable<ParticipantRow | undefined> {
  return andThen(participantByTokenHash(db, { hash: hashSecret(token) }), ([row]) => row);
}
