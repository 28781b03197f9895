import type { Db } from '../platform/db/database.ts';
import type { MessageRow } from './messages.table.ts';

/** Every message of every thread with this participant, oldest first (an export reads them). */
export async function messagesWith(db: Db, participantId: string): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('id')
    .execute();
}

/**
 * Blanks the bodies of every message of the threads with this participant, both senders': the
 * organization's side is written to the person and often names them (docs/participant-data.md).
 * Who wrote when stays.
 */
export async function blankMessagesWith(trx: Db, participantId: string): Promise<void> {
  await trx
    .updateTable('messages')
    .set({ body: '' })
    .where('participant_id', '=', participantId)
    .execute();
}
