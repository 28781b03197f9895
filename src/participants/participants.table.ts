import type { Selectable } from 'kysely';

/** A participant (the contract's expert) with the profile that audience filters match against. */
export interface ParticipantsTable {
  id: string;
  name: string;
  email: string;
  linkedin_url: string | null;
  /** IANA name: the tracker timezone that decides which local day tracked time falls on. */
  timezone: string;
  birth_date: string;
  country_id: string;
  state_id: string | null;
  city_id: string | null;
  /** JSON: {"<filter slug>": ["<option id>", ...]} */
  attributes: string;
  /** JSON: ["linkedin", ...] */
  linked_accounts: string;
  /** JSON: {experiences: [...], educations: [...]} */
  background: string;
  /** SHA-256 of the participant's bearer token (pt_...). */
  token_hash: string;
  status: string;
  /** scrypt, as the dashboard's (src/platform/web/password.ts); null until one is set. */
  password_hash: string | null;
  /** When the participant opened the emailed verification (or reset) link. */
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export type ParticipantRow = Selectable<ParticipantsTable>;
