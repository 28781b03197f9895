import { PARTICIPANT_AUTH, PARTICIPANT_TAGS as tags } from '../participants/index.ts';
import { NotFoundError } from '../platform/errors.ts';
import { participantOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { cancelEnrollment, enroll } from './enroll.ts';
import { enrolledSessionOf, enrollmentCalendar, sessionsToPick } from './reads.ts';
import { ICS_RESPONSE, sendCalendar } from './routes.ts';
import {
  CancelledEnrollment,
  EnrollBody,
  Enrollment,
  OpportunitySessionParams,
  ParticipantSessionList,
  SubmissionParams,
} from './schemas.ts';

/** A participant's side of sessions: pick one, enroll, cancel, add it to a calendar. */
export function participantSessionRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());
  const { publicUrl } = context.config;

  const enrollmentOf = async (
    participant: ReturnType<typeof participantOf>,
    submissionId: string,
  ) => {
    const enrollment = await enrolledSessionOf(db, { participant, submissionId, publicUrl });
    if (!enrollment) throw new NotFoundError('Enrollment', submissionId);
    return enrollment;
  };

  app.get(
    '/participant/opportunities/:opportunityId/sessions',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        operationId: 'listParticipantSessions',
        summary: 'Sessions of a study you may enroll in: future, open, with a seat left',
        description: 'Each in the lab’s time and in yours (your profile’s time zone).',
        params: OpportunitySessionParams,
        response: { 200: ParticipantSessionList, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => ({
      data: await sessionsToPick(db, {
        participant: participantOf(request),
        opportunityId: request.params.opportunityId,
        now: now(),
      }),
    }),
  );

  app.get(
    '/participant/submissions/:submissionId/enrollment',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        operationId: 'getEnrollment',
        summary: 'The session your submission is enrolled in',
        params: SubmissionParams,
        response: { 200: Enrollment, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => enrollmentOf(participantOf(request), request.params.submissionId),
  );

  app.post(
    '/participant/submissions/:submissionId/enrollment',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        operationId: 'enroll',
        summary: 'Enroll in one of the study’s sessions',
        description:
          '409 when the session is full (reserve seats counted), enrollment has closed, or you already hold a seat (cancel first to move). A confirmation with a calendar file is mailed.',
        params: SubmissionParams,
        body: EnrollBody,
        response: {
          200: Enrollment,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const participant = participantOf(request);
      await enroll(db, {
        participantId: participant.id,
        submissionId: request.params.submissionId,
        sessionId: request.body.session_id,
        now: now(),
        publicUrl,
      });
      return enrollmentOf(participant, request.params.submissionId);
    },
  );

  app.delete(
    '/participant/submissions/:submissionId/enrollment',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        operationId: 'cancelEnrollment',
        summary: 'Give your seat back, until enrollment closes (then 409 with the deadline)',
        params: SubmissionParams,
        response: { 200: CancelledEnrollment, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const cancelled = await cancelEnrollment(db, {
        participantId: participantOf(request).id,
        submissionId: request.params.submissionId,
        now: now(),
        publicUrl,
      });
      return {
        submission_id: cancelled.submission_id,
        session_id: cancelled.session_id,
        status: 'cancelled' as const,
      };
    },
  );

  app.get(
    '/participant/submissions/:submissionId/enrollment/calendar.ics',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        operationId: 'getEnrollmentCalendar',
        summary: 'Your session as an iCalendar file (Add to calendar)',
        params: SubmissionParams,
        response: { 200: ICS_RESPONSE, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request, reply) =>
      sendCalendar(
        reply,
        await enrollmentCalendar(db, {
          participantId: participantOf(request).id,
          submissionId: request.params.submissionId,
          publicUrl,
        }),
      ),
  );
}
