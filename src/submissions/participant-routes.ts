import multipart from '@fastify/multipart';
import { findOpportunitiesForParticipant } from '../opportunities/index.ts';
import { ListQuery, PARTICIPANT_AUTH, PARTICIPANT_TAGS as tags } from '../participants/index.ts';
import { assertNoIssues, ValidationError } from '../platform/errors.ts';
import { participantOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import {
  Earnings,
  ParticipantSubmission,
  ParticipantSubmissionList,
  SubmissionParams,
  TaskParams,
} from './participant-schemas.ts';
import { participantSubmissionView } from './participant-view.ts';
import {
  findParticipantSubmission,
  listParticipantSubmissions,
  listPayouts,
  submissionTasksFor,
  totalPaidCents,
} from './store.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { receiveTaskUpload, removeStoredFiles } from './uploads.ts';
import {
  abandonSubmission,
  type StoredFile,
  startSubmission,
  submissionNotFound,
  submitTask,
  uploadLimitsFor,
} from './work.ts';

/** The participant's own work: submissions, start, hand in tasks (files too), abandon, earnings. */
export async function participantSubmissionRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  /** One submission's participant view, with its opportunity and handed-in work. */
  async function submissionView(row: SubmissionRow) {
    const [opportunities, tasks] = await Promise.all([
      findOpportunitiesForParticipant(db, [row.opportunity_id]),
      submissionTasksFor(db, [row.id]),
    ]);
    const opportunity = opportunities.get(row.opportunity_id);
    if (!opportunity) throw submissionNotFound(row.id);
    return participantSubmissionView(row, opportunity, tasks.get(row.id) ?? [], now());
  }

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
    async (request) => {
      const me = participantOf(request);
      const limit = request.query.limit ?? 25;
      const rows = await listParticipantSubmissions(db, {
        participantId: me.id,
        cursor: request.query.cursor,
        limit,
      });
      const shown = rows.slice(0, limit);
      const [opportunities, tasks] = await Promise.all([
        findOpportunitiesForParticipant(
          db,
          shown.map((row) => row.opportunity_id),
        ),
        submissionTasksFor(
          db,
          shown.map((row) => row.id),
        ),
      ]);
      const at = now();
      return toPage(
        rows,
        limit,
        (row) => [row.id],
        (row) =>
          participantSubmissionView(
            row,
            opportunities.get(row.opportunity_id)!,
            tasks.get(row.id) ?? [],
            at,
          ),
      );
    },
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
    async (request) => {
      const row = await findParticipantSubmission(
        db,
        participantOf(request).id,
        request.params.submissionId,
      );
      if (!row) throw submissionNotFound(request.params.submissionId);
      return submissionView(row);
    },
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
        await startSubmission(db, {
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
        summary: 'Give up the work; the place frees for someone else',
        params: SubmissionParams,
        response: { 200: ParticipantSubmission, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) =>
      submissionView(
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
        let notes: string | null = null;
        let files: StoredFile[] | undefined;
        if (request.isMultipart()) {
          const settings = await uploadLimitsFor(db, {
            participantId: me.id,
            submissionId,
            sequence,
          });
          const received = await receiveTaskUpload(request, {
            dataDir: context.config.dataDir,
            submissionId,
            sequence,
            ...settings,
          });
          if (received.issues.length > 0) {
            await removeStoredFiles(context.config.dataDir, received.files);
            assertNoIssues(received.issues, 'The upload is invalid');
          }
          notes = received.notes;
          files = received.files;
        } else {
          notes = readJsonNotes(request.body);
        }
        try {
          return submissionView(
            await submitTask(db, {
              participantId: me.id,
              submissionId,
              sequence,
              notes,
              files,
              now: now(),
            }),
          );
        } catch (error) {
          if (files) await removeStoredFiles(context.config.dataDir, files);
          throw error;
        }
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
    async (request) => {
      const me = participantOf(request);
      const limit = request.query.limit ?? 25;
      const [rows, total] = await Promise.all([
        listPayouts(db, { participantId: me.id, cursor: request.query.cursor, limit }),
        totalPaidCents(db, me.id),
      ]);
      const page = toPage(
        rows,
        limit,
        (row) => [row.id],
        (row) => row,
      );
      return { total_cents: total, currency: 'usd' as const, ...page };
    },
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
