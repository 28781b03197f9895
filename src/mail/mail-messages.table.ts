import type { Insertable, Selectable } from 'kysely';

/** What a message is for; the participant web app's account mails and anything else. */
export type MailKind =
  | 'verify_email'
  | 'reset_password'
  | 'invitation'
  | 'study_invitation'
  | 'study_digest'
  | 'message'
  | 'team_invitation'
  /** A lab session's confirmation, reminder or cancellation (docs/decisions/0178-lab-sessions.md). */
  | 'session'
  /** A warning after a no-show, or the no-show limit reached (docs/decisions/0179-no-shows.md). */
  | 'no_show';

/**
 * `queued` until the `mail.send` job settles it: `sent` once an SMTP server accepted it, `kept`
 * when no SMTP_URL is set and the database is where it is read (`cohort mail list`), `failed` when
 * the server refused its recipient on every send (docs/decisions/0167-mail-a-person-can-trust.md).
 */
export type MailStatus = 'queued' | 'sent' | 'kept' | 'failed';

/** One outgoing message (docs/decisions/0078-mail-outbox.md). */
export interface MailMessagesTable {
  id: string;
  /** Normalized (src/platform/email.ts). */
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /**
   * JSON: the headers the mail is sent with beyond From, To and Subject ({"Content-Language":
   * "de"}), in the order written; null for mails queued before migration 0024.
   */
  headers: string | null;
  /**
   * JSON: the files sent with the mail, [{filename, content_type, content}] with text content (a
   * session's iCalendar file, docs/decisions/0177-icalendar-files.md); null for none (migration 0033).
   */
  attachments: string | null;
  kind: MailKind;
  status: MailStatus;
  /** SMTP sends tried, the successful one included. */
  attempts: number;
  /** Why the latest SMTP send failed; kept here, never logged, since it may quote the address. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export type MailMessageRow = Selectable<MailMessagesTable>;

/** A file sent with a mail: text content only (an iCalendar file). */
export interface MailAttachment {
  filename: string;
  content_type: string;
  content: string;
}
export type NewMailMessage = Insertable<MailMessagesTable>;
