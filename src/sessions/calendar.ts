import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * iCalendar files of lab sessions, written by ical-generator (docs/decisions/0177-icalendar-files.md).
 * Times are UTC instants, which every calendar app shows in its reader's zone, so no VTIMEZONE is
 * needed. The UID is the session's, the same in the confirmation, the cancellation and the lab's
 * feed, so a calendar app updates the one event rather than adding another.
 */

export interface CalendarSession {
  id: string;
  title: string;
  starts_at: string;
  ends_at: string;
  status: 'scheduled' | 'cancelled';
  /** The lab's name and address; null online. */
  location: string | null;
  description?: string;
  /** The session's revision, `calendarSequence`: each change of time or place raises it. */
  sequence: number;
}

/**
 * An event's SEQUENCE (RFC 5545, 3.8.7.4): an update must carry a higher one than the invitation
 * it replaces, or a calendar app keeps the old time. Seconds from the session's creation to its
 * last change rise with every change and need no column of their own.
 */
export function calendarSequence(session: { created_at: string; updated_at: string }): number {
  return Math.max(
    0,
    Math.floor((Date.parse(session.updated_at) - Date.parse(session.created_at)) / 1000),
  );
}

const PRODUCT = { company: 'Cohort', product: 'Lab sessions', language: 'EN' };

export const sessionUid = (sessionId: string, host: string) => `${sessionId}@${host}`;

function addEvent(
  calendar: ReturnType<typeof ical>,
  session: CalendarSession,
  host: string,
  cancelled: boolean,
) {
  calendar.createEvent({
    id: sessionUid(session.id, host),
    start: new Date(session.starts_at),
    end: new Date(session.ends_at),
    summary: session.title,
    location: session.location,
    description: session.description ?? null,
    // A cancellation must carry a higher sequence than the invitation it cancels (RFC 5546, 2.1.4).
    sequence: session.sequence + (cancelled ? 1 : 0),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/**
 * One participant's session: a REQUEST when enrolled (and again, with a higher sequence, when the
 * session moves), a CANCEL when the place is gone.
 */
export function sessionInvite(
  session: CalendarSession,
  host: string,
  kind: 'confirmation' | 'cancellation',
): string {
  const cancelled = kind === 'cancellation';
  const calendar = ical({
    prodId: PRODUCT,
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  addEvent(calendar, session, host, cancelled);
  return calendar.toString();
}

/** Every session of a lab, for a calendar app's subscription (PUBLISH). */
export function labCalendar(
  lab: { name: string },
  sessions: readonly CalendarSession[],
  host: string,
): string {
  const calendar = ical({ prodId: PRODUCT, name: lab.name, method: ICalCalendarMethod.PUBLISH });
  for (const session of sessions) addEvent(calendar, session, host, session.status === 'cancelled');
  return calendar.toString();
}
