import type { Config } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import type { JobContext, JobResult } from '../platform/jobs/define.ts';
import { mailFailed } from './events.ts';
import { givesUp, mailRetryDelayMs } from './retry-schedule.ts';
import { takeSendBudget } from './send-budget.ts';
import { sendOverSmtp } from './smtp-sender.ts';
import {
  failMail,
  findMail,
  recordMailFailure,
  settleMail,
  storedAttachments,
  storedHeaders,
} from './store.ts';

export type MailSettings = Pick<Config, 'smtpUrl' | 'mailFrom' | 'jobLeaseMs' | 'mailPerMinute'>;

export interface SendOptions {
  settings: MailSettings;
  now: () => Date;
  log: JobContext['log'];
}

/** The longest one SMTP send may take: half the job's lease, and never more than a minute. */
const sendTimeoutMs = (settings: MailSettings) => Math.min(60_000, settings.jobLeaseMs / 2);

/**
 * Mails refused by MAIL_PER_MINUTE wait for the next minute, spread over its first SPREAD_MS: all
 * of them due at the same millisecond would have every worker claim them at once, to send a
 * minute's worth and put the rest back.
 */
const SPREAD_MS = 20_000;

/**
 * Settles one queued mail, the body of the `mail.send` job. Without SMTP_URL the mail is kept in
 * the database. With it, the mail takes its place in this minute's MAIL_PER_MINUTE, shared by
 * every process (send-budget.ts), or waits for the next minute; then it is sent. A failed send
 * leaves it queued, records why, and answers the retry, which counts none of the job's attempts
 * (docs/decisions/0078-mail-outbox.md), until the server has refused its recipient for good on the
 * eighth send: then the mail is `failed` and `mailFailed` tells whoever keeps the address, in one
 * transaction (docs/decisions/0167-mail-a-person-can-trust.md). A mail no longer queued is left
 * alone: a job re-run after its worker died sends nothing twice unless the first send was cut off
 * mid-way.
 */
export async function sendQueuedMail(
  db: Db,
  mailId: string,
  options: SendOptions,
): Promise<JobResult> {
  const mail = await findMail(db, mailId);
  if (mail?.status !== 'queued') return;
  const { smtpUrl, mailFrom, mailPerMinute } = options.settings;
  if (!smtpUrl) {
    await settleMail(db, mail.id, { status: 'kept' });
    return;
  }
  const now = options.now();
  const budget = await takeSendBudget(db, now, mailPerMinute);
  if (!budget.granted) {
    const wait = budget.nextWindowAt.getTime() - now.getTime();
    return {
      retryInMs: wait + Math.floor(Math.random() * SPREAD_MS),
      reason: `MAIL_PER_MINUTE (${mailPerMinute}) reached: sent next minute`,
      countAttempt: false,
    };
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
      attachments: storedAttachments(mail),
      messageId: messageIdOf(mail.id, mailFrom),
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
  // The id, the count and the error's code only: the detail may quote the address.
  if (givesUp(attempts, result.recipientRefused)) {
    const failedAt = options.now().toISOString();
    await db.transaction().execute(async (trx) => {
      if (await failMail(trx, mail.id, { attempts, error: result.detail })) {
        await mailFailed.publish(trx, { address: mail.to_address, mailId: mail.id, failedAt });
      }
    });
    options.log.warn(
      { mail: mail.id, attempts, code: result.code },
      'mail given up: recipient refused',
    );
    return;
  }
  await recordMailFailure(db, mail.id, { attempts, error: result.detail });
  const retryInMs = mailRetryDelayMs(attempts);
  options.log.warn({ mail: mail.id, attempts, code: result.code, retryInMs }, 'mail send failed');
  return { retryInMs, reason: `SMTP send failed: ${result.code}`, countAttempt: false };
}

/**
 * The mail's Message-ID, the same on every send of it: SMTP delivers at least once (a worker killed
 * after the server took a mail and before it was marked sent sends it again), and a resend that
 * carries the same Message-ID is the same message to every mailbox that collapses duplicates by it
 * (RFC 5322, section 3.6.4). Named after the mail's id, at the domain of MAIL_FROM.
 */
export function messageIdOf(mailId: string, mailFrom: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'cohort.invalid';
  return `<${mailId}@${domain}>`;
}
