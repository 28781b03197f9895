import type { Selectable } from 'kysely';

export type IdempotencyKeyStatus = 'in_flight' | 'completed';

/**
 * One `Idempotency-Key` of one caller, kept 24 hours: the request it stands for (a fingerprint)
 * and, once answered, the answer to repeat.
 */
export interface IdempotencyKeysTable {
  /** Whose key it is: the API key id (`key_...`) or the participant id (`par_...`). */
  scope: string;
  idempotency_key: string;
  /** SHA-256 (hex) of method, path and canonical JSON body. */
  fingerprint: string;
  status: IdempotencyKeyStatus;
  /** The request holding or last holding the key; only it may complete or release it. */
  reservation_id: string;
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
  created_at: string;
  /** While in flight: when a holder that never answered (a crashed process) stops holding it. */
  locked_until: string | null;
  /**
   * The process (server-processes.table.ts) that took the key; its leases are released as soon as
   * it is known to be gone. Null on keys taken before migration 0019.
   */
  holder: string | null;
  expires_at: string;
}

export type IdempotencyKeyRow = Selectable<IdempotencyKeysTable>;
