import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';
import { ATTENDANCE_STATUSES } from './sessions.table.ts';

export const SessionParams = Type.Object({ sessionId: Type.String() });
export const OpportunitySessionParams = Type.Object({ opportunityId: Type.String() });
export const SubmissionParams = Type.Object({ submissionId: Type.String() });
export const LabCalendarParams = Type.Object({ labId: Type.String() });
export const CalendarTokenParams = Type.Object({ token: Type.String() });

const sessionFields = {
  lab_id: Type.Union([Type.String({ minLength: 1 }), Type.Null()], {
    description: 'The lab it takes place in; leave out (or null) for an online session',
  }),
  starts_at: Type.String({
    minLength: 1,
    description: 'ISO 8601 instant with its offset',
    examples: ['2026-10-26T09:00:00Z'],
  }),
  duration_minutes: Type.Integer({ minimum: 1, maximum: 1440 }),
  capacity: Type.Integer({ minimum: 1, maximum: 10_000 }),
  reserve: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    description: 'Seats on top of capacity, for people who may be sent home with the show-up fee',
  }),
  enrollment_closes_minutes_before: Type.Integer({ minimum: 0, maximum: 43_200 }),
  reminder_hours_before: Type.Integer({ minimum: 1, maximum: 336 }),
};

export const CreateSessionBody = Type.Object(
  {
    lab_id: Type.Optional(sessionFields.lab_id),
    starts_at: sessionFields.starts_at,
    duration_minutes: sessionFields.duration_minutes,
    capacity: sessionFields.capacity,
    reserve: Type.Optional({ ...sessionFields.reserve, default: 0 }),
    enrollment_closes_minutes_before: Type.Optional({
      ...sessionFields.enrollment_closes_minutes_before,
      default: 120,
    }),
    reminder_hours_before: Type.Optional({ ...sessionFields.reminder_hours_before, default: 24 }),
  },
  { additionalProperties: false },
);
export type CreateSessionInput = Static<typeof CreateSessionBody>;

export const PatchSessionBody = Type.Partial(Type.Object(sessionFields), {
  additionalProperties: false,
});
export type SessionPatch = Static<typeof PatchSessionBody>;

export const Session = Type.Object({
  id: Type.String({ examples: ['ses_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  opportunity_id: Type.String(),
  lab_id: Type.Union([Type.String(), Type.Null()]),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  duration_minutes: Type.Integer(),
  capacity: Type.Integer(),
  reserve: Type.Integer(),
  enrolled: Type.Integer({ description: 'Participants enrolled now, reserves included' }),
  seats_left: Type.Integer({ description: 'Seats still free, reserve seats included' }),
  enrollment_closes_minutes_before: Type.Integer(),
  enrollment_closes_at: Type.String({ format: 'date-time' }),
  reminder_hours_before: Type.Integer(),
  status: Type.Union([Type.Literal('scheduled'), Type.Literal('cancelled')]),
  cancelled_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type SessionResponse = Static<typeof Session>;

export const SessionList = Type.Object({ data: Type.Array(Session), pagination: Pagination });

export const CancelledSession = Type.Object({
  id: Type.String(),
  status: Type.Literal('cancelled'),
  cancelled_enrollments: Type.Integer({ description: 'Participants told, whose seats went back' }),
});

export const AttendanceStatus = Type.Enum(ATTENDANCE_STATUSES);

export const AttendanceBody = Type.Object(
  {
    entries: Type.Array(
      Type.Object(
        { submission_id: Type.String({ minLength: 1 }), status: AttendanceStatus },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1_000 },
    ),
  },
  { additionalProperties: false },
);
export type AttendanceInput = Static<typeof AttendanceBody>;

export const AttendanceResult = Type.Object({
  session_id: Type.String(),
  entries: Type.Array(
    Type.Object({
      submission_id: Type.String(),
      status: AttendanceStatus,
      submission_status: Type.String(),
      show_up_fee_cents: Type.Integer({
        description: 'Paid by this entry (0 but for showed_up_not_needed)',
      }),
    }),
  ),
});

export const ParticipantSession = Type.Object({
  id: Type.String(),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  duration_minutes: Type.Integer(),
  seats_left: Type.Integer(),
  enrollment_closes_at: Type.String({ format: 'date-time' }),
  online: Type.Boolean(),
  lab: Type.Union([
    Type.Object({
      name: Type.String(),
      address: Type.String(),
      time_zone: Type.String(),
    }),
    Type.Null(),
  ]),
  starts_at_lab_time: Type.Union([Type.String(), Type.Null()], {
    description: 'The start on the lab’s wall clock (YYYY-MM-DDTHH:MM), null online',
  }),
  starts_at_your_time: Type.String({
    description: 'The start on your wall clock, in your profile’s time zone (YYYY-MM-DDTHH:MM)',
  }),
  your_time_zone: Type.String(),
});
export type ParticipantSessionResponse = Static<typeof ParticipantSession>;

export const ParticipantSessionList = Type.Object({ data: Type.Array(ParticipantSession) });

export const EnrollBody = Type.Object(
  { session_id: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);

export const Enrollment = Type.Object({
  id: Type.String(),
  submission_id: Type.String(),
  status: Type.Union([Type.Literal('enrolled'), Type.Literal('cancelled')]),
  reserve: Type.Boolean({ description: 'Whether the seat is a reserve seat' }),
  attendance: Type.Union([AttendanceStatus, Type.Null()]),
  cancellable_until: Type.String({ format: 'date-time' }),
  calendar_url: Type.String({ description: 'The session as an iCalendar file (Add to calendar)' }),
  session: ParticipantSession,
});
export type EnrollmentResponse = Static<typeof Enrollment>;

export const CancelledEnrollment = Type.Object({
  submission_id: Type.String(),
  session_id: Type.String(),
  status: Type.Literal('cancelled'),
});

export const ListQuery = PageQuery;
