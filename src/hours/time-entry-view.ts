import type { Static } from 'typebox';
import type { RecordedTimeEntry as Recorded } from './record-time-entry.ts';
import type { TimeEntryRow } from './time-entries.table.ts';
import type { RecordedTimeEntry, TimeEntry } from './time-entry-schemas.ts';

export function timeEntryRowToTimeEntry(row: TimeEntryRow): Static<typeof TimeEntry> {
  return {
    id: row.id,
    submission_id: row.submission_id,
    started_at: row.started_at,
    ended_at: row.ended_at,
    seconds: Number(row.seconds),
    created_at: row.created_at,
  };
}

export function recordedToReceipt(recorded: Recorded): Static<typeof RecordedTimeEntry> {
  return {
    ...timeEntryRowToTimeEntry(recorded.entry),
    timezone: recorded.timezone,
    days: recorded.days.map((day) => ({ date: day.date, seconds: day.seconds })),
  };
}
