import { offsetAt } from '../platform/time/time-zone.ts';
import { enrollmentClosesAt, seatsLeft } from './rules.ts';
import type { ParticipantSessionResponse, SessionResponse } from './schemas.ts';
import type { StudySessionRow } from './sessions.table.ts';

export interface LabPlace {
  name: string;
  address: string;
  time_zone: string;
}

const numbers = (row: StudySessionRow) => ({
  capacity: Number(row.capacity),
  reserve: Number(row.reserve),
  enrolled: Number(row.enrolled),
});

export function sessionView(row: StudySessionRow): SessionResponse {
  const counts = numbers(row);
  return {
    id: row.id,
    opportunity_id: row.opportunity_id,
    lab_id: row.lab_id,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    duration_minutes: Number(row.duration_minutes),
    ...counts,
    seats_left: row.status === 'cancelled' ? 0 : seatsLeft(counts),
    enrollment_closes_minutes_before: Number(row.enrollment_closes_minutes_before),
    enrollment_closes_at: enrollmentClosesAt({
      starts_at: row.starts_at,
      enrollment_closes_minutes_before: Number(row.enrollment_closes_minutes_before),
    }),
    reminder_hours_before: Number(row.reminder_hours_before),
    status: row.status,
    cancelled_at: row.cancelled_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An instant on a zone's wall clock, as `YYYY-MM-DDTHH:MM`. */
export function wallClock(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  return new Date(at + offsetAt(at, timeZone)).toISOString().slice(0, 16);
}

/** A session as a participant picks it: in the lab's time and in theirs. */
export function participantSessionView(
  row: StudySessionRow,
  lab: LabPlace | null,
  participantTimeZone: string,
): ParticipantSessionResponse {
  return {
    id: row.id,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    duration_minutes: Number(row.duration_minutes),
    seats_left: row.status === 'cancelled' ? 0 : seatsLeft(numbers(row)),
    enrollment_closes_at: enrollmentClosesAt({
      starts_at: row.starts_at,
      enrollment_closes_minutes_before: Number(row.enrollment_closes_minutes_before),
    }),
    online: row.lab_id === null,
    lab: lab && { name: lab.name, address: lab.address, time_zone: lab.time_zone },
    starts_at_lab_time: lab && wallClock(row.starts_at, lab.time_zone),
    starts_at_your_time: wallClock(row.starts_at, participantTimeZone),
    your_time_zone: participantTimeZone,
  };
}
