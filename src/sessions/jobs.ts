import { Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

/**
 * The job kinds of lab sessions, apart from their handlers (reminder.job.ts,
 * no-show-recount.job.ts): enrolling enqueues the reminder, and the handlers use what enrolls.
 */

/**
 * One participant's reminder of one session, due `reminder_hours_before` the start on their wall
 * clock (rules.ts reminderAt). It carries the start it was made for: a session moved since makes
 * a new one, and this one then sends nothing.
 */
export const sessionReminder = declareJob({
  kind: 'sessions.reminder',
  payload: Type.Object(
    {
      enrollment_id: Type.String({ minLength: 1 }),
      starts_at: Type.String({ minLength: 1 }),
    },
    { additionalProperties: false },
  ),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
});

export const reminderJobKey = (enrollmentId: string, startsAt: string) =>
  `session-reminder:${enrollmentId}:${startsAt}`;

/**
 * Recurring: makes again the no-show counts whose oldest no-show has just left the twelve months
 * (docs/decisions/0179-no-shows.md).
 */
export const noShowRecount = declareJob({
  kind: 'sessions.no_show_recount',
  payload: Type.Object({}, { additionalProperties: false }),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  recurring: { payload: {} },
});

/**
 * After a study closed (stopped or expired): the seats of the enrollments whose places the closing
 * withdrew are given back and their holders told, with the calendar's cancellation
 * (docs/decisions/0185-enrolling-to-hold-a-place.md). A job, not the closing's transaction: the
 * mails need the server's public address, which the domain event does not carry.
 */
export const studyClosedSeats = declareJob({
  kind: 'sessions.study_closed',
  payload: Type.Object(
    {
      opportunity_id: Type.String({ minLength: 1 }),
      at: Type.String({ minLength: 1 }),
    },
    { additionalProperties: false },
  ),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
});
