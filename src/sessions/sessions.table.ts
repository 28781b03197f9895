import type { Generated, Selectable } from 'kysely';

/** `scheduled` until DELETE /v2/sessions/{id} cancels it. */
export type SessionStatus = 'scheduled' | 'cancelled';

/** One sitting of a scheduled opportunity, in a lab or online (docs/decisions/0178-lab-sessions.md). */
export interface StudySessionsTable {
  id: string;
  organization_id: string;
  opportunity_id: string;
  /** Null for an online session. */
  lab_id: string | null;
  starts_at: string;
  /** starts_at + duration_minutes, kept for the overlap checks and the calendars. */
  ends_at: string;
  duration_minutes: number;
  capacity: number;
  /** Seats beyond capacity for people who may be sent home with the show-up fee. */
  reserve: number;
  enrollment_closes_minutes_before: number;
  reminder_hours_before: number;
  /** Live enrollments: taken by a conditional UPDATE (enroll.ts), never past capacity + reserve. */
  enrolled: Generated<number>;
  status: SessionStatus;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
}

export type EnrollmentStatus = 'enrolled' | 'cancelled';

export const ATTENDANCE_STATUSES = [
  'participated',
  'showed_up_not_needed',
  'no_show',
  'excused',
] as const;
export type Attendance = (typeof ATTENDANCE_STATUSES)[number];

/** A submission's seat in a session; at most one `enrolled` per submission (a partial index). */
export interface SessionEnrollmentsTable {
  id: string;
  session_id: string;
  submission_id: string;
  participant_id: string;
  organization_id: string;
  opportunity_id: string;
  /** 1 when the seat taken was a reserve seat. */
  reserve: Generated<number>;
  status: EnrollmentStatus;
  attendance: Attendance | null;
  attendance_at: string | null;
  created_at: string;
  cancelled_at: string | null;
}

export type StudySessionRow = Selectable<StudySessionsTable>;
export type SessionEnrollmentRow = Selectable<SessionEnrollmentsTable>;
