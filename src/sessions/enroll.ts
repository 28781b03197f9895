import { findOpportunity } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError } from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { cancelJobs } from '../platform/jobs/store.ts';
import { findParticipantSubmission } from '../submissions/index.ts';
import { EnrollmentRefusal } from './enrollment-refusal.ts';
import { sessionReminder } from './jobs.ts';
import { queueSessionMails } from './mailing.ts';
import { awaitEnrollment, holdPlaceForSession } from './place-hold.ts';
import { enrollmentClosesAt, enrollmentOpen } from './rules.ts';
import { queueReminders } from './schedule.ts';
import type { SessionEnrollmentRow } from './sessions.table.ts';
import {
  cancelEnrollmentRow,
  findSessionById,
  insertEnrollment,
  liveEnrollmentOfSubmission,
  releaseSeat,
  releaseSeatsOfClosedSubmissions,
  takeSeat,
} from './store.ts';

/**
 * Enrolling in a session and cancelling (docs/decisions/0178-lab-sessions.md). Moving is cancel,
 * then enroll. Each is one transaction with its mail and reminder.
 */

/** Submissions that hold a place for work: they may take a seat. */
const ENROLLABLE = new Set(['screen_passed', 'in_progress']);

async function ownSubmission(db: Db, participantId: string, submissionId: string) {
  const submission = await findParticipantSubmission(db, participantId, submissionId);
  if (!submission) throw new NotFoundError('Submission', submissionId);
  return submission;
}

/**
 * POST /v2/participant/submissions/{id}/enrollment: takes a seat in one of the study's sessions.
 * 409 when the submission holds no place, already holds a seat, or the session is cancelled,
 * closed or full (reserve seats counted). The seat is taken by takeSeat's conditional UPDATE, so
 * no number of enrollments at once overfills a session.
 */
export async function enroll(
  db: Db,
  input: {
    participantId: string;
    submissionId: string;
    sessionId: string;
    now: Date;
    publicUrl: string;
  },
): Promise<SessionEnrollmentRow> {
  const { now } = input;
  return db.transaction().execute(async (trx) => {
    const submission = await ownSubmission(trx, input.participantId, input.submissionId);
    const session = await findSessionById(trx, input.sessionId);
    if (!session || session.opportunity_id !== submission.opportunity_id) {
      throw new NotFoundError('Session', input.sessionId, [
        { message: `No session ${input.sessionId} of this submission's study exists` },
      ]);
    }
    if (!ENROLLABLE.has(submission.status)) {
      throw new EnrollmentRefusal(
        'not_enrollable',
        `Submission ${submission.id} is ${submission.status}: only a submission holding a place may enroll`,
      );
    }
    const held = await liveEnrollmentOfSubmission(trx, submission.id);
    if (held) {
      throw new EnrollmentRefusal(
        'already_enrolled',
        `Submission ${submission.id} is already enrolled in session ${held.session_id}: cancel that enrollment first to move`,
      );
    }
    if (session.status === 'cancelled') {
      throw new EnrollmentRefusal('session_cancelled', `Session ${session.id} is cancelled`);
    }
    const closes = {
      starts_at: session.starts_at,
      enrollment_closes_minutes_before: Number(session.enrollment_closes_minutes_before),
    };
    if (!enrollmentOpen(closes, now)) {
      throw new EnrollmentRefusal(
        'closed',
        `Enrollment in session ${session.id} closed at ${enrollmentClosesAt(closes)}`,
      );
    }
    let count = await takeSeat(trx, session.id, now);
    if (
      count === undefined &&
      (await releaseSeatsOfClosedSubmissions(trx, session.id, now.toISOString())) > 0
    ) {
      count = await takeSeat(trx, session.id, now);
    }
    if (count === undefined) {
      throw new EnrollmentRefusal('full', `Session ${session.id} is full`, [
        {
          message: `All ${Number(session.capacity) + Number(session.reserve)} seats (reserve seats included) are taken: choose another session`,
        },
      ]);
    }
    const row: SessionEnrollmentRow = {
      id: newId('enrollment', now.getTime()),
      session_id: session.id,
      submission_id: submission.id,
      participant_id: input.participantId,
      organization_id: session.organization_id,
      opportunity_id: session.opportunity_id,
      reserve: count > Number(session.capacity) ? 1 : 0,
      status: 'enrolled',
      attendance: null,
      attendance_at: null,
      created_at: now.toISOString(),
      cancelled_at: null,
    };
    await insertEnrollment(trx, row);
    const opportunity = (await findOpportunity(
      trx,
      session.organization_id,
      session.opportunity_id,
    ))!;
    await holdPlaceForSession(trx, opportunity, [submission.id], session, now);
    await queueSessionMails(trx, {
      kind: 'confirmation',
      session: { ...session, enrolled: count },
      title: opportunity.title,
      enrollments: [row],
      publicUrl: input.publicUrl,
    });
    await queueReminders(trx, session, [row]);
    return row;
  });
}

/**
 * DELETE /v2/participant/submissions/{id}/enrollment: gives the seat back until enrollment closes;
 * after that a 409 that names the deadline. The submission keeps its place in the study, which
 * waits for another enrollment (place-hold.ts).
 */
export async function cancelEnrollment(
  db: Db,
  input: { participantId: string; submissionId: string; now: Date; publicUrl: string },
): Promise<SessionEnrollmentRow> {
  return db.transaction().execute(async (trx) => {
    const submission = await ownSubmission(trx, input.participantId, input.submissionId);
    const enrollment = await liveEnrollmentOfSubmission(trx, submission.id);
    if (!enrollment) {
      throw new EnrollmentRefusal(
        'not_enrolled',
        `Submission ${submission.id} is not enrolled in a session`,
      );
    }
    const session = (await findSessionById(trx, enrollment.session_id))!;
    const closes = {
      starts_at: session.starts_at,
      enrollment_closes_minutes_before: Number(session.enrollment_closes_minutes_before),
    };
    if (!enrollmentOpen(closes, input.now)) {
      const deadline = enrollmentClosesAt(closes);
      throw new EnrollmentRefusal('cancel_closed', `Cancelling closed at ${deadline}`, [
        {
          message: `The deadline to cancel session ${session.id} was ${deadline}: tell the researchers if you cannot come`,
        },
      ]);
    }
    const at = input.now.toISOString();
    if (!(await cancelEnrollmentRow(trx, enrollment.id, at))) {
      throw new EnrollmentRefusal(
        'not_enrolled',
        `Submission ${submission.id} is not enrolled in a session`,
      );
    }
    await releaseSeat(trx, session.id);
    await cancelJobs(trx, sessionReminder, `session-reminder:${enrollment.id}:`);
    const opportunity = (await findOpportunity(
      trx,
      session.organization_id,
      session.opportunity_id,
    ))!;
    const heldUntil = await awaitEnrollment(trx, opportunity, [submission.id], input.now);
    await queueSessionMails(trx, {
      kind: 'withdrawal',
      heldUntil,
      session,
      title: opportunity.title,
      enrollments: [enrollment],
      publicUrl: input.publicUrl,
    });
    return { ...enrollment, status: 'cancelled', cancelled_at: at };
  });
}
