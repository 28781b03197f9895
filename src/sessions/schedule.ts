import { lockLab } from '../labs/index.ts';
import { findOpportunity, type OpportunityRow, setScheduled } from '../opportunities/index.ts';
import { findParticipantsByIds } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import {
  assertNoIssues,
  ConflictError,
  type Issue,
  NotFoundError,
  ValidationError,
} from '../platform/errors.ts';
import { newId } from '../platform/ids.ts';
import { enqueue } from '../platform/jobs/store.ts';
import { writeSessionEvent } from './events.ts';
import { reminderJobKey, sessionReminder } from './jobs.ts';
import { queueSessionMails } from './mailing.ts';
import { awaitEnrollment, holdPlaceForSession } from './place-hold.ts';
import { clashingSessions, endsAt, reminderAt, SESSION_DEFAULTS, startIssues } from './rules.ts';
import type { CreateSessionInput, SessionPatch } from './schemas.ts';
import type { StudySessionRow } from './sessions.table.ts';
import {
  cancelEnrollmentRow,
  findSession,
  insertSession,
  labSessionsBetween,
  liveEnrollmentsOf,
  lockSession,
  seatsOfOpportunity,
  updateSessionRow,
} from './store.ts';

/**
 * Scheduling an opportunity's sessions (docs/decisions/0178-lab-sessions.md): create, edit and
 * cancel, each one transaction that holds the opportunity's row lock (and the lab's), so the
 * checks of two changes at once see each other.
 */

/** Opportunities that take sessions: a draft being prepared, or one recruiting. */
const SCHEDULABLE = new Set(['draft', 'active']);

interface Shape {
  lab_id: string | null;
  starts_at: string;
  duration_minutes: number;
  capacity: number;
  reserve: number;
}

/**
 * The checks a session's shape must pass against its lab and its study, under their locks: the lab
 * exists and holds it, it clashes with no overlapping session of the lab, and the study's sessions
 * together offer no more seats than it has places.
 */
async function checkShape(
  trx: Db,
  opportunity: OpportunityRow,
  shape: Shape,
  exceptId?: string,
): Promise<void> {
  const seats = shape.capacity + shape.reserve;
  if (shape.lab_id !== null) {
    const lab = await lockLab(trx, opportunity.organization_id, shape.lab_id);
    if (!lab) {
      throw new ValidationError('The request is invalid', [
        { message: `lab_id: no lab with id ${shape.lab_id} exists in this organization` },
      ]);
    }
    if (seats > Number(lab.capacity)) {
      throw new ValidationError('The request is invalid', [
        {
          message: `capacity: the session needs ${seats} seats (capacity and reserve); lab ${lab.id} has ${lab.capacity}`,
        },
      ]);
    }
    const ends = endsAt(shape.starts_at, shape.duration_minutes);
    const others = await labSessionsBetween(trx, lab.id, {
      from: shape.starts_at,
      to: ends,
      exceptId,
    });
    const clash = clashingSessions(
      {
        starts_at: shape.starts_at,
        ends_at: ends,
        capacity: shape.capacity,
        reserve: shape.reserve,
      },
      others.map((other) => ({
        ...other,
        capacity: Number(other.capacity),
        reserve: Number(other.reserve),
      })),
      Number(lab.capacity),
    );
    if (clash.length > 0) {
      const names = clash.map(
        (other) => `session ${other.id} (${other.starts_at} to ${other.ends_at})`,
      );
      throw new ConflictError(`The session clashes with ${names.join(', ')} in lab ${lab.id}`, [
        {
          message: `Overlaps ${names.join(', ')}: together they need more than the lab’s ${lab.capacity} seats`,
        },
      ]);
    }
  }
  const taken = await seatsOfOpportunity(trx, opportunity.id, exceptId);
  const places = Number(opportunity.num_participants);
  if (taken.seats + seats > places) {
    throw new ConflictError('The sessions would offer more seats than the opportunity has places', [
      {
        message: `Sessions would offer ${taken.seats + seats} seats (capacity and reserve), the opportunity has ${places} places`,
      },
    ]);
  }
}

/** Locks the opportunity (marking it scheduled) and answers it, or the 404 / 409. */
async function schedulableOpportunity(trx: Db, organizationId: string, opportunityId: string) {
  if (!(await setScheduled(trx, organizationId, opportunityId, true))) {
    throw new NotFoundError('Opportunity', opportunityId);
  }
  const opportunity = (await findOpportunity(trx, organizationId, opportunityId))!;
  if (!SCHEDULABLE.has(opportunity.status)) {
    throw new ConflictError(
      `Sessions are added to a draft or active opportunity; ${opportunityId} is ${opportunity.status}`,
    );
  }
  return opportunity;
}

