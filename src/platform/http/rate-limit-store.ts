import type { Awaitable } from '../db/awaitable.ts';
import type { Database } from '../db/database.ts';
import { decideRateLimit, type RateLimitPolicy, type RateLimitState } from './rate-limit.ts';
import { consumeRateLimit } from './rate-limits.store.ts';

export interface RateLimitStore {
  consume(
    keyId: string,
    now: number,
    policy: RateLimitPolicy,
  ): Awaitable<{ accepted: boolean; state: RateLimitState }>;
}

/**
 * The embedded database serves one process, so its counters live in that process: a write to the
 * SQLite file on every request would cost more than the request itself. PostgreSQL deployments run
 * many processes behind one database, so there the counter is one atomic upsert per request (made
 * by the key lookup's own statement where the application supplies one: CredentialLookups).
 */
export function rateLimitStoreFor(database: Database): RateLimitStore {
  if (database.engine === 'postgres') {
    // A relaxed commit (database.ts): no fsync per request; a crash forgets at most the counts of
    // its last few hundred milliseconds
    // (docs/decisions/0131-relaxed-commits-where-a-crash-only-repeats-work.md).
    return {
      consume: (keyId, now, policy) => consumeRateLimit(database.relaxed, keyId, now, policy),
    };
  }
  const states = new Map<string, RateLimitState>();
  return {
    consume(keyId, now, policy) {
      const decision = decideRateLimit(states.get(keyId), now, policy);
      states.set(keyId, decision.state);
      return decision;
    },
  };
}
