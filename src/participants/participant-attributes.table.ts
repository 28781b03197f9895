/**
 * The audience index of profile attributes
 * (docs/decisions/0102-attribute-index-kept-by-the-store.md): one row per (slug, option id) of a
 * participant's attributes JSON, rewritten by src/participants/store.ts in the transaction of every
 * write of the profile, so counting an audience reads an index instead of every profile's JSON.
 */
export interface ParticipantAttributesTable {
  /** participants.audience_key */
  participant_key: number;
  slug: string;
  option_id: string;
}
