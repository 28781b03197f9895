import { domainEvent } from '../platform/events/domain-event.ts';

/**
 * A mail given up for good: the server refused its recipient on every send
 * (docs/decisions/0167-mail-a-person-can-trust.md). Published in the transaction that marks the
 * mail `failed`, so whoever keeps the address (participants, src/subscriptions.ts) stops mailing
 * it in the same commit.
 */
export interface MailFailed {
  /** Normalized, as stored (src/platform/email.ts). */
  address: string;
  mailId: string;
  failedAt: string;
}

export const mailFailed = domainEvent<MailFailed>('mail.failed');
