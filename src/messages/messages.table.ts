import type { Selectable } from 'kysely';

export type MessageSender = 'organization' | 'participant';

/** One message of the thread between an organization and a participant about a submission. */
export interface MessagesTable {
  id: string;
  organization_id: string;
  opportunity_id: string;
  submission_id: string;
  participant_id: string;
  sender: MessageSender;
  /** Plain text, up to 5,000 characters; never rendered as HTML. */
  body: string;
  /** The bulk send that wrote it, if one did. */
  batch_id: string | null;
  created_at: string;
}

export type MessageRow = Selectable<MessagesTable>;
