import { findLab, type LabRow, ownLab } from '../labs/index.ts';
import {
  findOpportunity,
  findOpportunityForParticipant,
  isLaunched,
  type OpportunityStatus,
} from '../opportunities/index.ts';
import type { ParticipantRow } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { type Page, toPage } from '../platform/http/pagination.ts';
import { addDays, parseCalendarDate } from '../platform/time/calendar-date.ts';
import { localDayOpensAt } from '../platform/time/time-zone.ts';
import { findParticipantSubmission } from '../submissions/index.ts';
import { type CalendarSession, calendarSequence, labCalendar, sessionInvite } from './calendar.ts';
import { placeOf } from './mailing.ts';
import { enrollmentClosesAt } from './rules.ts';
import { ownSession } from './schedule.ts';
import type { EnrollmentResponse, ParticipantSessionResponse, SessionResponse } from './schemas.ts';
import type { Attendance, StudySessionRow } from './sessions.table.ts';
import {
  findSessionById,
  labCalendarSessions,
  latestEnrollmentOfSubmission,
  listOpportunitySessions,
  openSessionsOf,
  organizationSessionsBetween,
  rosterRows,
} from './store.ts';
import { type LabPlace, participantSessionView, sessionView, wallClock } from './view.ts';

/**
 * What the API, the dashboard and the participant app read of sessions
 * (docs/decisions/0178-lab-sessions.md): every page calls these, as the routes do.
 */

async function ownOpportunity(db: Db, organizationId: string, opportunityId: string) {
  const opportunity = await findOpportunity(db, organizationId, opportunityId);
  if (!opportunity) throw new NotFoundError('Opportunity', opportunityId);
  return opportunity;
}

/** GET /v2/opportunities/{id}/sessions: by start time, keyset-paginated. */
export async function listSessions(
  db: Db,
  input: { organizationId: string; opportunityId: string; cursor?: string; limit: number },
): Promise<Page<SessionResponse>> {
  await ownOpportunity(db, input.organizationId, input.opportunityId);
  const rows = await listOpportunitySessions(db, input.organizationId, input.opportunityId, input);
  return toPage(rows, input.limit, (row) => [row.starts_at, row.id], sessionView);
}

/** A lab by id whatever its state (a past session's deleted lab still has an address). */
async function anyLab(db: Db, labId: string | null): Promise<LabRow | undefined> {
  if (!labId) return undefined;
  return db.selectFrom('labs').selectAll().where('id', '=', labId).executeTakeFirst();
}

async function labsOf(db: Db, rows: readonly StudySessionRow[]): Promise<Map<string, LabRow>> {
  const ids = [...new Set(rows.flatMap((row) => (row.lab_id ? [row.lab_id] : [])))];
  if (ids.length === 0) return new Map();
  const labs = await db.selectFrom('labs').selectAll().where('id', 'in', ids).execute();
  return new Map(labs.map((lab) => [lab.id, lab]));
}

const place = (lab: LabRow | undefined): LabPlace | null =>
  lab ? { name: lab.name, address: lab.address, time_zone: lab.time_zone } : null;

/**
 * GET /v2/participant/opportunities/{id}/sessions: the future sessions still open with a seat
 * left, in the lab's time and the participant's. The study must be launched, or be one they
 * applied to; otherwise it is not found, as in discovery.
 */
export async function sessionsToPick(
  db: Db,
  input: { participant: ParticipantRow; opportunityId: string; now: Date },
): Promise<ParticipantSessionResponse[]> {
  const opportunity = await findOpportunityForParticipant(db, input.opportunityId);
  if (!opportunity || !isLaunched(opportunity.status as OpportunityStatus)) {
    throw new NotFoundError('Opportunity', input.opportunityId);
  }
  const rows = (await openSessionsOf(db, opportunity.id, input.now)).filter(
    (row) =>
      Date.parse(
        enrollmentClosesAt({
          starts_at: row.starts_at,
          enrollment_closes_minutes_before: Number(row.enrollment_closes_minutes_before),
        }),
      ) > input.now.getTime(),
  );
  const labs = await labsOf(db, rows);
  return rows.map((row) =>
    participantSessionView(row, place(labs.get(row.lab_id ?? '')), input.participant.timezone),
  );
}

