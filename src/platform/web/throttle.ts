/**
 * Failed sign-ins per address: after MAX_FAILURES within WINDOW_MS, the address is refused until
 * the oldest failure leaves the window, so a password cannot be guessed faster than that, and a
 * flood of guesses cannot keep the server hashing. Kept in process memory: with several processes
 * each keeps its own count, which still bounds guessing to a small multiple.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
const MAX_TRACKED = 10_000;

export class SignInThrottle {
  readonly #failures = new Map<string, number[]>();

  #recent(key: string, now: number): number[] {
    const kept = (this.#failures.get(key) ?? []).filter((at) => now - at < WINDOW_MS);
    if (kept.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, kept);
    return kept;
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterSeconds(key: string, now: number): number {
    const recent = this.#recent(key, now);
    if (recent.length < MAX_FAILURES) return 0;
    return Math.ceil((recent[0]! + WINDOW_MS - now) / 1000);
  }

  fail(key: string, now: number): void {
    if (this.#failures.size >= MAX_TRACKED && !this.#failures.has(key)) {
      // Forget the address tracked longest; a bounded map cannot be grown without limit.
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
    this.#failures.set(key, [...this.#recent(key, now), now]);
  }

  succeed(key: string): void {
    this.#failures.delete(key);
  }
}
