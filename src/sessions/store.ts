import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { selectOwned, updateOwned } from '../platform/db/tenant.ts';
import { decodeCursor } from '../platform/http/pagination.ts';
import type {
  Attendance,
  SessionEnrollmentRow,
  StudySessionRow,
  StudySessionsTable,
} from './sessions.table.ts';

/** Queries of sessions and enrollments, no rules (docs/decisions/0178-lab-sessions.md). */

export async function insertSession(db: Db, row: StudySessionRow): Promise<void> {
  await db.insertInto('study_sessions').values(row).execute();
}

export function findSession(
  db: Db,
  organizationId: string,
  id: string,
): Promise<StudySessionRow | undefined> {
  return selectOwned(db, 'study_sessions', organizationId)
    .selectAll()
    .where('study_sessions.id', '=', id)
    .executeTakeFirst();
}

export function findSessionById(db: Db, id: string): Promise<StudySessionRow | undefined> {
  return db.selectFrom('study_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes the session's row lock on PostgreSQL (a no-op update) and answers the row as locked. */
export async function lockSession(
  trx: Db,
  organizationId: string,
  id: string,
): Promise<StudySessionRow | undefined> {
  const result = await updateOwned(trx, 'study_sessions', organizationId)
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return findSession(trx, organizationId, id);
}

/** An opportunity's sessions by start time (study_sessions_opportunity); the cursor is (start, id). */
export function listOpportunitySessions(
  db: Db,
  organizationId: string,
  opportunityId: string,
  page: { cursor?: string; limit: number },
): Promise<StudySessionRow[]> {
  let query = selectOwned(db, 'study_sessions', organizationId)
    .selectAll()
    .where('study_sessions.opportunity_id', '=', opportunityId);
  if (page.cursor) {
    const [startsAt, id] = decodeCursor(page.cursor, 2).map(String);
    query = query.where((eb) =>
      eb.or([
        eb('study_sessions.starts_at', '>', startsAt!),
        eb.and([eb('study_sessions.starts_at', '=', startsAt!), eb('study_sessions.id', '>', id!)]),
      ]),
    );
  }
  return query
    .orderBy('study_sessions.starts_at')
    .orderBy('study_sessions.id')
    .limit(page.limit + 1)
    .execute();
}

/** Sessions not cancelled in a lab that end after `from` and start before `to`, but `exceptId`. */
export function labSessionsBetween(
  db: Db,
  labId: string,
  window: { from: string; to: string; exceptId?: string },
): Promise<StudySessionRow[]> {
  let query = db
    .selectFrom('study_sessions')
    .selectAll()
    .where('lab_id', '=', labId)
    .where('status', '=', 'scheduled')
    .where('starts_at', '<', window.to)
    .where('ends_at', '>', window.from);
  if (window.exceptId) query = query.where('id', '<>', window.exceptId);
  return query.orderBy('starts_at').execute();
}

/** Seats (capacity and reserve) of an opportunity's sessions not cancelled, but `exceptId`. */
export async function seatsOfOpportunity(
  db: Db,
  opportunityId: string,
  exceptId?: string,
): Promise<{ sessions: number; seats: number }> {
  let query = db
    .selectFrom('study_sessions')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('sessions'),
      eb.fn.sum<number | string | null>(sql`capacity + reserve`).as('seats'),
    ])
    .where('opportunity_id', '=', opportunityId)
    .where('status', '=', 'scheduled');
  if (exceptId) query = query.where('id', '<>', exceptId);
  const row = await query.executeTakeFirstOrThrow();
  return { sessions: Number(row.sessions), seats: Number(row.seats ?? 0) };
}

export async function updateSessionRow(
  trx: Db,
  id: string,
  changes: Partial<
    Omit<StudySessionsTable, 'id' | 'organization_id' | 'opportunity_id' | 'enrolled'>
  >,
): Promise<void> {
  await trx.updateTable('study_sessions').set(changes).where('id', '=', id).execute();
}

/**
 * Takes one seat, the whole concurrency guarantee of enrolling: one UPDATE that adds to the counter
 * only while it is below capacity + reserve, the session is scheduled and enrollment has not
 * closed. On PostgreSQL a concurrent enrollment waits for this row's lock and then evaluates the
 * condition again on the committed count; SQLite runs one writer at a time. Answers the count
 * after the increment, or undefined when no seat was taken.
 */
export async function takeSeat(trx: Db, sessionId: string, now: Date): Promise<number | undefined> {
  const row = await trx
    .updateTable('study_sessions')
    .set({ enrolled: sql`enrolled + 1` })
    .where('id', '=', sessionId)
    .where('status', '=', 'scheduled')
    .where(sql<boolean>`enrolled < capacity + reserve`)
    .where(sql<boolean>`starts_at > ${new Date(now.getTime()).toISOString()}`)
    .returning('enrolled')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.enrolled);
}

export async function releaseSeat(trx: Db, sessionId: string): Promise<void> {
  await trx
    .updateTable('study_sessions')
    .set({ enrolled: sql`enrolled - 1` })
    .where('id', '=', sessionId)
    .where('enrolled', '>', 0)
    .execute();
}

export async function insertEnrollment(trx: Db, row: SessionEnrollmentRow): Promise<void> {
  await trx.insertInto('session_enrollments').values(row).execute();
}

export function liveEnrollmentOfSubmission(
  db: Db,
  submissionId: string,
): Promise<SessionEnrollmentRow | undefined> {
  return db
    .selectFrom('session_enrollments')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .where('status', '=', 'enrolled')
    .executeTakeFirst();
}

