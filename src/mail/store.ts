import type { Db } from '../platform/db/database.ts';
import { insertMany } from '../platform/db/insert-many.ts';
import type { MailAttachment, MailMessageRow, NewMailMessage } from './mail-messages.table.ts';

export async function insertMail(db: Db, row: NewMailMessage): Promise<void> {
  await db.insertInto('mail_messages').values(row).execute();
}

export async function insertMails(db: Db, rows: readonly NewMailMessage[]): Promise<void> {
  await insertMany(db, 'mail_messages', rows);
}

export async function findMail(db: Db, id: string): Promise<MailMessageRow | undefined> {
  return db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Settles a queued mail as sent or kept. Only a mail still queued changes, so a job re-run after
 * its worker died settles nothing twice.
 */
export async function settleMail(
  db: Db,
  id: string,
  outcome: { status: 'sent'; attempts: number; sentAt: string } | { status: 'kept' },
): Promise<void> {
  await db
    .updateTable('mail_messages')
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', attempts: outcome.attempts, sent_at: outcome.sentAt }
        : { status: 'kept' },
    )
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/** A failed SMTP send: the mail stays queued, with the count and the reason. */
export async function recordMailFailure(
  db: Db,
  id: string,
  failure: { attempts: number; error: string },
): Promise<void> {
  await db
    .updateTable('mail_messages')
    .set({ attempts: failure.attempts, last_error: failure.error })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .execute();
}

/**
 * Gives a queued mail up after its last failed send; answers whether this call did (a job run
 * twice gives it up once).
 */
export async function failMail(
  db: Db,
  id: string,
  failure: { attempts: number; error: string },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_messages')
    .set({ status: 'failed', attempts: failure.attempts, last_error: failure.error })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Newest first (ids are time-ordered); one address's through the `mail_messages_to` index. */
export async function selectMail(
  db: Db,
  filter: { toAddress?: string; limit: number },
): Promise<MailMessageRow[]> {
  let query = db.selectFrom('mail_messages').selectAll();
  if (filter.toAddress !== undefined) query = query.where('to_address', '=', filter.toAddress);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/** The headers a mail was queued with; none for a mail queued before migration 0024. */
/** The files a mail is sent with, as queued; none for most mails. */
export function storedAttachments(row: Pick<MailMessageRow, 'attachments'>): MailAttachment[] {
  return row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [];
}

export function storedHeaders(row: Pick<MailMessageRow, 'headers'>): Record<string, string> {
  return row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {};
}
