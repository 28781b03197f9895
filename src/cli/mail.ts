import { parseArgs } from 'node:util';
import { listMail, type MailMessageRow, storedAttachments, storedHeaders } from '../mail/index.ts';
import type { Database } from '../platform/db/database.ts';
import { print, requireInteger, UsageError } from './output.ts';

const USAGE = 'usage: cohort mail list [--to EMAIL] [--limit N] [--json]';

/**
 * A mail as the operator reads it; `text` is the whole plain-text body (the links are in it), and
 * `headers` every header it is sent with beyond From, To and Subject (Content-Language...).
 */
export function mailJson(row: MailMessageRow) {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    headers: storedHeaders(row),
    kind: row.kind,
    status: row.status,
    created_at: row.created_at,
    sent_at: row.sent_at,
    text: row.text_body,
    // The files sent with it: file name, content type and the content itself (text).
    attachments: storedAttachments(row),
  };
}

/** A queued mail that has failed says so: that is the one a person may need to look into. */
function statusText(row: MailMessageRow): string {
  return row.status === 'queued' && row.attempts > 0
    ? `queued (${row.attempts} failed)`
    : row.status;
}

function table(rows: MailMessageRow[]): string {
  const header = ['ID', 'CREATED', 'STATUS', 'KIND', 'TO', 'SUBJECT'];
  const cells = rows.map((row) => [
    row.id,
    row.created_at,
    statusText(row),
    row.kind,
    row.to_address,
    row.subject,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)),
  );
  return [header, ...cells]
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * `cohort mail list [--to EMAIL] [--limit N] [--json]`: outgoing mail, newest first. Without
 * SMTP_URL this is where mail is read (docs/decisions/0078-mail-outbox.md).
 */
export async function mailCommand(args: string[], database: Database) {
  const [action, ...rest] = args;
  if (action !== 'list') throw new UsageError(USAGE);
  const { values } = parseArgs({
    args: rest,
    options: {
      to: { type: 'string' },
      limit: { type: 'string', default: '50' },
      json: { type: 'boolean', default: false },
    },
  });
  const limit = requireInteger('limit', values.limit, { min: 1 });
  const rows = await listMail(database.db, { to: values.to, limit });
  print(values.json, rows.map(mailJson), rows.length === 0 ? 'No mail.' : table(rows));
}
