import type { Selectable } from 'kysely';

/** How an invitation reaches its participant: its own mail, or the day's digest. */
export type InvitationDelivery = 'each' | 'daily';

/**
 * One participant invited to one study (docs/decisions/0165-invitations.md): at most one per
 * person and study (invitations_once), written with its mail in one transaction.
 */
export interface InvitationsTable {
  id: string;
  opportunity_id: string;
  participant_id: string;
  invited_at: string;
  delivery: InvitationDelivery;
  /** The mail that carries it; null for a `daily` one until its digest is written. */
  mail_id: string | null;
  /**
   * A `daily` one's due time, the next 09:00 in its participant's time zone after it was made
   * (migration 0028, digest-time.ts); null for `each`, and for one dropped from the digests.
   */
  digest_due_at: string | null;
}

export type InvitationRow = Selectable<InvitationsTable>;
