import type { OutgoingMail } from '../mail/index.ts';
import { formatDateTime } from '../platform/i18n/format.ts';
import type { Locale } from '../platform/i18n/locales.ts';
import { type CalendarSession, sessionInvite } from './calendar.ts';
import { sessionMailTexts } from './mail-locales/index.ts';

/**
 * The mails of a participant's session, in their language and time zone
 * (docs/decisions/0178-lab-sessions.md): the confirmation, a move and the cancellations carry the
 * session's iCalendar file (docs/decisions/0177-icalendar-files.md), the reminder does not.
 */

export interface SessionReader {
  name: string;
  email: string;
  language: Locale;
  timezone: string;
}

export interface MailedSession extends CalendarSession {
  duration_minutes: number;
  enrollment_closes_at: string;
  /** The lab's, or the participant's for an online session. */
  lab_time_zone: string | null;
}

/**
 * `change`: the researchers moved the session (a new time, length or place); `closed`: the study
 * closed and took the place with it.
 */
export type SessionMailKind =
  | 'confirmation'
  | 'change'
  | 'reminder'
  | 'cancellation'
  | 'withdrawal'
  | 'closed';

const CALENDAR_FILE = 'session.ics';

export function sessionMail(input: {
  kind: SessionMailKind;
  reader: SessionReader;
  session: MailedSession;
  /** After a seat given back with the place kept: when the place goes back unless they enroll. */
  heldUntil?: string | null;
  submissionId: string;
  publicUrl: string;
}): OutgoingMail {
  const { reader, session, kind } = input;
  const say = sessionMailTexts.say(reader.language);
  const zone = reader.timezone;
  const when = formatDateTime(reader.language, session.starts_at, zone);
  const values = {
    name: reader.name,
    title: session.title,
    when,
    zone,
    minutes: session.duration_minutes,
    place: session.location ?? say('online'),
    deadline: formatDateTime(reader.language, session.enrollment_closes_at, zone),
    // "none" when no clock runs: the catalogs' select then says the place is simply kept.
    heldUntil: input.heldUntil ? formatDateTime(reader.language, input.heldUntil, zone) : 'none',
    link: `${input.publicUrl}/participate/submissions/${input.submissionId}`,
  };
  const host = new URL(input.publicUrl).host;
  const invites = kind === 'confirmation' || kind === 'change';
  const calendar =
    kind === 'reminder'
      ? undefined
      : sessionInvite(session, host, invites ? 'confirmation' : 'cancellation');
  const method = invites ? 'REQUEST' : 'CANCEL';
  return {
    to: reader.email,
    kind: 'session',
    language: reader.language,
    subject: say(`${kind}Subject`, values),
    text: say(`${kind}Body`, values),
    ...(calendar && {
      attachments: [
        {
          filename: CALENDAR_FILE,
          content_type: `text/calendar; charset=utf-8; method=${method}`,
          content: calendar,
        },
      ],
    }),
  };
}

/** After a no-show: a warning below the limit, the reason at it. */
export function noShowMail(input: {
  reader: Pick<SessionReader, 'name' | 'email' | 'language'>;
  title: string;
  count: number;
  limit: number;
}): OutgoingMail {
  const { reader } = input;
  const say = sessionMailTexts.say(reader.language);
  const atLimit = input.count >= input.limit;
  const values = { name: reader.name, title: input.title, count: input.count, limit: input.limit };
  return {
    to: reader.email,
    kind: 'no_show',
    language: reader.language,
    subject: say(atLimit ? 'noShowLimitSubject' : 'noShowWarningSubject', values),
    text: say(atLimit ? 'noShowLimitBody' : 'noShowWarningBody', values),
  };
}
