import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideRateLimit, type RateLimitState } from './rate-limit.ts';

const policy = { limit: 100, quietMs: 60_000 };

describe('decideRateLimit', () => {
  it('accepts 100 requests then refuses the 101st', () => {
    let state: RateLimitState | undefined;
    for (let i = 0; i < 100; i++) {
      const decision = decideRateLimit(state, 1_000 + i, policy);
      expect(decision.accepted).toBe(true);
      expect(decision.remaining).toBe(99 - i);
      state = decision.state;
    }
    const refused = decideRateLimit(state, 1_200, policy);
    expect(refused.accepted).toBe(false);
    expect(refused.state).toEqual(state);
  });

  it('opens again only when more than 60 seconds pass after the last accepted request', () => {
    const full = { acceptedCount: 100, lastAcceptedAt: 0 };
    expect(decideRateLimit(full, 60_000, policy).accepted).toBe(false);
    expect(decideRateLimit(full, 60_001, policy).accepted).toBe(true);
    expect(decideRateLimit(full, 60_001, policy).state.acceptedCount).toBe(1);
  });

  it('tells a refused client to wait 61 seconds right after the last acceptance', () => {
    const full = { acceptedCount: 100, lastAcceptedAt: 5_000 };
    expect(decideRateLimit(full, 5_000, policy).resetSeconds).toBe(61);
    expect(decideRateLimit(full, 64_500, policy).resetSeconds).toBe(1);
  });

  it('never lets refused requests extend the wait, and never accepts more than the limit per burst', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 400 }), (gaps) => {
        let state: RateLimitState | undefined;
        let now = 0;
        let burst = 0;
        for (const gap of gaps) {
          now += gap;
          const quiet = state === undefined || now - state.lastAcceptedAt > policy.quietMs;
          if (quiet) burst = 0;
          const decision = decideRateLimit(state, now, policy);
          if (decision.accepted) burst++;
          expect(burst).toBeLessThanOrEqual(policy.limit);
          expect(decision.accepted).toBe(quiet || (state?.acceptedCount ?? 0) < policy.limit);
          if (!decision.accepted) expect(decision.state.lastAcceptedAt).toBe(state?.lastAcceptedAt);
          // A client that waits the advertised seconds is let in.
          if (!decision.accepted) {
            const retry = decideRateLimit(
              decision.state,
              now + decision.resetSeconds * 1000,
              policy,
            );
            expect(retry.accepted).toBe(true);
          }
          state = decision.state;
        }
      }),
    );
  });
});