/** Where a participant's enrolled session's calendar file is served. */
export const enrollmentCalendarUrl = (publicUrl: string, submissionId: string) =>
  `${publicUrl}/v2/participant/submissions/${submissionId}/enrollment/calendar.ics`;

/**
 * The session a participant's submission is enrolled in ("My work": its address, time and "Add to
 * calendar"), or its latest enrollment once cancelled or attended; undefined if it never enrolled.
 */
export async function enrolledSessionOf(
  db: Db,
  input: { participant: ParticipantRow; submissionId: string; publicUrl: string },
): Promise<EnrollmentResponse | undefined> {
  const submission = await findParticipantSubmission(db, input.participant.id, input.submissionId);
  if (!submission) throw new NotFoundError('Submission', input.submissionId);
  const enrollment = await latestEnrollmentOfSubmission(db, submission.id);
  if (!enrollment) return undefined;
  const session = (await findSessionById(db, enrollment.session_id))!;
  const lab = await anyLab(db, session.lab_id);
  const view = participantSessionView(session, place(lab), input.participant.timezone);
  return {
    id: enrollment.id,
    submission_id: submission.id,
    status: enrollment.status,
    reserve: Number(enrollment.reserve) === 1,
    attendance: enrollment.attendance,
    cancellable_until: view.enrollment_closes_at,
    calendar_url: enrollmentCalendarUrl(input.publicUrl, submission.id),
    session: view,
  };
}

/** Where and when a submission's live enrollment takes its participant, for a list of their work. */
export interface EnrolledSessionSummary {
  starts_at: string;
  lab: { name: string; address: string } | null;
}

/**
 * The live enrollments of some of one participant's submissions, by submission, in one query: the
 * sessions their "My work" list shows (a session cancelled since is left out).
 */