export async function createSession(
  db: Db,
  input: { organizationId: string; opportunityId: string; body: CreateSessionInput; now: Date },
): Promise<StudySessionRow> {
  const { body, now } = input;
  assertNoIssues(startIssues(body.starts_at, now));
  const shape: Shape = {
    lab_id: body.lab_id ?? null,
    starts_at: new Date(body.starts_at).toISOString(),
    duration_minutes: body.duration_minutes,
    capacity: body.capacity,
    reserve: body.reserve ?? SESSION_DEFAULTS.reserve,
  };
  return db.transaction().execute(async (trx) => {
    const opportunity = await schedulableOpportunity(
      trx,
      input.organizationId,
      input.opportunityId,
    );
    await checkShape(trx, opportunity, shape);
    const at = now.toISOString();
    const row: StudySessionRow = {
      id: newId('session', now.getTime()),
      organization_id: input.organizationId,
      opportunity_id: opportunity.id,
      ...shape,
      ends_at: endsAt(shape.starts_at, shape.duration_minutes),
      enrollment_closes_minutes_before:
        body.enrollment_closes_minutes_before ?? SESSION_DEFAULTS.enrollment_closes_minutes_before,
      reminder_hours_before: body.reminder_hours_before ?? SESSION_DEFAULTS.reminder_hours_before,
      enrolled: 0,
      status: 'scheduled',
      cancelled_at: null,
      created_at: at,
      updated_at: at,
    };
    await insertSession(trx, row);
    return row;
  });
}

export async function ownSession(
  db: Db,
  organizationId: string,
  sessionId: string,
): Promise<StudySessionRow> {
  const session = await findSession(db, organizationId, sessionId);
  if (!session) throw new NotFoundError('Session', sessionId);
  return session;
}

/**
 * A PATCH of a session still scheduled. Its seats may not go below those taken. A new start or
 * reminder setting queues each enrolled participant's reminder again (the old one then sends
 * nothing, jobs.ts); a new time or place is mailed to each, with the calendar's update.
 */
export async function editSession(
  db: Db,
  input: {
    organizationId: string;
    sessionId: string;
    patch: SessionPatch;
    now: Date;
    publicUrl: string;
  },
): Promise<StudySessionRow> {
  const { patch, now } = input;
  assertNoIssues(startIssues(patch.starts_at, now));
  return db.transaction().execute(async (trx) => {
    const current = await ownSession(trx, input.organizationId, input.sessionId);
    await schedulableOpportunity(trx, input.organizationId, current.opportunity_id);
    const session = (await lockSession(trx, input.organizationId, input.sessionId))!;
    if (session.status !== 'scheduled') {
      throw new ConflictError(`Session ${session.id} is cancelled`);
    }
    const opportunity = (await findOpportunity(trx, input.organizationId, session.opportunity_id))!;
    const shape: Shape = {
      lab_id: patch.lab_id === undefined ? session.lab_id : patch.lab_id,
      starts_at:
        patch.starts_at === undefined ? session.starts_at : new Date(patch.starts_at).toISOString(),
      duration_minutes: patch.duration_minutes ?? Number(session.duration_minutes),
      capacity: patch.capacity ?? Number(session.capacity),
      reserve: patch.reserve ?? Number(session.reserve),
    };
    const issues: Issue[] = [];
    if (shape.capacity + shape.reserve < Number(session.enrolled)) {
      issues.push({
        message: `capacity: ${session.enrolled} participants are enrolled; capacity and reserve may not be fewer`,
      });
    }
    if (issues.length > 0) throw new ConflictError('Seats already taken', issues);
    await checkShape(trx, opportunity, shape, session.id);
    const updated: StudySessionRow = {
      ...session,
      ...shape,
      ends_at: endsAt(shape.starts_at, shape.duration_minutes),
      enrollment_closes_minutes_before:
        patch.enrollment_closes_minutes_before ?? Number(session.enrollment_closes_minutes_before),
      reminder_hours_before: patch.reminder_hours_before ?? Number(session.reminder_hours_before),
      updated_at: now.toISOString(),
    };
    const { id, organization_id, opportunity_id, enrolled, ...changes } = updated;
    await updateSessionRow(trx, session.id, changes);
    const moved =
      updated.starts_at !== session.starts_at ||
      updated.ends_at !== session.ends_at ||
      updated.lab_id !== session.lab_id;
    const remindAgain =
      updated.starts_at !== session.starts_at ||
      updated.reminder_hours_before !== Number(session.reminder_hours_before);
    if (!moved && !remindAgain) return updated;
    const enrollments = await liveEnrollmentsOf(trx, session.id);
    if (remindAgain) await queueReminders(trx, updated, enrollments);
    if (moved) {
      // Those enrolled hear of the new time or place, with the calendar's update, and keep their
      // place until the session as moved (docs/decisions/0185-enrolling-to-hold-a-place.md).
      await holdPlaceForSession(
        trx,
        opportunity,
        enrollments.map((enrollment) => enrollment.submission_id),
        updated,
        now,
      );
      await queueSessionMails(trx, {
        kind: 'change',
        session: updated,
        title: opportunity.title,
        enrollments,
        publicUrl: input.publicUrl,
      });
    }
    return updated;
  });
}

