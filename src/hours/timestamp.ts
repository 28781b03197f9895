import { parseCalendarDate, wallClockMs } from '../platform/time/calendar-date.ts';

/**
 * Strict ISO 8601 reading for instants that come from clients. `Date.parse` is not used: it reads
 * "2026-02-30" as March 2, reads a zone-less date-time in the server's own zone, and accepts
 * free-form text. Here a date-time must say which instant it means (Z or an offset).
 *
 * Accepted: `2026-03-01T09:30:00Z`, with fractional seconds (truncated to the millisecond), an
 * offset (`+05:30`, `+0530`, `+05`), seconds left out (`2026-03-01T09:30Z`), a lowercase t or z.
 * Optionally a bare date `2026-03-01`, read as midnight UTC.
 */

export type TimestampReading = { ok: true; ms: number } | { ok: false; message: string };

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
/** What a `+05:30` offset becomes when a query string is decoded as a form (`+` means space). */
const PLUS_DECODED_AS_SPACE = /^\d{4}-\d{2}-\d{2}[Tt][\d:.,]+ \d{2}(?::?\d{2})?$/;

/** The supported span: tracked time never predates 1900, and years stay four digits. */
export const EARLIEST_MS = Date.UTC(1900, 0, 1);
export const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const EXAMPLE = 'such as 2026-03-01T09:30:00Z or 2026-03-01T15:00:00+05:30';

export function readTimestamp(
  value: unknown,
  name: string,
  options: { allowDate: boolean },
): TimestampReading {
  const accepted = options.allowDate
    ? `an ISO 8601 timestamp (${EXAMPLE}) or a date (2026-03-01)`
    : `an ISO 8601 timestamp ${EXAMPLE}`;
  if (value === undefined || value === null || value === '') {
    return { ok: false, message: `${name} is required: ${accepted}` };
  }
  if (Array.isArray(value)) return { ok: false, message: `${name} must be given once` };
  if (typeof value !== 'string') return { ok: false, message: `${name} must be ${accepted}` };
  const ms = readText(value, name, options.allowDate, accepted);
  if (typeof ms === 'string') return { ok: false, message: ms };
  if (ms < EARLIEST_MS || ms > LATEST_MS) {
    return { ok: false, message: `${name} must fall between 1900-01-01 and 9999-12-31` };
  }
  return { ok: true, ms };
}

/** The instant, or the message explaining why the text is not one. */
function readText(text: string, name: string, allowDate: boolean, accepted: string) {
  const shown = JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}...` : text);
  const date = parseCalendarDate(text);
  if (date) {
    return allowDate
      ? wallClockMs(date)
      : `${name} ${shown} is a date, not an instant: give ${accepted}`;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${name} ${shown} is not a calendar date`;
  if (PLUS_DECODED_AS_SPACE.test(text)) {
    return `${name} ${shown} has a space where its offset sign should be: a "+" in a query string must be sent as %2B`;
  }
  const match = DATE_TIME.exec(text);
  if (!match) return `${name} ${shown} is not ${accepted}`;
  const [, dateText, hh, mm, ss, fraction, zulu, sign, offsetHh, offsetMm] = match;
  const day = parseCalendarDate(dateText!);
  if (!day) return `${name} ${shown} is not a calendar date`;
  const hour = Number(hh);
  const minute = Number(mm);
  const second = Number(ss ?? '0');
  if (hour > 23 || minute > 59 || second > 59) {
    return `${name} ${shown} is not a time of day (hours 00-23, minutes and seconds 00-59)`;
  }
  if (!zulu && !sign) {
    return `${name} ${shown} has no time zone: end it with Z for UTC or an offset such as +05:30`;
  }
  let offsetMinutes = 0;
  if (sign) {
    const offsetHours = Number(offsetHh);
    const extraMinutes = Number(offsetMm ?? '0');
    if (offsetHours > 23 || extraMinutes > 59) {
      return `${name} ${shown} has an offset outside -23:59 to +23:59`;
    }
    offsetMinutes = (sign === '-' ? -1 : 1) * (offsetHours * 60 + extraMinutes);
  }
  const millis = fraction ? Number(fraction.padEnd(3, '0').slice(0, 3)) : 0;
  return wallClockMs(day, hour, minute, second) + millis - offsetMinutes * 60_000;
}

/**
 * For instants the service itself stored (numbers, ISO strings, Dates): a malformed one is a bug,
 * not a client's mistake, so it throws.
 */
export type StoredInstant = number | string | Date;

export function storedInstantMs(value: StoredInstant): number {
  if (typeof value !== 'string') {
    const ms = typeof value === 'number' ? value : value.getTime();
    if (!Number.isFinite(ms)) throw new TypeError(`Not an instant: ${String(value)}`);
    return ms;
  }
  const reading = readTimestamp(value, 'stored instant', { allowDate: false });
  if (!reading.ok) throw new TypeError(reading.message);
  return reading.ms;
}
