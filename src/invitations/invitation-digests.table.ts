/**
 * One row per participant and local day a digest was written (migration 0028): the key that keeps
 * a participant from getting two digests in a day, whatever the workers do.
 */
export interface InvitationDigestsTable {
  participant_id: string;
  /** The participant's calendar date (YYYY-MM-DD) in their time zone when it was written. */
  local_date: string;
  mail_id: string;
  created_at: string;
}
