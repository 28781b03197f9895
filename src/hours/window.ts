import { addDays, type CalendarDate, DAY_MS, utcDateOf } from '../platform/time/calendar-date.ts';
import { localDayExists, localDayOpensAt } from '../platform/time/time-zone.ts';
import { readTimestamp } from './timestamp.ts';

/** `to` at most 92 days after `from`; exactly 92 days is allowed (docs/hours.md, "The window"). */
export const MAX_WINDOW_DAYS = 92;

export interface HoursWindow {
  fromMs: number;
  toMs: number;
}

export type HoursWindowReading =
  | ({ ok: true } & HoursWindow)
  | { ok: false; issues: { message: string }[] };

/**
 * The `from` and `to` query parameters of GET /opportunities/{id}/hours (docs/hours.md): both
 * required, each an ISO 8601 timestamp with Z or an offset, or a bare date read as midnight UTC;
 * `to` exclusive, after `from`, and at most 92 days after it. Every problem is listed, so a client
 * fixes both parameters in one round trip.
 */
export function parseHoursWindow(from: unknown, to: unknown): HoursWindowReading {
  const fromReading = readTimestamp(from, 'from', { allowDate: true });
  const toReading = readTimestamp(to, 'to', { allowDate: true });
  const issues: { message: string }[] = [];
  if (!fromReading.ok) issues.push({ message: fromReading.message });
  if (!toReading.ok) issues.push({ message: toReading.message });
  if (fromReading.ok && toReading.ok) {
    const fromMs = fromReading.ms;
    const toMs = toReading.ms;
    if (toMs <= fromMs) {
      issues.push({ message: 'to must be after from (to is exclusive)' });
    } else if (toMs - fromMs > MAX_WINDOW_DAYS * DAY_MS) {
      issues.push({
        message: `to must be at most ${MAX_WINDOW_DAYS} days after from (latest allowed: ${new Date(fromMs + MAX_WINDOW_DAYS * DAY_MS).toISOString()})`,
      });
    }
    if (issues.length === 0) return { ok: true, fromMs, toMs };
  }
  return { ok: false, issues };
}

/**
 * The local dates whose opening instant in `timeZone` falls in [fromMs, toMs), in order. A day
 * is never split between windows, and a day opening exactly at `toMs` belongs to the next one, so
 * consecutive windows [a, b) and [b, c) share no day and lose none. Dates the zone skipped
 * entirely are left out: nobody could have worked on them.
 */
export function localDaysOpeningInWindow(
  fromMs: number,
  toMs: number,
  timeZone: string,
): CalendarDate[] {
  const days: CalendarDate[] = [];
  if (toMs <= fromMs) return days;
  const { firstDate, lastDate } = candidateDatesForWindow(fromMs, toMs);
  for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) {
    if (localDayOpensInWindow(date, timeZone, { fromMs, toMs })) days.push(date);
  }
  return days;
}

/**
 * Every local date, in any zone, that can open inside [fromMs, toMs) lies between these two dates
 * (inclusive): a day opens within a day of its own midnight in UTC. Stored per-day rows can be
 * fetched by this range and then kept or dropped per person with `localDayOpensInWindow`.
 */
export function candidateDatesForWindow(
  fromMs: number,
  toMs: number,
): { firstDate: CalendarDate; lastDate: CalendarDate } {
  return { firstDate: utcDateOf(fromMs - DAY_MS), lastDate: utcDateOf(toMs + DAY_MS) };
}

/** Whether one person's local day counts in the window (its opening instant is inside). */
export function localDayOpensInWindow(
  date: CalendarDate,
  timeZone: string,
  window: HoursWindow,
): boolean {
  const opensAt = localDayOpensAt(date, timeZone);
  return opensAt >= window.fromMs && opensAt < window.toMs && localDayExists(date, timeZone);
}
