import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { IdempotencyKeyRow } from './idempotency-keys.table.ts';

export interface IdempotencyRequest {
  scope: string;
  key: string;
  fingerprint: string;
  /** ISO 8601 UTC: now, the end of the in-flight lease, and when the key expires. */
  now: string;
  lockedUntil: string;
  expiresAt: string;
  /** The process taking the key (lease-holder.ts). */
  holder: string;
}

export type Reservation =
  /** This request holds the key: run it, then complete or release. */
  | { outcome: 'reserved'; reservationId: string }
  /** The key stands for another request (method, path or body differ). */
  | { outcome: 'reused' }
  /** The same request is running elsewhere. */
  | { outcome: 'in_flight' }
  /** The same request was answered: repeat the answer. */
  | {
      outcome: 'completed';
      status: number;
      contentType: string | null;
      body: string;
    };

/**
 * Takes the key for this request, atomically: a new key is inserted; an expired one, or one whose
 * holder let its lease lapse on the same request, is taken over in the same statement. Otherwise
 * the stored key says what the caller gets. Two concurrent requests with one key cannot both be
 * `reserved`: the primary key makes the insert-or-update a single-row race the database settles.
 */
export async function reserveIdempotencyKey(
  db: Db,
  request: IdempotencyRequest,
): Promise<Reservation> {
  // A key released between our insert attempt and our read is simply tried again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const reservationId = randomUUID();
    const taken = await db
      .insertInto('idempotency_keys')
      .values({
        scope: request.scope,
        idempotency_key: request.key,
        fingerprint: request.fingerprint,
        status: 'in_flight',
        reservation_id: reservationId,
        response_status: null,
        response_content_type: null,
        response_body: null,
        created_at: request.now,
        locked_until: request.lockedUntil,
        expires_at: request.expiresAt,
        holder: request.holder,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['scope', 'idempotency_key'])
          .doUpdateSet((eb) => ({
            fingerprint: eb.ref('excluded.fingerprint'),
            status: 'in_flight',
            reservation_id: eb.ref('excluded.reservation_id'),
            response_status: null,
            response_content_type: null,
            response_body: null,
            created_at: eb.ref('excluded.created_at'),
            locked_until: eb.ref('excluded.locked_until'),
            expires_at: eb.ref('excluded.expires_at'),
            holder: eb.ref('excluded.holder'),
          }))
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', request.now),
              eb.and([
                eb('idempotency_keys.status', '=', 'in_flight'),
                eb('idempotency_keys.locked_until', '<=', request.now),
                eb('idempotency_keys.fingerprint', '=', request.fingerprint),
              ]),
            ]),
          ),
      )
      .returning('reservation_id')
      .executeTakeFirst();
    if (taken?.reservation_id === reservationId) return { outcome: 'reserved', reservationId };

    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', request.scope)
      .where('idempotency_key', '=', request.key)
      .executeTakeFirst();
    if (existing) return classify(existing, request.fingerprint);
  }
  throw new Error(`idempotency key ${request.key} kept changing hands`);
}

function classify(row: IdempotencyKeyRow, fingerprint: string): Reservation {
  if (row.fingerprint !== fingerprint) return { outcome: 'reused' };
  if (row.status === 'in_flight') return { outcome: 'in_flight' };
  return {
    outcome: 'completed',
    status: row.response_status ?? 200,
    contentType: row.response_content_type,
    body: row.response_body ?? '',
  };
}

/** Saves the answer of the request holding the key, for repeats to return. */
export async function completeIdempotencyKey(
  db: Db,
  held: { scope: string; key: string; reservationId: string },
  response: { status: number; contentType: string | null; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      status: 'completed',
      response_status: response.status,
      response_content_type: response.contentType,
      response_body: response.body,
      locked_until: null,
    })
    .where('scope', '=', held.scope)
    .where('idempotency_key', '=', held.key)
    .where('reservation_id', '=', held.reservationId)
    .execute();
}

/** Gives the key up (the request failed on our side), so a retry runs afresh. */
export async function releaseIdempotencyKey(
  db: Db,
  held: { scope: string; key: string; reservationId: string },
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', held.scope)
    .where('idempotency_key', '=', held.key)
    .where('reservation_id', '=', held.reservationId)
    .execute();
}

/** Deletes every key past its expiry; returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Forgets every key of one scope, answers included (an erasure: a stored answer of a participant
 * route may quote what they wrote).
 */
export async function forgetKeysOf(db: Db, scope: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).execute();
}
