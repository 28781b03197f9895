import { findLab, type LabRow } from '../labs/index.ts';
import { queueMails } from '../mail/index.ts';
import { findParticipantsByIds } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { isLocale } from '../platform/i18n/locales.ts';
import { calendarSequence } from './calendar.ts';
import { enrollmentClosesAt } from './rules.ts';
import { type MailedSession, type SessionMailKind, sessionMail } from './session-mail.ts';
import type { SessionEnrollmentRow, StudySessionRow } from './sessions.table.ts';

/** Where a session takes place, as a calendar and a mail show it; null online. */
export const placeOf = (lab: Pick<LabRow, 'name' | 'address'> | undefined | null) =>
  lab ? `${lab.name}, ${lab.address}` : null;

export function mailedSession(
  session: StudySessionRow,
  title: string,
  lab: LabRow | undefined | null,
): MailedSession {
  return {
    id: session.id,
    title,
    starts_at: session.starts_at,
    ends_at: session.ends_at,
    status: session.status,
    location: placeOf(lab),
    sequence: calendarSequence(session),
    duration_minutes: Number(session.duration_minutes),
    enrollment_closes_at: enrollmentClosesAt({
      starts_at: session.starts_at,
      enrollment_closes_minutes_before: Number(session.enrollment_closes_minutes_before),
    }),
    lab_time_zone: lab?.time_zone ?? null,
  };
}

/**
 * Queues one mail of `kind` to each enrolled participant, in the caller's transaction, in their
 * language and time zone. People whose address no longer takes mail (an erased account) are
 * skipped rather than failing the change.
 */
export async function queueSessionMails(
  trx: Db,
  input: {
    kind: SessionMailKind;
    /** After a seat given back with the place kept: when the place goes back unless they enroll. */
    heldUntil?: string | null;
    session: StudySessionRow;
    title: string;
    enrollments: readonly Pick<SessionEnrollmentRow, 'participant_id' | 'submission_id'>[];
    publicUrl: string;
  },
): Promise<void> {
  if (input.enrollments.length === 0) return;
  const lab = input.session.lab_id
    ? await findLab(trx, input.session.organization_id, input.session.lab_id)
    : undefined;
  // A deleted lab is still where a past session was: read it whatever its state.
  const place =
    lab ??
    (input.session.lab_id
      ? await trx
          .selectFrom('labs')
          .selectAll()
          .where('id', '=', input.session.lab_id)
          .executeTakeFirst()
      : undefined);
  const session = mailedSession(input.session, input.title, place);
  const people = await findParticipantsByIds(
    trx,
    input.enrollments.map((enrollment) => enrollment.participant_id),
  );
  const mails = input.enrollments.flatMap((enrollment) => {
    const person = people.get(enrollment.participant_id);
    if (person?.status !== 'active' || person.mail_undeliverable_at) return [];
    return [
      sessionMail({
        kind: input.kind,
        reader: {
          name: person.name,
          email: person.email,
          language: isLocale(person.language) ? person.language : 'en',
          timezone: person.timezone,
        },
        session,
        heldUntil: input.heldUntil ?? null,
        submissionId: enrollment.submission_id,
        publicUrl: input.publicUrl,
      }),
    ];
  });
  await queueMails(trx, mails);
}
