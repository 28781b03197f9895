import type { CalendarDate } from '../platform/time/calendar-date.ts';
import { localDayPieces } from '../platform/time/time-zone.ts';

export interface LocalDaySeconds {
  date: CalendarDate;
  seconds: number;
}

/**
 * Whole seconds of [startMs, endMs) per local date in `timeZone`, in order of first appearance:
 * a time entry crossing local midnight is shared between the two days, and a day is as long as
 * the zone makes it (23, 23.5, 24.5 or 25 hours around daylight saving changes).
 *
 * Time is counted in whole seconds by truncating each instant to its second. Day boundaries are
 * whole seconds, so only the entry's own ends are truncated and the pieces always add up to
 * `floor(endMs / 1000) - floor(startMs / 1000)`. Dates that would get zero seconds are left out.
 */
export function splitIntervalByLocalDay(
  startMs: number,
  endMs: number,
  timeZone: string,
): LocalDaySeconds[] {
  const byDate = new Map<CalendarDate, number>();
  for (const piece of localDayPieces(startMs, endMs, timeZone)) {
    const seconds = Math.floor(piece.endMs / 1000) - Math.floor(piece.startMs / 1000);
    byDate.set(piece.date, (byDate.get(piece.date) ?? 0) + seconds);
  }
  return [...byDate]
    .filter(([, seconds]) => seconds > 0)
    .map(([date, seconds]) => ({ date, seconds }));
}

/** Length of [startMs, endMs) as the hours counting sees it. */
export function countedSeconds(startMs: number, endMs: number): number {
  return Math.max(0, Math.floor(endMs / 1000) - Math.floor(startMs / 1000));
}
