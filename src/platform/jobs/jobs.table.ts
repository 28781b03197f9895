import type { Selectable } from 'kysely';

export type JobStatus = 'pending' | 'running' | 'done' | 'failed' | 'cancelled';

export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  status: JobStatus;
  /** When the job may run next (ISO 8601 UTC). */
  run_at: string;
  attempts: number;
  max_attempts: number;
  /** Worker holding the lease, and until when; a lease past its time is free to take again. */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  /** At most one job per key: scheduled slots and per-resource jobs are enqueued idempotently. */
  dedupe_key: string | null;
  /**
   * Jobs of one lane (a webhook subscription) run at most `laneConcurrency` at a time in a worker,
   * so one slow lane never takes every slot
   * (docs/decisions/0129-job-lanes-that-earn-concurrency.md).
   */
  lane: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type JobRow = Selectable<JobsTable>;
