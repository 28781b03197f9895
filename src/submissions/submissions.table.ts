import type { Selectable } from 'kysely';

/**
 * One row per application to an opportunity. An applicant awaiting the customer's decision is a row
 * with status `awaiting_decision` (the contract keeps applicants outside the submission states, and
 * the API hides such rows from submission reads); every other status is the contract's.
 */
export interface SubmissionsTable {
  id: string;
  organization_id: string;
  opportunity_id: string;
  participant_id: string;
  status: string;
  /** passed, failed, review, or null. */
  screening_outcome: string | null;
  /** JSON: the graded ScreeningAnswer[] exactly as reads return them. */
  screening_answers: string;
  /** JSON: the quota and cross-quota cells this application counts in. */
  quota_cells: string;
  started_at: string | null;
  submitted_at: string | null;
  decided_at: string | null;
  rejection_category: string | null;
  rejection_reason: string | null;
  /** Why the platform closed it (a stop's reason, expiry), when it did. */
  closed_reason: string | null;
  paid_cents: number;
  /** Why an abandoned submission ended: returned, timed_out or withdrawn (place-clock.ts). */
  abandoned_reason: string | null;
  /** When the held place times out; set only while screen_passed or in_progress. */
  deadline_at: string | null;
  /** When work awaiting review is approved automatically; set only while awaiting_review. */
  auto_approve_at: string | null;
  /** The researcher asked the participant to give the place back, and why. */
  return_requested_at: string | null;
  return_request_reason: string | null;
  /** 1 for a test participant's submission: no charge, no place, no counters, no events. */
  test: number;
  /** JSON: the quality flags (quality-flags.ts) reads show, such as ["shared_network"]. */
  quality_flags: string;
  /** Keyed hash of the network address and user agent that applied; never the address itself. */
  network_fingerprint: string | null;
  created_at: string;
  updated_at: string;
}

export type SubmissionRow = Selectable<SubmissionsTable>;
