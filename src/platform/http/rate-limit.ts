/**
 * The rate limit (docs/api/rate-limit.md; docs/decisions/0038-rate-limit.md): per API key, `limit`
 * requests are accepted, then every request is refused until more than `quietMs` pass with no
 * accepted request. Refused requests do not move the clock, so a client hammering a closed door
 * still gets in on time.
 */
export interface RateLimitPolicy {
  limit: number;
  quietMs: number;
}

export const CONTRACT_RATE_LIMIT: RateLimitPolicy = { limit: 100, quietMs: 60_000 };

export interface RateLimitState {
  acceptedCount: number;
  lastAcceptedAt: number;
}

export interface RateLimitDecision {
  accepted: boolean;
  state: RateLimitState;
  /** Requests still accepted before the door closes. */
  remaining: number;
  /** Whole seconds until the count starts again (also the Retry-After of a refusal). */
  resetSeconds: number;
}

export function decideRateLimit(
  previous: RateLimitState | undefined,
  now: number,
  policy: RateLimitPolicy = CONTRACT_RATE_LIMIT,
): RateLimitDecision {
  const quietEnough = previous === undefined || now - previous.lastAcceptedAt > policy.quietMs;
  const count = quietEnough ? 0 : previous.acceptedCount;
  const accepted = count < policy.limit;
  const state = accepted
    ? { acceptedCount: count + 1, lastAcceptedAt: now }
    : (previous as RateLimitState);
  return {
    accepted,
    state,
    remaining: policy.limit - state.acceptedCount,
    resetSeconds: secondsUntilQuiet(state, now, policy),
  };
}

/** "More than quietMs": the first instant that qualifies is lastAcceptedAt + quietMs + 1. */
export function secondsUntilQuiet(state: RateLimitState, now: number, policy: RateLimitPolicy) {
  const waitMs = state.lastAcceptedAt + policy.quietMs + 1 - now;
  return Math.max(1, Math.ceil(waitMs / 1000));
}
