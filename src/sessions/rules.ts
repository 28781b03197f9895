import type { Issue } from '../platform/errors.ts';
import { offsetAt } from '../platform/time/time-zone.ts';

/**
 * The rules of lab sessions, pure (docs/decisions/0178-lab-sessions.md): when a session ends and
 * when enrollment in it closes, which sessions of a lab clash, how many seats are left, and when
 * its reminder goes out.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SESSION_DEFAULTS = {
  reserve: 0,
  enrollment_closes_minutes_before: 120,
  reminder_hours_before: 24,
} as const;

export interface SessionTimes {
  starts_at: string;
  ends_at: string;
}

export interface SessionSeats {
  capacity: number;
  reserve: number;
}

export const endsAt = (startsAt: string, durationMinutes: number): string =>
  new Date(Date.parse(startsAt) + durationMinutes * MINUTE).toISOString();

/** The last instant enrolling or cancelling is accepted: the start less the closing minutes. */
export const enrollmentClosesAt = (session: {
  starts_at: string;
  enrollment_closes_minutes_before: number;
}): string =>
  new Date(
    Date.parse(session.starts_at) - session.enrollment_closes_minutes_before * MINUTE,
  ).toISOString();

export const enrollmentOpen = (
  session: { starts_at: string; enrollment_closes_minutes_before: number },
  now: Date,
): boolean => now.getTime() < Date.parse(enrollmentClosesAt(session));

/** Seats a participant may still take: reserve seats count. */
export const seatsLeft = (session: SessionSeats & { enrolled: number }): number =>
  Math.max(0, session.capacity + session.reserve - session.enrolled);

/** Half-open intervals [starts_at, ends_at): a session ending at 10:00 and one starting then do not overlap. */
export const overlaps = (a: SessionTimes, b: SessionTimes): boolean =>
  Date.parse(a.starts_at) < Date.parse(b.ends_at) &&
  Date.parse(b.starts_at) < Date.parse(a.ends_at);

/**
 * The other sessions of a lab a session clashes with: those it overlaps, when together with it they
 * need more seats (capacity and reserve) than the lab has. Empty when it fits. Overlapping sessions
 * are summed at the busiest instant, so three short sessions that each overlap a long one but not
 * each other are counted two at a time, as the room holds them.
 */
export function clashingSessions<S extends SessionTimes & SessionSeats & { id: string }>(
  session: SessionTimes & SessionSeats,
  others: readonly S[],
  labCapacity: number,
): S[] {
  const overlapping = others.filter((other) => overlaps(session, other));
  const need = (s: SessionSeats) => s.capacity + s.reserve;
  // The busiest instant lies at a start of one of the overlapping sessions (or of this one).
  const instants = [session.starts_at, ...overlapping.map((other) => other.starts_at)]
    .map(Date.parse)
    .filter((at) => at >= Date.parse(session.starts_at) && at < Date.parse(session.ends_at));
  for (const at of instants) {
    const present = overlapping.filter(
      (other) => Date.parse(other.starts_at) <= at && at < Date.parse(other.ends_at),
    );
    const seats = need(session) + present.reduce((sum, other) => sum + need(other), 0);
    if (seats > labCapacity) return present;
  }
  return [];
}

/**
 * When a session's reminder goes out for a participant in `timeZone`: `hoursBefore` hours before
 * the start on the participant's wall clock, so a reminder 24 hours before a 10:00 session comes at
 * 10:00 the day before even when the clocks change in between (the instant is then 23 or 25 hours
 * before). A wall time that a change skips maps to the instant just after the gap.
 */
export function reminderAt(startsAt: string, hoursBefore: number, timeZone: string): Date {
  const start = Date.parse(startsAt);
  const wall = start + offsetAt(start, timeZone) - hoursBefore * HOUR;
  let instant = wall - offsetAt(wall, timeZone);
  for (let step = 0; step < 2; step++) instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** A start time must be a full ISO 8601 instant with its offset (a bare local time is ambiguous). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function startIssues(startsAt: string | undefined, now: Date): Issue[] {
  if (startsAt === undefined) return [];
  if (!INSTANT.test(startsAt) || Number.isNaN(Date.parse(startsAt))) {
    return [
      {
        message:
          'starts_at: must be an ISO 8601 date and time with its offset, e.g. 2026-10-26T09:00:00Z',
      },
    ];
  }
  if (Date.parse(startsAt) <= now.getTime()) {
    return [{ message: 'starts_at: must be in the future' }];
  }
  return [];
}
