import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { RateLimitPolicy, RateLimitState } from './rate-limit.ts';

export interface StoredRateLimitDecision {
  accepted: boolean;
  state: RateLimitState;
}

/**
 * Applies `decideRateLimit` (src/platform/http/rate-limit.ts) atomically in one statement, so any number of
 * server processes sharing one PostgreSQL agree on the count. Every SET expression reads the row as
 * it was before the statement; the upsert's row lock serializes concurrent requests of one key.
 * The integration suite checks this statement against the pure function.
 */
export async function consumeRateLimit(
  db: Db,
  keyId: string,
  now: number,
  policy: RateLimitPolicy,
): Promise<StoredRateLimitDecision> {
  const result = await rateLimitUpsert(
    sql`values (${keyId}, 1, ${sqlNow(now)}, 1)`,
    now,
    policy,
  ).execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return storedDecision(row);
}

export interface StoredRateLimitRow {
  accepted_count: number;
  last_accepted_at: number;
  last_decision_accepted: number;
}

export function storedDecision(row: StoredRateLimitRow): StoredRateLimitDecision {
  return {
    accepted: Number(row.last_decision_accepted) === 1,
    state: {
      acceptedCount: Number(row.accepted_count),
      lastAcceptedAt: Number(row.last_accepted_at),
    },
  };
}

export const sqlNow = (now: number) => sql`cast(${now} as bigint)`;

/**
 * The counting upsert, its rows given by `rows`: `values (...)` for one key, or a `select key_id,
 * 1, now, 1 from ...` (src/organizations/api-keys.ts counts in the statement that finds the key).
 */
export function rateLimitUpsert(
  rows: RawBuilder<unknown>,
  now: number,
  policy: RateLimitPolicy,
): RawBuilder<StoredRateLimitRow> {
  const nowValue = sqlNow(now);
  const opens = sql`(${nowValue} - rate_limits.last_accepted_at > ${policy.quietMs} or rate_limits.accepted_count < ${policy.limit})`;
  return sql<StoredRateLimitRow>`
    insert into rate_limits (key_id, accepted_count, last_accepted_at, last_decision_accepted)
    ${rows}
    on conflict (key_id) do update set
      accepted_count = case
        when ${nowValue} - rate_limits.last_accepted_at > ${policy.quietMs} then 1
        when rate_limits.accepted_count < ${policy.limit} then rate_limits.accepted_count + 1
        else rate_limits.accepted_count end,
      last_accepted_at = case when ${opens} then ${nowValue} else rate_limits.last_accepted_at end,
      last_decision_accepted = case when ${opens} then 1 else 0 end
    returning accepted_count, last_accepted_at, last_decision_accepted
  `;
}
