import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import type { MessageRow, MessagesTable } from './messages.table.ts';

export async function insertMessage(trx: Db, row: MessagesTable): Promise<MessageRow> {
  return trx.insertInto('messages').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A submission's thread, oldest first (messages_submission). */
export async function listThread(
  db: Db,
  page: { submissionId: string; cursor?: string; limit: number },
): Promise<MessageRow[]> {
  return keysetPage(
    db.selectFrom('messages').selectAll().where('submission_id', '=', page.submissionId),
    'id',
    'asc',
    page,
  ).execute();
}

/** Submissions of a bulk send that already hold its message (a job run again skips them). */
export async function batchRecipientsDone(
  db: Db,
  batchId: string,
  submissionIds: readonly string[],
): Promise<Set<string>> {
  if (submissionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('messages')
    .select('submission_id')
    .where('batch_id', '=', batchId)
    .where('submission_id', 'in', [...submissionIds])
    .execute();
  return new Set(rows.map((row) => row.submission_id));
}
