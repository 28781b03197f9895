import type { Db } from '../platform/db/database.ts';
import { normalizeEmail } from '../platform/email.ts';
import { ValidationError } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { enqueue, enqueueMany } from '../platform/jobs/store.ts';
import { isMailableAddress } from './address.ts';
import { sendMail, sendMailJobKey } from './jobs.ts';
import type { MailAttachment, MailKind } from './mail-messages.table.ts';
import { insertMail, insertMails } from './store.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain text: every mail is readable without HTML, and `cohort mail list` prints this. */
  text: string;
  html?: string;
  kind: MailKind;
  /**
   * The language the mail is written in, sent as its Content-Language header (RFC 3282); every
   * mail to a participant has one (docs/decisions/0162-participant-languages.md).
   */
  language?: string;
  /** Further headers, such as List-Unsubscribe; kept with the mail and sent as written. */
  headers?: Readonly<Record<string, string>>;
  /** Files sent with it (a session's iCalendar file); kept with the mail. */
  attachments?: readonly MailAttachment[];
}

/** The headers a mail is stored and sent with, beyond From, To and Subject. */
export function mailHeaders(message: Pick<OutgoingMail, 'language' | 'headers'>) {
  const headers: Record<string, string> = {};
  if (message.language) headers['Content-Language'] = message.language;
  Object.assign(headers, message.headers);
  return Object.keys(headers).length ? headers : undefined;
}

/**
 * Stores a mail and queues its `mail.send` job in the caller's transaction, so the mail exists
 * exactly when the caller's change committed; nothing here touches the network, and a failed send
 * later never fails the caller (docs/decisions/0078-mail-outbox.md). Called outside a transaction,
 * it opens its own for the two writes. Answers the mail's id.
 *
 * An address that is not one plain mailbox is the caller's input to refuse: a ValidationError,
 * before anything is written.
 */
export async function queueMail(db: Db, message: OutgoingMail): Promise<string> {
  if (!db.isTransaction) return db.transaction().execute((trx) => queueMail(trx, message));
  const to = normalizeEmail(message.to);
  if (!isMailableAddress(to)) {
    throw new ValidationError('The email address cannot receive mail');
  }
  const now = new Date();
  const id = newId('mail', now.getTime());
  await insertMail(db, {
    id,
    to_address: to,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html ?? null,
    headers: headersJson(mailHeaders(message)),
    attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
    kind: message.kind,
    status: 'queued',
    attempts: 0,
    last_error: null,
    created_at: now.toISOString(),
    sent_at: null,
  });
  await enqueue(db, sendMail, { mail_id: id }, { dedupeKey: sendMailJobKey(id), runAt: now });
  return id;
}

function headersJson(headers: Record<string, string> | undefined): string | null {
  return headers ? JSON.stringify(headers) : null;
}

/**
 * Queues many mails as queueMail does each, in the caller's transaction, in one statement per 500
 * mails and one per 500 jobs: an invitation of thousands writes its mails with it. Every address
 * is checked before anything is written. A mail may come with its id (newId('mail')), for a caller
 * that writes it elsewhere first. Answers the mails' ids, in order.
 */
export async function queueMails(
  db: Db,
  messages: readonly (OutgoingMail & { id?: string })[],
): Promise<string[]> {
  if (messages.length === 0) return [];
  if (!db.isTransaction) return db.transaction().execute((trx) => queueMails(trx, messages));
  const now = new Date();
  const rows = messages.map((message) => {
    const to = normalizeEmail(message.to);
    if (!isMailableAddress(to)) throw new ValidationError('The email address cannot receive mail');
    return {
      id: message.id ?? newId('mail', now.getTime()),
      to_address: to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      headers: headersJson(mailHeaders(message)),
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      kind: message.kind,
      status: 'queued' as const,
      attempts: 0,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    };
  });
  await insertMails(db, rows);
  await enqueueMany(
    db,
    sendMail,
    rows.map((row) => ({
      payload: { mail_id: row.id },
      options: { dedupeKey: sendMailJobKey(row.id), runAt: now },
    })),
  );
  return rows.map((row) => row.id);
}
