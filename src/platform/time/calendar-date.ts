/**
 * Calendar dates as the contract writes them (`YYYY-MM-DD`). They are kept as strings because a
 * local date has no instant of its own: which instant it opens at depends on the time zone.
 * Four-digit years make the text order the calendar order, so dates compare as strings.
 */
export type CalendarDate = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateFields {
  year: number;
  month: number;
  day: number;
}

const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_LENGTHS[month - 1]!;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Reads a `YYYY-MM-DD` that names a real day of the Gregorian calendar; undefined otherwise. */
export function parseCalendarDate(text: string): DateFields | undefined {
  const match = DATE_PATTERN.exec(text);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function formatCalendarDate({ year, month, day }: DateFields): CalendarDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The instant a wall clock reading would be if it were read in UTC. `setUTCFullYear` rather than
 * `Date.UTC` because the latter maps years 0 to 99 onto the 1900s.
 */
export function wallClockMs(fields: DateFields, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The UTC calendar date of an instant. */
export function utcDateOf(instantMs: number): CalendarDate {
  const date = new Date(instantMs);
  return formatCalendarDate({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  });
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const fields = parseCalendarDate(date);
  if (!fields) throw new RangeError(`Not a calendar date: ${date}`);
  return utcDateOf(wallClockMs(fields) + days * DAY_MS);
}

export const DAY_MS = 86_400_000;
