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
    sequence: cancelled ? 1 : 0,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
}

/** One participant's session: a REQUEST when enrolled, a CANCEL when the place is gone. */
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
