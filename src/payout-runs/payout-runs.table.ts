import type { Selectable } from 'kysely';

export type PaidFrequency = 'hourly' | 'per_task';
export type PayoutRunTrigger = 'api' | 'schedule';

/** One payout run of an opportunity (docs/decisions/0088-payout-runs.md). */
export interface PayoutRunsTable {
  id: string;
  organization_id: string;
  opportunity_id: string;
  pay_frequency: PaidFrequency;
  /** The hourly rate or the task price the run paid at. */
  rate_cents: number;
  /** Work handed in or approved up to this instant was considered. */
  until: string;
  total_cents: number;
  line_count: number;
  trigger: PayoutRunTrigger;
  created_at: string;
}

/** What one submission was paid by one run. */
export interface PayoutRunLinesTable {
  run_id: string;
  submission_id: string;
  participant_id: string;
  /** Hourly runs: the seconds paid; null on per-task runs. */
  seconds: number | null;
  /** Per-task runs: the tasks paid; null on hourly runs. */
  tasks: number | null;
  amount_cents: number;
}

/**
 * One unit of work paid, once: `item_key` is a time entry id (hourly) or `<submission>:<sequence>`
 * (per task), unique per opportunity.
 */
export interface PayoutItemsTable {
  opportunity_id: string;
  item_key: string;
  run_id: string;
  submission_id: string;
}

export type PayoutRunRow = Selectable<PayoutRunsTable>;
export type PayoutRunLineRow = Selectable<PayoutRunLinesTable>;
