import type { Selectable } from 'kysely';

export interface TimeEntriesTable {
  id: string;
  participant_id: string;
  submission_id: string;
  opportunity_id: string;
  started_at: string;
  ended_at: string;
  seconds: number;
  created_at: string;
}

export type TimeEntryRow = Selectable<TimeEntriesTable>;

/**
 * Tracked seconds pre-aggregated per person, submission and local day (in the person's tracker
 * timezone at the time of tracking), so an hours read never sums raw entries.
 */
export interface HoursDailyTable {
  opportunity_id: string;
  participant_id: string;
  submission_id: string;
  local_date: string;
  timezone: string;
  seconds: number;
  updated_at: string;
}
