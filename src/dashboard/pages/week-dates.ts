import { addDays, parseCalendarDate, wallClockMs } from '../../platform/time/calendar-date.ts';
import { localDateOf } from '../../platform/time/time-zone.ts';

/**
 * Which week a lab's calendar page shows: weeks start on Monday, as ISO 8601 numbers them. Pure:
 * the page passes the query and the clock.
 */

/** The Monday on or before a date. */
export function mondayOf(date: string): string {
  const fields = parseCalendarDate(date);
  if (!fields) throw new RangeError(`Not a calendar date: ${date}`);
  const weekday = new Date(wallClockMs(fields)).getUTCDay(); // 0 is Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/**
 * The Monday of the week asked for (`?week=` any day of it), or of this week on the lab's clock
 * when the query names no real date.
 */
export function weekShown(query: string | undefined, now: Date, timeZone: string): string {
  const asked = query && parseCalendarDate(query) ? query : undefined;
  return mondayOf(asked ?? localDateOf(now.getTime(), timeZone));
}
