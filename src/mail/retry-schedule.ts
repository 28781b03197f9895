/**
 * When to try an SMTP send again after the nth failure (n from 1): 30 s, doubling, then every
 * hour. A server that cannot be reached, or answers "try later" (4xx), is retried for as long as it
 * takes (docs/decisions/0078-mail-outbox.md): a server down for a day still gets the mail within
 * the hour of coming back.
 */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;

export function mailRetryDelayMs(failures: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

/**
 * SMTP sends a mail gets before a permanent refusal (5xx) gives it up
 * (docs/decisions/0167-mail-a-person-can-trust.md): the eighth comes about 64 minutes after the
 * first, so a server that refuses for a few minutes by mistake loses nobody, and an address that
 * does not exist stops taking invitations within the hour.
 */
export const MAIL_GIVE_UP_ATTEMPTS = 8;

/**
 * Whether a failed send ends its mail as `failed`: only a permanent refusal by a server that was
 * reached, on the mail's eighth send or later. A failure to reach the server or a temporary one
 * says nothing about the address, so it is retried on the schedule above without end.
 */
export function givesUp(attempts: number, permanent: boolean): boolean {
  return permanent && attempts >= MAIL_GIVE_UP_ATTEMPTS;
}
