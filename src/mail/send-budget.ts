import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';

const MINUTE_MS = 60_000;
/** Windows kept behind the current one: enough to read back the last hour's pace. */
const KEPT_MINUTES = 60;

export type BudgetAnswer = { granted: true } | { granted: false; nextWindowAt: Date };

/**
 * Takes one send from this minute's budget, shared by every process on the database
 * (MAIL_PER_MINUTE, docs/decisions/0167-mail-a-person-can-trust.md): one upsert adds one to the
 * minute's row only while it is below the limit, so two workers racing for the last place cannot
 * both take it (the row's lock on PostgreSQL, the one writer on SQLite). Refused, the answer says
 * when the next minute starts; the mail waits for it and is never dropped.
 */
export async function takeSendBudget(db: Db, now: Date, perMinute: number): Promise<BudgetAnswer> {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const row = await sql<{ sent: number }>`
    insert into mail_send_windows (minute, sent) values (${minute}, 1)
    on conflict (minute) do update set sent = mail_send_windows.sent + 1
    where mail_send_windows.sent < ${perMinute}
    returning sent
  `
    .execute(db)
    .then((result) => result.rows[0]);
  if (!row) return { granted: false, nextWindowAt: new Date((minute + 1) * MINUTE_MS) };
  // The first send of a minute clears what is older than an hour, once a minute at most.
  if (Number(row.sent) === 1) {
    await db
      .deleteFrom('mail_send_windows')
      .where('minute', '<', minute - KEPT_MINUTES)
      .execute();
  }
  return { granted: true };
}