/** The enrollment a submission holds now, or else its latest one (attendance is kept on it). */
export function latestEnrollmentOfSubmission(
  db: Db,
  submissionId: string,
): Promise<SessionEnrollmentRow | undefined> {
  return db
    .selectFrom('session_enrollments')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy(sql`case when status = 'enrolled' then 0 else 1 end`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Marks a live enrollment cancelled; false when it was no longer live (a concurrent cancel). */
export async function cancelEnrollmentRow(trx: Db, id: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('session_enrollments')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'enrolled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A session's live enrollments, in the order they were made. */
export function liveEnrollmentsOf(db: Db, sessionId: string): Promise<SessionEnrollmentRow[]> {
  return db
    .selectFrom('session_enrollments')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('status', '=', 'enrolled')
    .orderBy('id')
    .execute();
}

/** Records attendance once: false when it was recorded meanwhile. */
export async function setAttendance(
  trx: Db,
  enrollmentId: string,
  attendance: Attendance,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('session_enrollments')
    .set({ attendance, attendance_at: now })
    .where('id', '=', enrollmentId)
    .where('attendance', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A row of a roster: the enrollment with who it is and where their submission stands. */
export interface RosterRow extends SessionEnrollmentRow {
  participant_name: string;
  participant_email: string;
  submission_status: string;
}

export function rosterRows(db: Db, sessionId: string): Promise<RosterRow[]> {
  return db
    .selectFrom('session_enrollments as e')
    .innerJoin('participants as p', 'p.id', 'e.participant_id')
    .innerJoin('submissions as s', 's.id', 'e.submission_id')
    .selectAll('e')
    .select([
      'p.name as participant_name',
      'p.email as participant_email',
      's.status as submission_status',
    ])
    .where('e.session_id', '=', sessionId)
    .where('e.status', '=', 'enrolled')
    .orderBy('p.name')
    .orderBy('e.id')
    .execute();
}

/** Sessions of a lab (or of every lab, labId null: online ones too) between two instants, with their study's title. */
export function organizationSessionsBetween(
  db: Db,
  organizationId: string,
  window: { labId?: string; from: string; to: string },
) {
  let query = selectOwned(db, 'study_sessions', organizationId)
    .innerJoin('opportunities as o', 'o.id', 'study_sessions.opportunity_id')
    .selectAll('study_sessions')
    .select(['o.title as opportunity_title'])
    .where('study_sessions.starts_at', '<', window.to)
    .where('study_sessions.ends_at', '>', window.from);
  if (window.labId) query = query.where('study_sessions.lab_id', '=', window.labId);
  return query.orderBy('study_sessions.starts_at').orderBy('study_sessions.id').execute();
}

/** Every session of a lab (its calendar), newest start last; at most `limit`. */
export function labCalendarSessions(db: Db, labId: string, limit: number) {
  return db
    .selectFrom('study_sessions')
    .innerJoin('opportunities as o', 'o.id', 'study_sessions.opportunity_id')
    .selectAll('study_sessions')
    .select(['o.title as opportunity_title'])
    .where('study_sessions.lab_id', '=', labId)
    .orderBy('study_sessions.starts_at', 'desc')
    .limit(limit)
    .execute();
}

/** An opportunity's sessions a participant may still enroll in: scheduled, open, with a seat. */
export function openSessionsOf(db: Db, opportunityId: string, now: Date) {
  return db
    .selectFrom('study_sessions')
    .selectAll()
    .where('opportunity_id', '=', opportunityId)
    .where('status', '=', 'scheduled')
    .where('starts_at', '>', now.toISOString())
    .where(sql<boolean>`enrolled < capacity + reserve`)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(200)
    .execute();
}

/**
 * Holds the submission's place past the session: its time limit (docs/decisions/0084-time-limits.md)
 * runs from when the place was taken, and a session days later must not find it timed out
 * (docs/decisions/0178-lab-sessions.md). Only ever moves the deadline later.
 */
export async function holdPlaceUntil(trx: Db, submissionId: string, until: string): Promise<void> {
  await trx
    .updateTable('submissions')
    .set({ deadline_at: until })
    .where('id', '=', submissionId)
    .where('deadline_at', 'is not', null)
    .where('deadline_at', '<', until)
    .execute();
}

/**
 * Sets when these submissions' places time out, those still holding one (screen_passed,
 * in_progress): null for none (docs/decisions/0185-enrolling-to-hold-a-place.md).
 */
export async function setPlaceDeadlines(
  trx: Db,
  submissionIds: readonly string[],
  deadline: string | null,
): Promise<void> {
  if (submissionIds.length === 0) return;
  await trx
    .updateTable('submissions')
    .set({ deadline_at: deadline })
    .where('id', 'in', submissionIds)
    .where('status', 'in', ['screen_passed', 'in_progress'])
    .execute();
}

/**
 * Gives back the seats of enrollments whose submission no longer holds a place (returned, timed
 * out, withdrawn by a stop) and whose attendance was not recorded: the submissions feature does not
 * know of sessions, so a full session looks for these before it refuses someone
 * (docs/decisions/0178-lab-sessions.md). Answers how many seats came back.
 */
export async function releaseSeatsOfClosedSubmissions(
  trx: Db,
  sessionId: string,
  now: string,
): Promise<number> {
  const stale = await trx
    .selectFrom('session_enrollments as e')
    .innerJoin('submissions as s', 's.id', 'e.submission_id')
    .select('e.id')
    .where('e.session_id', '=', sessionId)
    .where('e.status', '=', 'enrolled')
    .where('e.attendance', 'is', null)
    .where('s.status', 'not in', ['screen_passed', 'in_progress', 'awaiting_review', 'approved'])
    .execute();
  let released = 0;
  for (const { id } of stale) {
    if (await cancelEnrollmentRow(trx, id, now)) {
      await releaseSeat(trx, sessionId);
      released += 1;
    }
  }
  return released;
}
