import { hashSecret } from '../platform/credentials.ts';
import { type Awaitable, andThen } from '../platform/db/awaitable.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import type { ParticipantRow } from './participants.table.ts';

const participantByTokenHash = prepared((db, p: { hash: string }) =>
  db.selectFrom('participants').selectAll().where('token_hash', '=', p.hash),
);

export function findParticipantByToken(
  db: Db,
  token: string,
): Awaitable<ParticipantRow | undefined> {
  return andThen(participantByTokenHash(db, { hash: hashSecret(token) }), ([row]) => row);
}
