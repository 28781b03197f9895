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
  created_at: string;
  updated_at: string;
}

export type SubmissionRow = Selectable<SubmissionsTable>;