/** Queues the reminder of each enrollment, due on each participant's own wall clock. */
export async function queueReminders(
  trx: Db,
  session: StudySessionRow,
  enrollments: readonly { id: string; participant_id: string }[],
): Promise<void> {
  if (enrollments.length === 0) return;
  const people = await findParticipantsByIds(
    trx,
    enrollments.map((enrollment) => enrollment.participant_id),
  );
  for (const enrollment of enrollments) {
    const zone = people.get(enrollment.participant_id)?.timezone ?? 'UTC';
    await enqueue(
      trx,
      sessionReminder,
      { enrollment_id: enrollment.id, starts_at: session.starts_at },
      {
        dedupeKey: reminderJobKey(enrollment.id, session.starts_at),
        runAt: reminderAt(session.starts_at, Number(session.reminder_hours_before), zone),
      },
    );
  }
}

/**
 * DELETE /v2/sessions/{id}: cancels the session. Everyone enrolled is mailed a cancellation (the
 * same calendar UID, STATUS:CANCELLED) and their seat goes back; their submission keeps its place
 * in the study, which waits for them to enroll in another session (place-hold.ts). `session.cancelled` tells webhooks.
 */
export async function cancelSession(
  db: Db,
  input: { organizationId: string; sessionId: string; now: Date; publicUrl: string },
): Promise<{ session: StudySessionRow; cancelledEnrollments: number }> {
  return db.transaction().execute(async (trx) => {
    const current = await ownSession(trx, input.organizationId, input.sessionId);
    if (!(await setScheduled(trx, input.organizationId, current.opportunity_id, true))) {
      throw new NotFoundError('Session', input.sessionId);
    }
    const session = (await lockSession(trx, input.organizationId, input.sessionId))!;
    if (session.status === 'cancelled') {
      throw new ConflictError(`Session ${session.id} is already cancelled`);
    }
    const at = input.now.toISOString();
    const enrollments = await liveEnrollmentsOf(trx, session.id);
    for (const enrollment of enrollments) await cancelEnrollmentRow(trx, enrollment.id, at);
    await trx
      .updateTable('study_sessions')
      .set({ status: 'cancelled', cancelled_at: at, updated_at: at, enrolled: 0 })
      .where('id', '=', session.id)
      .execute();
    const cancelled: StudySessionRow = {
      ...session,
      status: 'cancelled',
      cancelled_at: at,
      updated_at: at,
      enrolled: 0,
    };
    const opportunity = (await findOpportunity(trx, input.organizationId, session.opportunity_id))!;
    const stillScheduled = (await seatsOfOpportunity(trx, opportunity.id)).sessions > 0;
    if (!stillScheduled) await setScheduled(trx, input.organizationId, opportunity.id, false);
    const heldUntil = await awaitEnrollment(
      trx,
      { ...opportunity, scheduled: stillScheduled ? 1 : 0 },
      enrollments.map((enrollment) => enrollment.submission_id),
      input.now,
    );
    await queueSessionMails(trx, {
      kind: 'cancellation',
      heldUntil,
      session: cancelled,
      title: opportunity.title,
      enrollments,
      publicUrl: input.publicUrl,
    });
    await writeSessionEvent(trx, input.organizationId, {
      type: 'session.cancelled',
      data: {
        session_id: session.id,
        opportunity_id: session.opportunity_id,
        lab_id: session.lab_id,
        starts_at: session.starts_at,
        submission_ids: enrollments.map((enrollment) => enrollment.submission_id),
      },
    });
    return { session: cancelled, cancelledEnrollments: enrollments.length };
  });
}
