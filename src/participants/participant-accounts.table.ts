import type { Selectable } from 'kysely';

/** A participant's browser session: the cookie's SHA-256 and the forms' synchronizer token. */
export interface ParticipantSessionsTable {
  token_hash: string;
  participant_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export type ParticipantSessionRow = Selectable<ParticipantSessionsTable>;

/**
 * What a one-time link lets its holder do: the emailed ones, and a preview's link that signs its
 * holder in as a test participant (docs/decisions/0080-previews-with-test-participants.md).
 */
export type LinkPurpose = 'verify_email' | 'reset_password' | 'preview';

/** An emailed one-time link: its token's SHA-256, used once, before it expires. */
export interface ParticipantLinksTable {
  token_hash: string;
  participant_id: string;
  purpose: LinkPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
