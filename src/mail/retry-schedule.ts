/**
 * When to try an SMTP send again after the nth failure (n from 1): 30 s, doubling, then every
 * hour for as long as it takes. A mail is never given up on (docs/decisions/0078-mail-outbox.md): a
 * server down for a day still gets the mail within the hour of coming back.
 */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;

export function mailRetryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}
