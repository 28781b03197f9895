import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { participantLanguage } from '../opportunities/index.ts';
import { ListQuery, PARTICIPANT_AUTH, PARTICIPANT_TAGS as tags } from '../participants/index.ts';
import { assertNoIssues, ValidationError } from '../platform/errors.ts';
import { participantOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { fileStoreFor } from '../platform/storage/index.ts';
import { handInUpload } from './hand-in-upload.ts';
import {
  participantEarnings,
  participantSubmissionDetail,
  participantSubmissionsPage,
  readParticipantSubmission,
} from './participant-reads.ts';
import {
  Earnings,
  ParticipantSubmission,
  ParticipantSubmissionList,
  SubmissionParams,
  TaskParams,
} from './participant-schemas.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { abandonSubmission, returnSubmission, startSubmission, submitTask } from './work.ts';

/** The participant's own work: submissions, start, hand in tasks (files too), abandon, earnings. */
export async function participantSubmissionRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  const submissionView = (request: FastifyRequest, row: SubmissionRow) =>
    participantSubmissionDetail(db, row, now(), participantLanguage(participantOf(request)));

  app.get(
    '/participant/submissions',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'Your applications and work, newest first',
        querystring: ListQuery,
        response: { 200: ParticipantSubmissionList, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) =>
      participantSubmissionsPage(db, {
        participantId: participantOf(request).id,
        cursor: request.query.cursor,
        limit: request.query.limit ?? 25,
        now: now(),
        language: participantLanguage(participantOf(request)),
      }),
  );

  app.get(
    '/participant/submissions/:submissionId',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'One of your submissions, with each task’s status and URL',
        params: SubmissionParams,
        response: { 200: ParticipantSubmission, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) =>
      readParticipantSubmission(db, {
        participantId: participantOf(request).id,
        submissionId: request.params.submissionId,
        now: now(),
        language: participantLanguage(participantOf(request)),
      }),
  );

  app.post(
    '/participant/submissions/:submissionId/start',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'Start the work (screen_passed to in_progress)',
        params: SubmissionParams,
        response: { 200: ParticipantSubmission, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) =>
      submissionView(
        request,
        await startSubmission(db, {
          participantId: participantOf(request).id,
          submissionId: request.params.submissionId,
          now: now(),
        }),
      ),
  );

  app.post(
    '/participant/submissions/:submissionId/return',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary:
          'Give the place back (abandoned, abandoned_reason returned); someone else can take it',
        description:
          'From screen_passed or in_progress; 409 once the work is handed in. Returning costs you nothing. After the time limit (deadline_at) the submission has already timed out: 409.',
        params: SubmissionParams,
        response: { 200: ParticipantSubmission, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) =>
      submissionView(
        request,
        await returnSubmission(db, {
          participantId: participantOf(request).id,
          submissionId: request.params.submissionId,
          now: now(),
        }),
      ),
  );

  app.post(
    '/participant/submissions/:submissionId/abandon',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'The older name of return: the same move, recorded as returned',
        params: SubmissionParams,
        response: { 200: ParticipantSubmission, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) =>
      submissionView(
        request,
        await abandonSubmission(db, {
          participantId: participantOf(request).id,
          submissionId: request.params.submissionId,
          now: now(),
        }),
      ),
  );

  // Multipart is understood only here: every other route takes JSON alone.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: false });
    const scoped = uploads as unknown as App;
    scoped.post(
      '/participant/submissions/:submissionId/tasks/:sequence/submit',
      {
        config: PARTICIPANT_AUTH,
        schema: {
          tags,
          summary:
            'Hand in one task: JSON {"notes"} or, for file_upload, multipart files (and a notes field)',
          params: TaskParams,
          response: {
            200: ParticipantSubmission,
            ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
          },
        },
      },
      async (request) => {
        const me = participantOf(request);
        const { submissionId, sequence } = request.params;
        if (request.isMultipart()) {
          return submissionView(
            request,
            await handInUpload(db, request, {
              files: fileStoreFor(context.database, context.config),
              participantId: me.id,
              submissionId,
              sequence,
              now: now(),
            }),
          );
        }
        return submissionView(
          request,
          await submitTask(db, {
            participantId: me.id,
            submissionId,
            sequence,
            notes: readJsonNotes(request.body),
            now: now(),
          }),
        );
      },
    );
  });

  app.get(
    '/participant/earnings',
    {
      config: PARTICIPANT_AUTH,
      schema: {
        tags,
        summary: 'Payments received, newest first, with the total',
        querystring: ListQuery,
        response: { 200: Earnings, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) =>
      participantEarnings(db, {
        participantId: participantOf(request).id,
        cursor: request.query.cursor,
        limit: request.query.limit ?? 25,
      }),
  );
}

/** The JSON form of a task submission: `{}` or `{"notes": "..."}`. */
function readJsonNotes(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  const issues: { message: string }[] = [];
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ValidationError('Send JSON {"notes": "..."} or multipart files');
  }
  const { notes, ...rest } = body as Record<string, unknown>;
  for (const key of Object.keys(rest)) issues.push({ message: `body.${key}: unknown field` });
  if (notes !== undefined && typeof notes !== 'string') {
    issues.push({ message: 'body.notes: must be a string' });
  } else if (typeof notes === 'string' && notes.length > 10_000) {
    issues.push({ message: 'body.notes: must be at most 10,000 characters' });
  }
  assertNoIssues(issues);
  return typeof notes === 'string' ? notes : null;
}
