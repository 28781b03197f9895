import type { Db } from '../platform/db/database.ts';
import { normalizeEmail } from '../platform/email.ts';
import type { MailMessageRow } from './mail-messages.table.ts';
import { selectMail } from './store.ts';

/** Newest first; `to` is matched as every address is, whatever its case or spaces. */
export function listMail(
  db: Db,
  filter: { to?: string; limit: number },
): Promise<MailMessageRow[]> {
  return selectMail(db, {
    toAddress: filter.to === undefined ? undefined : normalizeEmail(filter.to),
    limit: filter.limit,
  });
}
