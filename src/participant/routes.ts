import multipart from '@fastify/multipart';
import { freePlaces, PLACE_TAKING_STATUSES } from '../domain/opportunity/index.ts';
import { participantScreenerView } from '../domain/screening/index.ts';
import { fileUploadSettings } from '../domain/submission/index.ts';
import { participantOf } from '../http/auth.ts';
import type { AppContext } from '../http/context.ts';
import { errorResponses } from '../http/error-schemas.ts';
import { ApiError, assertNoIssues, badRequest } from '../http/errors.ts';
import { toPage } from '../http/pagination.ts';
import type { App } from '../http/types.ts';
import { applyToOpportunity, opportunityNotFound } from '../services/applications/apply.ts';
import { discoverOpportunities } from '../services/applications/discover.ts';
import { eligibilityOf, isVisibleTo } from '../services/applications/eligibility.ts';
import { opportunityParts } from '../services/applications/opportunity-parts.ts';
import {
  signUpParticipant,
  updateParticipantProfile,
} from '../services/applications/participants.ts';
import {
  abandonSubmission,
  type StoredFile,
  startSubmission,
  submissionNotFound,
  submitTask,
} from '../services/applications/work.ts';
import {
  findApplication,
  findOpportunitiesByIds,
  findOpportunity,
  findParticipantSubmission,
  listParticipantSubmissions,
  listPayouts,
  participantApplications,
  placesTakenFor,
  submissionTasksFor,
  totalPaidCents,
} from '../store/submissions.ts';
import type { SubmissionRow } from '../store/tables/submissions.table.ts';
import {
  Participant,
  ProfilePatchBody,
  participantRowToParticipant,
  SignupBody,
  SignupResponse,
} from './profile.ts';
import {
  ApplicationBody,
  ApplicationResponse,
  Earnings,
  ListQuery,
  OpportunityParams,
  ParticipantOpportunityDetail,
  ParticipantOpportunityList,
  ParticipantSubmission,
  ParticipantSubmissionList,
  SubmissionParams,
  TaskParams,
} from './schemas.ts';
import { receiveTaskUpload, removeStoredFiles } from './uploads.ts';
import { participantOpportunityView, participantSubmissionView, taskBrief } from './views.ts';

const participant = { auth: 'participant' as const };
const tags = ['Participant'];

