/**
 * What other features (and the CLI) may use of outgoing mail: queue one in your transaction, and
 * read them back (docs/decisions/0078-mail-outbox.md); hear of a mail given up
 * (docs/decisions/0167-mail-a-person-can-trust.md).
 */
export { isMailableAddress } from './address.ts';
export { type MailFailed, mailFailed } from './events.ts';
export { listMail } from './list-mail.ts';
export type {
  MailAttachment,
  MailKind,
  MailMessageRow,
  MailStatus,
} from './mail-messages.table.ts';
export { deleteMailTo, mailTo } from './personal-data.ts';
export { type OutgoingMail, queueMail, queueMails } from './queue-mail.ts';
export { storedAttachments, storedHeaders } from './store.ts';
