import type { Config } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import type { JobContext, JobResult } from '../platform/jobs/define.ts';
import { mailRetryDelayMs } from './retry-schedule.ts';
import { sendOverSmtp } from './smtp-sender.ts';
import { findMail, recordMailFailure, settleMail, storedHeaders } from './store.ts';

export type MailSettings = Pick<Config, 'smtpUrl' | 'mailFrom' | 'jobLeaseMs'>;

export interface SendOptions {
  settings: MailSettings;
  now: () => Date;
  log: JobContext['log'];
}

/** The longest one SMTP send may take: half the job's lease, and never more than a minute. */
const sendTimeoutMs = (settings: MailSettings) => Math.min(60_000, settings.jobLeaseMs / 2);

/**
 * Settles one queued mail, the body of the `mail.send` job. Without SMTP_URL the mail is kept in
 * the database. With it, the mail is sent; a failed send leaves it queued, records why, and
 * answers the retry, which counts none of the job's attempts, so the mail is never given up on
 * (docs/decisions/0078-mail-outbox.md). A mail no longer queued is left alone: a job re-run after
 * its worker died sends nothing twice unless the first send was cut off mid-way.
 */
export async function sendQueuedMail(
  db: Db,
  mailId: string,
  options: SendOptions,
): Promise<JobResult> {
  const mail = await findMail(db, mailId);
  if (mail?.status !== 'queued') return;
  const { smtpUrl, mailFrom } = options.settings;
  if (!smtpUrl) {
    await settleMail(db, mail.id, { status: 'kept' });
    return;
  }
  const result = await sendOverSmtp(
    smtpUrl,
    {
      from: mailFrom,
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
      headers: storedHeaders(mail),
    },
    sendTimeoutMs(options.settings),
  );
  const attempts = mail.attempts + 1;
  if (result.sent) {
    await settleMail(db, mail.id, {
      status: 'sent',
      attempts,
      sentAt: options.now().toISOString(),
    });
    return;
  }
  await recordMailFailure(db, mail.id, { attempts, error: result.detail });
  const retryInMs = mailRetryDelayMs(attempts);
  // The id, the count and the error's code only: the detail may quote the address.
  options.log.warn({ mail: mail.id, attempts, code: result.code, retryInMs }, 'mail send failed');
  return { retryInMs, reason: `SMTP send failed: ${result.code}`, countAttempt: false };
}
