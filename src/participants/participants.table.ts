import type { Generated, Selectable } from 'kysely';
import type { Locale } from '../platform/i18n/locales.ts';

/** A participant (the contract's expert) with the profile that audience filters match against. */
export interface ParticipantsTable {
  id: string;
  name: string;
  email: string;
  /**
   * The mailbox the address reaches (src/participants/canonical-email.ts), unique: one account per
   * mailbox. Null only for an account that already shared its mailbox with an older one when
   * migration 0016 ran.
   */
  email_canonical: string | null;
  linkedin_url: string | null;
  /** The language pages and mails speak to this participant in (migration 0024). */
  language: Generated<Locale>;
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
  /** 1 for a test participant made by a preview (docs/decisions/0080-previews-with-test-participants.md). */
  is_test: Generated<number>;
  /** The one opportunity a test participant previews; null for everyone else. */
  test_opportunity_id: string | null;
  /**
   * A compact integer per participant, numbered by the database (migration 0017), for the
   * audience index: participant_attributes rows point here.
   */
  audience_key: Generated<number>;
  /** How often they hear of new studies they fit (migration 0026). */
  new_studies: Generated<NewStudiesPreference>;
  /** When a mail to them failed for good: no invitation goes to the address until it changes. */
  mail_undeliverable_at: string | null;
  /** Their submissions approved, and approved or rejected: kept in each decision's transaction. */
  approved_submissions: Generated<number>;
  decided_submissions: Generated<number>;
  /** Percent of decided submissions approved, rounded down; null before a first decision. */
  approval_rate: number | null;
  /**
   * Unexcused no-shows of the last twelve months since the last forgiveness, the count
   * `integer--no_shows` reads; made again at `no_shows_recount_at`, when the oldest falls out
   * (docs/decisions/0179-no-shows.md).
   */
  no_shows: Generated<number>;
  no_shows_recount_at: string | null;
  /** 1 once no_shows reached NO_SHOW_LIMIT: scheduled studies are closed to them. */
  no_show_barred: Generated<number>;
  /** No-shows before this are not counted (cohort participant forgive). */
  no_shows_forgiven_at: string | null;
  created_at: string;
  updated_at: string;
}

/** `each`: a mail per invitation; `daily`: one digest a day at 09:00 their time; `never`. */
export type NewStudiesPreference = 'each' | 'daily' | 'never';

export type ParticipantRow = Selectable<ParticipantsTable>;
