/** Tracked hours: pure time arithmetic (docs/hours.md). */

export { addDays, type CalendarDate, utcDateOf } from '../platform/time/calendar-date.ts';
export {
  isValidTimeZone,
  type LocalDayPiece,
  localDateOf,
  localDayExists,
  localDayOpensAt,
  localDayPieces,
  offsetAt,
} from '../platform/time/time-zone.ts';
export {
  aggregateHoursRows,
  type HoursReport,
  type HoursRow,
  type StoredDayHours,
  secondsToHours,
} from './aggregate.ts';
export { hoursCsv } from './export-csv.ts';
export { listOwnTimeEntries } from './list-time-entries.ts';
export { recordTimeEntry } from './record-time-entry.ts';
export { countedSeconds, type LocalDaySeconds, splitIntervalByLocalDay } from './split.ts';
export { timeEntriesOfParticipant } from './time-entries.store.ts';
export { type Issue, type TimeEntryCheck, validateTimeEntry } from './time-entry.ts';
export { readTimestamp, type StoredInstant, storedInstantMs } from './timestamp.ts';
export { instantOfWallClock, wallClockOf } from './wall-clock.ts';
export {
  candidateDatesForWindow,
  type HoursWindow,
  type HoursWindowReading,
  localDayOpensInWindow,
  localDaysOpeningInWindow,
  MAX_WINDOW_DAYS,
  parseHoursWindow,
} from './window.ts';
