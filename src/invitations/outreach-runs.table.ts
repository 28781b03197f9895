import type { Selectable } from 'kysely';

/** Why a run of outreach waves ended. */
export type OutreachStopReason = 'nobody_eligible' | 'not_recruiting' | 'cleared';

/**
 * An opportunity's outreach waves (docs/decisions/0166-outreach-and-digests.md): one row per
 * opportunity once they started. Each start after a stop is a new `run` with a job of its own;
 * a round invites only if its run is current and its wave is due, so a job run twice invites once.
 */
export interface OutreachRunsTable {
  opportunity_id: string;
  run: number;
  /** 1 once the initial invitations went out (or were none). */
  initial_sent: number;
  waves_sent: number;
  /** Participants invited by this opportunity's outreach, every run together. */
  invited: number;
  next_round_at: string | null;
  started_at: string;
  stopped_at: string | null;
  stop_reason: OutreachStopReason | null;
}

export type OutreachRunRow = Selectable<OutreachRunsTable>;
