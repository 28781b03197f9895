/**
 * What other features may use of lab sessions (docs/decisions/0178-lab-sessions.md): the use cases
 * the dashboard's and the participant app's pages call, as the routes do.
 */
export { type AttendanceOutcome, recordAttendance } from './attendance.ts';
export { cancelEnrollment, enroll } from './enroll.ts';
export { EnrollmentRefusal, type EnrollmentRefusalReason } from './enrollment-refusal.ts';
export type { AttendanceRecordedEvent, SessionCancelledEvent, SessionEvent } from './events.ts';
export { noShowRecountJob } from './no-show-recount.job.ts';
export { participantSessionRoutes } from './participant-routes.ts';
export {
  type EnrolledSessionSummary,
  enrolledSessionOf,
  enrolledSessionsOf,
  enrollmentCalendar,
  enrollmentCalendarUrl,
  labCalendarFile,
  listLabSessionsForWeek,
  listSessions,
  ownLabCalendar,
  type RosterEntry,
  sessionRoster,
  sessionsToPick,
  type WeekSession,
} from './reads.ts';
export { sessionReminderJob } from './reminder.job.ts';
export { sessionRoutes } from './routes.ts';
export { cancelSession, createSession, editSession, ownSession } from './schedule.ts';
export {
  AttendanceBody,
  CreateSessionBody,
  type CreateSessionInput,
  type EnrollmentResponse,
  type ParticipantSessionResponse,
  PatchSessionBody,
  type SessionPatch,
  type SessionResponse,
} from './schemas.ts';
export { ATTENDANCE_STATUSES, type Attendance, type StudySessionRow } from './sessions.table.ts';
export { releaseSeatsOfClosingStudy, studyClosedSeatsJob } from './study-closed.job.ts';
