import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * One row per opportunity. The nested parts of the contract's shape (filters, screener, quotas,
 * tasks) are stored as JSON text: they are read and written whole, never queried into.
 */
export interface OpportunitiesTable {
  id: string;
  organization_id: string;
  project_id: string;
  /** Internal status; see src/opportunities for how it reports on the wire. */
  status: string;
  title: string;
  internal_title: string | null;
  description: string | null;
  num_participants: number;
  estimated_duration_minutes: number;
  business_type: string | null;
  candidate_profile: string | null;
  device_types: string;
  required_accounts: string;
  video_required: string;
  screen_share_required: string;
  customer_screening_review: string;
  pay_frequency: string;
  /** What an hour of approved tracked time pays on an hourly opportunity (set by an operator). */
  hourly_rate_cents: number | null;
  /** What each approved task pays on a per-task opportunity (set by an operator). */
  task_price_cents: number | null;
  screening_option_randomization: string;
  forwarding_email_enabled: string;
  max_responses_per_expert: number | null;
  feasibility_request_id: string | null;
  filters: string;
  screening_questions: string;
  quotas: string;
  cross_quotas: string;
  tasks: string;
  incentive_cents: number;
  platform_fee_cents: number;
  cost_per_participant_cents: number;
  total_cost_cents: number;
  /** JSON: how the incentive was fixed at create (estimate breakdown or feasibility price). */
  pricing_basis: string | null;
  expected_days_to_complete: number | null;
  ending_at: string | null;
  launched_at: string | null;
  stopped_at: string | null;
  stop_reason: string | null;
  /**
   * How long a place is held for work before it times out (docs/decisions/0084-time-limits.md);
   * null reads as the default from the tasks (time-limits.ts).
   */
  max_minutes_per_submission: number | null;
  /** Work awaiting review this many days is approved automatically; null never. Default 21. */
  auto_approve_after_days: number | null;
  /** The language the study is written in: en, de, fr or es (migration 0025). */
  language: Generated<string>;
  /**
   * JSON: {"<language>": {title, description?, screening_questions, tasks}}, what participants
   * reading another language see (translations.ts); '{}' when there are none.
   */
  translations: Generated<string>;
  /**
   * JSON: the outreach plan {initial_invitations, wave_size, wave_every_minutes}, or null
   * (migration 0026, outreach.ts).
   */
  outreach: string | null;
  /** Paid to a reserve sent home from a lab session (docs/decisions/0178-lab-sessions.md). */
  show_up_fee_cents: Generated<number>;
  /** 1 while the opportunity has sessions: a place is held by enrolling in one. */
  scheduled: Generated<number>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export type OpportunityRow = Selectable<OpportunitiesTable>;
export type NewOpportunityRow = Insertable<OpportunitiesTable>;
export type OpportunityUpdate = Updateable<OpportunitiesTable>;
