import type { Db } from '../platform/db/database.ts';
import type { MailMessageRow } from './mail-messages.table.ts';

/** The mail written to one address, oldest first (an export lists it). */
export async function mailTo(db: Db, address: string): Promise<MailMessageRow[]> {
  return db
    .selectFrom('mail_messages')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Deletes the mail written to one address, queued or not: a queued one's job then finds nothing
 * to send (send.ts), which is right for a person who asked to be forgotten.
 */
export async function deleteMailTo(trx: Db, address: string): Promise<void> {
  await trx.deleteFrom('mail_messages').where('to_address', '=', address).execute();
}
