/** What other features may use of messages: write to a participant in your transaction. */

export { queueBulkMessage } from './bulk.ts';
export type { MessageEvent, MessageReceivedEvent } from './events.ts';
export type { MessageRow } from './messages.table.ts';
export { blankMessagesWith, messagesWith } from './personal-data.ts';
export { tellByMessage } from './return-request.ts';
export { type OrganizationMessage, sendMessageToParticipant } from './send.ts';
