import { sql } from 'kysely';
import { type Awaitable, andThen } from '../platform/db/awaitable.ts';
import { batchedLookup } from '../platform/db/batched-lookup.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared } from '../platform/db/prepared.ts';
import type { ParticipantRow } from './participants.table.ts';

const participantByTokenHash = prepared((db, p: { hash: string }) =>
  db.selectFrom('participants').selectAll().where('token_hash', '=', p.hash),
);

const participantsByTokenHash = prepared((db, p: { hashes: string[] }) =>
  db
    .selectFrom('participants')
    .selectAll()
    .where('token_hash', '=', sql<string>`any(${p.hashes}::text[])`),
);

/**
 * Every participant request starts here; on PostgreSQL the look-ups of concurrent requests share
 * one statement (batched-lookup.ts): a launch stampede's 10,000 applications made 10,000 of them.
 */
const participantByTokenHashBatched = batchedLookup({
  one: (db, hash: string) => andThen(participantByTokenHash(db, { hash }), ([row]) => row),
  many: (db, hashes: string[]) => participantsByTokenHash.compile(db, { hashes }),
  nameOf: (hash) => hash,
  nameOfRow: (row) => row.token_hash,
  // By the unique index on token_hash, however many hashes.
  genericPlan: true,
});

/** The participant whose token has this hash (hashSecret). */
export function findParticipantByTokenHash(
  db: Db,
  hash: string,
): Awaitable<ParticipantRow | undefined> {
  return participantByTokenHashBatched(db, hash);
}
