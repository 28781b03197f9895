import { addDays, parseCalendarDate, wallClockMs } from '../platform/time/calendar-date.ts';
import { localDateOf, offsetAt } from '../platform/time/time-zone.ts';

/** The local hour a participant's digest goes out (docs/decisions/0166-outreach-and-digests.md). */
export const DIGEST_HOUR = 9;

/**
 * The instant a zone's wall clock reads `hour`:00 on a local date. The offset is read at the
 * estimate and again at the result, so a daylight-saving change earlier that day (Berlin's at
 * 02:00 or 03:00) moves the instant with it; an hour a transition skips maps to the instant just
 * after the gap.
 */
export function localHourAt(date: string, hour: number, timeZone: string): number {
  const fields = parseCalendarDate(date);
  if (!fields) throw new RangeError(`Not a calendar date: ${date}`);
  const asUtc = wallClockMs(fields, hour);
  let instant = asUtc - offsetAt(asUtc, timeZone);
  for (let step = 0; step < 2; step++) instant = asUtc - offsetAt(instant, timeZone);
  return instant;
}

/**
 * When an invitation made at `instantMs` is due in a digest: 09:00 that day in the participant's
 * zone if it is not yet 09:00 there, else 09:00 the next day. So a digest lists the invitations
 * of the 24 hours before it.
 */
export function nextDigestAt(instantMs: number, timeZone: string): number {
  const today = localDateOf(instantMs, timeZone);
  const todays = localHourAt(today, DIGEST_HOUR, timeZone);
  if (todays > instantMs) return todays;
  return localHourAt(addDays(today, 1), DIGEST_HOUR, timeZone);
}
