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
  const [decision] = await consumeRateLimitOf(db, keyId, now, policy, 1);
  if (!decision) throw new Error('rate limit upsert returned no decision');
  return decision;
}

/** `requests` requests of one key at `now` in one statement, their decisions in order. */
export async function consumeRateLimitOf(
  db: Db,
  keyId: string,
  now: number,
  policy: RateLimitPolicy,
  requests: number,
): Promise<StoredRateLimitDecision[]> {
  const counted = Math.min(requests, policy.limit);
  const result = await rateLimitUpsert(
    sql`values (${keyId}, ${counted}, ${sqlNow(now)}, ${counted})`,
    now,
    policy,
  ).execute(db);
  const row = result.rows[0];
  if (!row) throw new Error('rate limit upsert returned no row');
  return storedDecisions(row, requests);
}

export interface StoredRateLimitRow {
  accepted_count: number;
  last_accepted_at: number;
  /** How many of the requests the statement counted it accepted (one request: 1 or 0). */
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

/**
 * The decisions of `requests` requests of one key counted by one statement, in their order: the
 * first `last_decision_accepted` of them accepted, each seeing the count as it was after itself,
 * the rest refused. The same answers `decideRateLimit` gives the requests one after another at
 * the statement's instant (src/platform/http/rate-limit.test.ts checks it against the pure rule).
 */
export function storedDecisions(
  row: StoredRateLimitRow,
  requests: number,
): StoredRateLimitDecision[] {
  const count = Number(row.accepted_count);
  const lastAcceptedAt = Number(row.last_accepted_at);
  const accepted = Number(row.last_decision_accepted);
  return Array.from({ length: requests }, (_, i) =>
    i < accepted
      ? { accepted: true, state: { acceptedCount: count - accepted + i + 1, lastAcceptedAt } }
      : { accepted: false, state: { acceptedCount: count, lastAcceptedAt } },
  );
}

export const sqlNow = (now: number) => sql`cast(${now} as bigint)`;

/**
 * The counting upsert, its rows given by `rows` as (key_id, requests, now, requests) with
 * `requests` at most the policy's limit: `values (...)` for one request of one key, or a select of
 * several keys with their numbers of requests (src/organizations/api-keys.ts counts in the
 * statement that finds the keys). A key's row is then left as `decideRateLimit` leaves it after
 * that many requests at `now`, and `last_decision_accepted` says how many were accepted (at most
 * `limit`, so capping the requests at the limit loses nothing).
 */
export function rateLimitUpsert(
  rows: RawBuilder<unknown>,
  now: RawBuilder<unknown> | number,
  policy: { limit: unknown; quietMs: unknown },
): RawBuilder<StoredRateLimitRow> {
  const nowValue = typeof now === 'number' ? sqlNow(now) : now;
  const quiet = sql`${nowValue} - rate_limits.last_accepted_at > ${policy.quietMs}`;
  const open = sql`rate_limits.accepted_count < ${policy.limit}`;
  // The count after the requests, at most the limit (a CASE: SQLite has no least()).
  const sum = sql`rate_limits.accepted_count + excluded.accepted_count`;
  const filled = sql`case when ${sum} < ${policy.limit} then ${sum} else ${policy.limit} end`;
  return sql<StoredRateLimitRow>`
    insert into rate_limits (key_id, accepted_count, last_accepted_at, last_decision_accepted)
    ${rows}
    on conflict (key_id) do update set
      accepted_count = case
        when ${quiet} then excluded.accepted_count
        when ${open} then ${filled}
        else rate_limits.accepted_count end,
      last_accepted_at = case when ${quiet} or ${open} then ${nowValue} else rate_limits.last_accepted_at end,
      last_decision_accepted = case
        when ${quiet} then excluded.accepted_count
        when ${open} then ${filled} - rate_limits.accepted_count
        else 0 end
    returning key_id, accepted_count, last_accepted_at, last_decision_accepted
  `;
}
