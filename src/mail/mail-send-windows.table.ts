/**
 * How many mails every worker together was allowed to send in one minute of the clock
 * (MAIL_PER_MINUTE, docs/decisions/0167-mail-a-person-can-trust.md); rows older than an hour are
 * deleted as new minutes begin.
 */
export interface MailSendWindowsTable {
  /** Minutes since 1970-01-01T00:00Z: the window's start is `minute * 60_000` ms. */
  minute: number;
  sent: number;
}
