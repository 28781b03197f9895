import type { CalendarDate } from '../platform/time/calendar-date.ts';
import { type StoredInstant, storedInstantMs } from './timestamp.ts';
import { type HoursWindow, localDayOpensInWindow } from './window.ts';

/** One pre-aggregated row as stored: a person's seconds on a submission for one local date. */
export interface StoredDayHours {
  participantId: string;
  submissionId: string;
  email: string;
  /** The tracker timezone the date was computed in. */
  timezone: string;
  date: CalendarDate;
  seconds: number;
  /** When this row last changed; the newest one becomes `last_updated_at`. */
  updatedAt?: StoredInstant;
}

/** Contract 2.13, field for field. */
export interface HoursRow {
  participant_id: string;
  submission_id: string;
  email: string;
  date: CalendarDate;
  timezone: string;
  seconds: number;
  hours: number;
}

export interface HoursReport {
  last_updated_at: string;
  total_seconds: number;
  total_hours: number;
  data: HoursRow[];
}

/**
 * Hours to two decimals, half up: 1 h 0 min 18 s is 1.01. Every figure is derived from its own
 * exact seconds, so `total_hours` comes from `total_seconds` and may differ by a few hundredths
 * from the sum of the rounded row hours; seconds are the exact figures to add up.
 */
export function secondsToHours(seconds: number): number {
  // seconds / 36 is a count of hundredths of an hour, exact at the .5 ties Math.round settles.
  return Math.round(seconds / 36) / 100;
}

/**
 * Turns stored per (participant, submission, local date) rows into the 2.13 response.
 *
 * With a `window`, a row counts only if its date opened inside the window in the row's own
 * timezone (docs/hours.md, "Which days count"), so callers may fetch the broader
 * `candidateDatesForWindow` range. Rows sharing participant, submission and date are added together
 * (keeping the first row's timezone), giving one row per person and date. Rows come out ordered by
 * participant, submission, then date; rows with zero seconds are dropped. `asOf` is
 * `last_updated_at` when no row carries a newer `updatedAt` (an empty report still says when it was
 * true).
 */
export function aggregateHoursRows(input: {
  rows: StoredDayHours[];
  window?: HoursWindow;
  asOf: StoredInstant;
}): HoursReport {
  const merged = new Map<string, HoursRow>();
  let lastUpdatedMs: number | undefined;
  for (const row of input.rows) {
    if (input.window && !localDayOpensInWindow(row.date, row.timezone, input.window)) continue;
    if (row.updatedAt !== undefined) {
      const updatedMs = storedInstantMs(row.updatedAt);
      if (lastUpdatedMs === undefined || updatedMs > lastUpdatedMs) lastUpdatedMs = updatedMs;
    }
    const key = `${row.participantId}\u0000${row.submissionId}\u0000${row.date}`;
    const existing = merged.get(key);
    if (existing) existing.seconds += row.seconds;
    else {
      merged.set(key, {
        participant_id: row.participantId,
        submission_id: row.submissionId,
        email: row.email,
        date: row.date,
        timezone: row.timezone,
        seconds: row.seconds,
        hours: 0,
      });
    }
  }
  const data = [...merged.values()]
    .filter((row) => row.seconds > 0)
    .sort(
      (a, b) =>
        compare(a.participant_id, b.participant_id) ||
        compare(a.submission_id, b.submission_id) ||
        compare(a.date, b.date),
    );
  let totalSeconds = 0;
  for (const row of data) {
    row.hours = secondsToHours(row.seconds);
    totalSeconds += row.seconds;
  }
  return {
    last_updated_at: new Date(lastUpdatedMs ?? storedInstantMs(input.asOf)).toISOString(),
    total_seconds: totalSeconds,
    total_hours: secondsToHours(totalSeconds),
    data,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
