import { type Static, Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

/**
 * The mail job kind, apart from its handler (send.job.ts, docs/architecture.md): queue-mail.ts
 * enqueues it without loading the SMTP transport.
 */

export const SendMailJobPayload = Type.Object(
  { mail_id: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
export type SendMailJobPayload = Static<typeof SendMailJobPayload>;

/**
 * One attempt to settle one queued mail. An SMTP failure, and a mail waiting for MAIL_PER_MINUTE's
 * next minute, is the handler's own retry (it answers `retryInMs` without using up the job's
 * attempts: only a recipient refused for good ends a mail, docs/decisions/0167-mail-a-person-can-trust.md);
 * the job's attempts and backoff only cover the handler itself failing, such as the database being
 * away.
 */
export const sendMail = declareJob({
  kind: 'mail.send',
  payload: SendMailJobPayload,
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
});

/** One job per mail: queuing it twice is a no-op. */
export const sendMailJobKey = (mailId: string) => `${sendMail.kind}:${mailId}`;
