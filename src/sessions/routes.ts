import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { labOfCalendarToken } from '../labs/index.ts';
import { NotFoundError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { recordAttendance } from './attendance.ts';
import { labCalendarFile, listSessions, ownLabCalendar } from './reads.ts';
import { cancelSession, createSession, editSession, ownSession } from './schedule.ts';
import {
  AttendanceBody,
  AttendanceResult,
  CalendarTokenParams,
  CancelledSession,
  CreateSessionBody,
  LabCalendarParams,
  ListQuery,
  OpportunitySessionParams,
  PatchSessionBody,
  Session,
  SessionList,
  SessionParams,
} from './schemas.ts';
import { sessionView } from './view.ts';

const tags = ['Sessions'];

/** An iCalendar file in the OpenAPI document (docs/decisions/0177-icalendar-files.md). */
export const ICS_RESPONSE = {
  description: 'An iCalendar file (RFC 5545)',
  content: { 'text/calendar': { schema: { type: 'string' } } },
} as const;

export function sendCalendar(reply: FastifyReply, text: string) {
  return reply
    .header('cache-control', 'private, no-cache')
    .type('text/calendar; charset=utf-8')
    .send(text);
}

/** Sessions of scheduled opportunities, their attendance, and the labs' calendars. */
export function sessionRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());
  const { publicUrl } = context.config;

  app.post(
    '/opportunities/:opportunityId/sessions',
    {
      schema: {
        tags,
        operationId: 'createSession',
        summary: 'Schedule a session of a draft or active opportunity',
        description:
          'A session in a lab (or online, without lab_id). An opportunity with sessions is scheduled: participants who pass the screener enroll in one. Sessions of one study together offer at most its places; overlapping sessions of one lab together need at most its seats (409 naming the other session).',
        params: OpportunitySessionParams,
        body: CreateSessionBody,
        response: { 200: Session, ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return sessionView(
        await createSession(db, {
          organizationId: organization.id,
          opportunityId: request.params.opportunityId,
          body: request.body,
          now: now(),
        }),
      );
    },
  );

  app.get(
    '/opportunities/:opportunityId/sessions',
    {
      schema: {
        tags,
        operationId: 'listSessions',
        summary: 'An opportunity’s sessions by start time, with their seats',
        params: OpportunitySessionParams,
        querystring: ListQuery,
        response: { 200: SessionList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return listSessions(db, {
        organizationId: organization.id,
        opportunityId: request.params.opportunityId,
        cursor: request.query.cursor,
        limit: request.query.limit ?? 25,
      });
    },
  );

  app.get(
    '/sessions/:sessionId',
    {
      schema: {
        tags,
        operationId: 'getSession',
        summary: 'A session with its seats',
        params: SessionParams,
        response: { 200: Session, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return sessionView(await ownSession(db, organization.id, request.params.sessionId));
    },
  );

  app.patch(
    '/sessions/:sessionId',
    {
      schema: {
        tags,
        operationId: 'updateSession',
        summary: 'Change a session’s time, lab, seats or deadlines',
        description:
          'A new time, length or lab is mailed to everyone enrolled with the calendar update (the same UID, a higher SEQUENCE) and moves their reminders; their places are held until a day after the session’s new end.',
        params: SessionParams,
        body: PatchSessionBody,
        response: { 200: Session, ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return sessionView(
        await editSession(db, {
          organizationId: organization.id,
          sessionId: request.params.sessionId,
          patch: request.body,
          now: now(),
          publicUrl,
        }),
      );
    },
  );

  app.delete(
    '/sessions/:sessionId',
    {
      schema: {
        tags,
        operationId: 'cancelSession',
        summary: 'Cancel a session: everyone enrolled is mailed and their seat goes back',
        params: SessionParams,
        response: { 200: CancelledSession, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const result = await cancelSession(db, {
        organizationId: organization.id,
        sessionId: request.params.sessionId,
        now: now(),
        publicUrl,
      });
      return {
        id: result.session.id,
        status: 'cancelled' as const,
        cancelled_enrollments: result.cancelledEnrollments,
      };
    },
  );

  app.post(
    '/sessions/:sessionId/attendance',
    {
      schema: {
        tags,
        operationId: 'recordAttendance',
        summary: 'Record who came to a session that has started',
        description:
          'All entries or none: a 400 lists every bad entry. participated leaves the work to review; showed_up_not_needed pays the show-up fee and closes the submission; no_show abandons it (reason no_show) and counts against the participant; excused abandons it without a mark.',
        params: SessionParams,
        body: AttendanceBody,
        response: {
          200: AttendanceResult,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) =>
      recordAttendance(db, {
        organizationId: customerOf(request).organization.id,
        sessionId: request.params.sessionId,
        entries: request.body.entries,
        now: now(),
        noShowLimit: context.config.noShowLimit,
      }),
  );

  app.get(
    '/labs/:labId/calendar.ics',
    {
      schema: {
        tags: ['Labs'],
        operationId: 'getLabCalendar',
        summary: 'Every session of a lab as an iCalendar file',
        params: LabCalendarParams,
        response: { 200: ICS_RESPONSE, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const { organization } = customerOf(request);
      return sendCalendar(
        reply,
        await ownLabCalendar(db, {
          organizationId: organization.id,
          labId: request.params.labId,
          publicUrl,
        }),
      );
    },
  );

  app.get(
    '/labs/calendar/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Labs'],
        operationId: 'getLabCalendarBySecretLink',
        summary: 'A lab’s calendar through its secret link, for a calendar app (no API key)',
        params: CalendarTokenParams,
        response: { 200: ICS_RESPONSE, 404: Type.Any() },
      },
    },
    async (request, reply) => {
      const token = request.params.token.replace(/\.ics$/, '');
      const lab = await labOfCalendarToken(db, token);
      if (!lab) throw new NotFoundError('Calendar', 'link');
      return sendCalendar(reply, await labCalendarFile(db, lab, publicUrl));
    },
  );
}
