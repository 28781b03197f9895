/**
 * What other features (and the CLI) may use of outgoing mail: queue one in your transaction, and
 * read them back (docs/decisions/0078-mail-outbox.md).
 */
export { isMailableAddress } from './address.ts';
export { listMail } from './list-mail.ts';
export type { MailKind, MailMessageRow, MailStatus } from './mail-messages.table.ts';
export { deleteMailTo, mailTo } from './personal-data.ts';
export { type OutgoingMail, queueMail, queueMails } from './queue-mail.ts';
export { storedHeaders } from './store.ts';