export async function enrolledSessionsOf(
  db: Db,
  participantId: string,
  submissionIds: readonly string[],
): Promise<Map<string, EnrolledSessionSummary>> {
  if (submissionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('session_enrollments')
    .innerJoin('study_sessions', 'study_sessions.id', 'session_enrollments.session_id')
    .leftJoin('labs', 'labs.id', 'study_sessions.lab_id')
    .select([
      'session_enrollments.submission_id',
      'study_sessions.starts_at',
      'labs.name',
      'labs.address',
    ])
    .where('session_enrollments.participant_id', '=', participantId)
    .where('session_enrollments.submission_id', 'in', [...submissionIds])
    .where('session_enrollments.status', '=', 'enrolled')
    .where('study_sessions.status', '!=', 'cancelled')
    .execute();
  return new Map(
    rows.map((row) => [
      row.submission_id,
      {
        starts_at: row.starts_at,
        lab:
          row.name !== null && row.address !== null
            ? { name: row.name, address: row.address }
            : null,
      },
    ]),
  );
}

async function calendarSession(
  db: Db,
  session: StudySessionRow,
  title?: string,
): Promise<CalendarSession> {
  const lab = await anyLab(db, session.lab_id);
  const opportunityTitle =
    title ??
    (await findOpportunity(db, session.organization_id, session.opportunity_id))?.title ??
    '';
  return {
    id: session.id,
    title: opportunityTitle,
    starts_at: session.starts_at,
    ends_at: session.ends_at,
    status: session.status,
    location: placeOf(lab),
    sequence: calendarSequence(session),
  };
}

/**
 * The participant's session as an iCalendar file (the "Add to calendar" link): the same UID as
 * the mails, cancelled once the enrollment or the session is.
 */
export async function enrollmentCalendar(
  db: Db,
  input: { participantId: string; submissionId: string; publicUrl: string },
): Promise<string> {
  const submission = await findParticipantSubmission(db, input.participantId, input.submissionId);
  if (!submission) throw new NotFoundError('Submission', input.submissionId);
  const enrollment = await latestEnrollmentOfSubmission(db, submission.id);
  if (!enrollment) throw new NotFoundError('Enrollment', input.submissionId);
  const session = (await findSessionById(db, enrollment.session_id))!;
  const cancelled = enrollment.status === 'cancelled' || session.status === 'cancelled';
  return sessionInvite(
    await calendarSession(db, session),
    new URL(input.publicUrl).host,
    cancelled ? 'cancellation' : 'confirmation',
  );
}

export interface RosterEntry {
  enrollment_id: string;
  submission_id: string;
  participant_id: string;
  name: string;
  email: string;
  reserve: boolean;
  attendance: Attendance | null;
  submission_status: string;
}

/** A session's roster (the dashboard's attendance page): who is enrolled, by name. */
export async function sessionRoster(
  db: Db,
  input: { organizationId: string; sessionId: string },
): Promise<{
  session: SessionResponse;
  opportunityTitle: string;
  lab: LabPlace | null;
  entries: RosterEntry[];
}> {
  const session = await ownSession(db, input.organizationId, input.sessionId);
  const [opportunity, lab, rows] = await Promise.all([
    findOpportunity(db, input.organizationId, session.opportunity_id),
    anyLab(db, session.lab_id),
    rosterRows(db, session.id),
  ]);
  return {
    session: sessionView(session),
    opportunityTitle: opportunity?.title ?? '',
    lab: place(lab),
    entries: rows.map((row) => ({
      enrollment_id: row.id,
      submission_id: row.submission_id,
      participant_id: row.participant_id,
      name: row.participant_name,
      email: row.participant_email,
      reserve: Number(row.reserve) === 1,
      attendance: row.attendance,
      submission_status: row.submission_status,
    })),
  };
}

export interface WeekSession extends SessionResponse {
  opportunity_title: string;
  /** The start and end on the lab's wall clock (YYYY-MM-DDTHH:MM). */
  local_start: string;
  local_end: string;
}

/**
 * A lab's week (the dashboard's week calendar): every study's sessions, cancelled ones included,
 * grouped by the lab's local day, from `weekStart` (a date, YYYY-MM-DD, in the lab's zone) for
 * seven days.
 */
export async function listLabSessionsForWeek(
  db: Db,
  input: { organizationId: string; labId: string; weekStart: string },
): Promise<{ lab: LabRow; days: { date: string; sessions: WeekSession[] }[] }> {
  if (!parseCalendarDate(input.weekStart)) {
    throw new ValidationError('The request is invalid', [
      { message: 'week: must be a date, YYYY-MM-DD' },
    ]);
  }
  const lab = await ownLab(db, input.organizationId, input.labId);
  const dates = Array.from({ length: 7 }, (_, day) => addDays(input.weekStart, day));
  const opens = dates.map((date) => localDayOpensAt(date, lab.time_zone));
  const end = localDayOpensAt(addDays(input.weekStart, 7), lab.time_zone);
  const rows = await organizationSessionsBetween(db, input.organizationId, {
    labId: lab.id,
    from: new Date(opens[0]!).toISOString(),
    to: new Date(end).toISOString(),
  });
  const days = dates.map((date) => ({ date, sessions: [] as WeekSession[] }));
  for (const row of rows) {
    const at = Date.parse(row.starts_at);
    let index = opens.findLastIndex((open) => open <= at);
    if (index < 0) index = 0;
    days[index]!.sessions.push({
      ...sessionView(row),
      opportunity_title: row.opportunity_title,
      local_start: wallClock(row.starts_at, lab.time_zone),
      local_end: wallClock(row.ends_at, lab.time_zone),
    });
  }
  return { lab, days };
}

/** How many sessions a lab's calendar file holds at most: the latest by start. */
const CALENDAR_SESSIONS = 1_000;

/** Every session of a lab as one iCalendar file, for a calendar app. */
export async function labCalendarFile(db: Db, lab: LabRow, publicUrl: string): Promise<string> {
  const rows = await labCalendarSessions(db, lab.id, CALENDAR_SESSIONS);
  const location = placeOf(lab);
  return labCalendar(
    lab,
    rows.map((row) => ({
      id: row.id,
      title: row.opportunity_title,
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      status: row.status,
      location,
      sequence: calendarSequence(row),
    })),
    new URL(publicUrl).host,
  );
}

/** GET /v2/labs/{id}/calendar.ics with an API key. */
export async function ownLabCalendar(
  db: Db,
  input: { organizationId: string; labId: string; publicUrl: string },
): Promise<string> {
  const lab = await findLab(db, input.organizationId, input.labId);
  if (!lab) throw new NotFoundError('Lab', input.labId);
  return labCalendarFile(db, lab, input.publicUrl);
}