/** The participant side (DESIGN 4), under /v2/participant; participant tokens only. */
export async function participantRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  app.post(
    '/participant/signup',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sign up as a participant; returns the profile and a bearer token (shown once)',
        body: SignupBody,
        response: { 200: SignupResponse, ...errorResponses('BAD_REQUEST', 'CONFLICT') },
      },
    },
    async (request) => {
      const created = await signUpParticipant(db, request.body, now());
      return {
        participant: participantRowToParticipant(created.participant),
        token: created.token,
      };
    },
  );

  app.get(
    '/participant/me',
    {
      config: participant,
      schema: {
        tags,
        summary: 'Your profile',
        response: { 200: Participant, ...errorResponses() },
      },
    },
    async (request) => participantRowToParticipant(participantOf(request)),
  );

  app.patch(
    '/participant/me',
    {
      config: participant,
      schema: {
        tags,
        summary: 'Change your profile; the result is validated whole',
        body: ProfilePatchBody,
        response: { 200: Participant, ...errorResponses('BAD_REQUEST', 'CONFLICT') },
      },
    },
    async (request) =>
      participantRowToParticipant(
        await updateParticipantProfile(db, participantOf(request), request.body, now()),
      ),
  );

  app.get(
    '/participant/opportunities',
    {
      config: participant,
      schema: {
        tags,
        summary: 'Recruiting studies open to you, newest first',
        querystring: ListQuery,
        response: { 200: ParticipantOpportunityList, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) =>
      discoverOpportunities(db, {
        participant: participantOf(request),
        limit: request.query.limit ?? 25,
        cursor: request.query.cursor,
        now: now(),
        view: ({ opportunity, placesRemaining }) =>
          participantOpportunityView(opportunity, placesRemaining),
      }),
  );

  app.get(
    '/participant/opportunities/:opportunityId',
    {
      config: participant,
      schema: {
        tags,
        summary: 'A study’s brief, tasks and screener (no grading information)',
        params: OpportunityParams,
        response: { 200: ParticipantOpportunityDetail, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const me = participantOf(request);
      const { opportunityId } = request.params;
      const [opportunity, applications] = await Promise.all([
        findOpportunity(db, opportunityId),
        participantApplications(db, me.id),
      ]);
      const applied = applications.has(opportunityId);
      if (
        !opportunity ||
        !isVisibleTo(opportunity, applied, eligibilityOf(me, applications, now()))
      ) {
        throw opportunityNotFound(opportunityId);
      }
      const parts = opportunityParts(opportunity);
      const taken = await placesTakenFor(db, [opportunity.id], PLACE_TAKING_STATUSES);
      const randomized = opportunity.screening_option_randomization === 'enabled';
      const application = applied
        ? ((await findApplication(db, opportunityId, me.id)) ?? null)
        : null;
      return {
        ...participantOpportunityView(
          opportunity,
          freePlaces(opportunity.num_participants, taken.get(opportunity.id) ?? 0),
        ),
        tasks: parts.tasks.map(taskBrief),
        screening_questions: participantScreenerView(
          parts.questions,
          randomized ? { randomizeSeed: `${opportunity.id}:${me.id}` } : {},
        ),
        application,
      };
    },
  );

  app.post(
    '/participant/opportunities/:opportunityId/applications',
    {
      config: participant,
      schema: {
        tags,
        summary: 'Apply: the answers are graded at once and the application routed',
        params: OpportunityParams,
        body: ApplicationBody,
        response: {
          200: ApplicationResponse,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) =>
      applyToOpportunity(db, {
        participant: participantOf(request),
        opportunityId: request.params.opportunityId,
        answers: request.body.answers,
        now: now(),
      }),
  );

  /** One submission's participant view, with its opportunity and handed-in work. */
  async function submissionView(row: SubmissionRow) {
    const [opportunities, tasks] = await Promise.all([
      findOpportunitiesByIds(db, [row.opportunity_id]),
      submissionTasksFor(db, [row.id]),
    ]);
    const opportunity = opportunities.get(row.opportunity_id);
    if (!opportunity) throw submissionNotFound(row.id);
    return participantSubmissionView(row, opportunity, tasks.get(row.id) ?? [], now());
  }

  app.get(
    '/participant/submissions',
    {
      config: participant,
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
        findOpportunitiesByIds(
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
      config: participant,
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
      config: participant,
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
      config: participant,
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
        config: participant,
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
          const settings = await uploadSettingsFor(me.id, submissionId, sequence);
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

  /** The limits streaming enforces before the submission is checked whole. */
  async function uploadSettingsFor(participantId: string, submissionId: string, sequence: number) {
    const row = await findParticipantSubmission(db, participantId, submissionId);
    if (!row) throw submissionNotFound(submissionId);
    const opportunity = await findOpportunity(db, row.opportunity_id);
    const task =
      opportunity && opportunityParts(opportunity).tasks.find((t) => t.sequence === sequence);
    if (!task) {
      throw new ApiError('NOT_FOUND', `Task ${sequence} not found`, {
        issues: [{ message: `Submission ${submissionId} has no task ${sequence}` }],
      });
    }
    if (task.task_type !== 'file_upload') {
      throw badRequest(`Task ${sequence} is ${task.task_type}; send JSON {"notes": "..."}`);
    }
    const settings = fileUploadSettings(task);
    return { maxFiles: settings.max_files, maxFileSizeBytes: settings.max_file_size_bytes };
  }

  app.get(
    '/participant/earnings',
    {
      config: participant,
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
    throw badRequest('Send JSON {"notes": "..."} or multipart files');
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
