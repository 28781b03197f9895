import type { Insertable, Selectable } from 'kysely';

/** Contract 2.12. The wire form is camelCase; storage keeps the project's snake_case. */
export interface FeasibilityRequestsTable {
  id: string;
  organization_id: string;
  /** RECEIVED, RESPONDED, WON, LOST, NOT_PURSUED (src/feasibility). */
  status: string;
  /** API for requests made through the API. */
  source: string;
  task_description: string;
  panel_description: string;
  submission_count: number;
  timeline_hours: number;
  pay_rate_frequency: string;
  loi_minutes: number;
  /** The confirmed all-in CPI; null until RESPONDED. */
  cpi_cents: number | null;
  /** The recruitment fee inside the CPI; it becomes the opportunity's platform fee. */
  fee_cents: number | null;
  /** `automatic` or `operator`. */
  responded_by: string | null;
  responded_at: string | null;
  /** Why the automatic price did not apply, for the operator who prices it by hand. */
  operator_note: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

export type FeasibilityRequestRow = Selectable<FeasibilityRequestsTable>;
export type NewFeasibilityRequestRow = Insertable<FeasibilityRequestsTable>;
