import { isApplicant, type SubmissionLifecycleStatus } from '../admission/index.ts';
import { apiKeyActor } from '../audit/index.ts';
import { findOpportunity, opportunityParts } from '../opportunities/index.ts';
import { findParticipant, findParticipantsByIds } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { NotFoundError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext, CustomerAuth } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { fileResponse } from '../platform/http/openapi.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { fileStoreFor } from '../platform/storage/index.ts';
import { requestReturn, type TellAboutReturn } from './request-return.ts';
import {
  approveSubmission,
  declineApplicant,
  inviteApplicant,
  rejectSubmission,
} from './review.ts';
import {
  ApproveBody,
  ApproveResponse,
  FileParams,
  ListSubmissionsQuery,
  OpportunityParams,
  RejectBody,
  RequestReturnBody,
  Submission,
  SubmissionDetail,
  SubmissionList,
  SubmissionParams,
} from './schemas.ts';
import { findOwnedSubmission, listOpportunitySubmissions, submissionTasksFor } from './store.ts';
import {
  submissionDashboardUrl,
  submissionRowToSubmission,
  submissionsDashboardUrl,
  submissionTasksView,
} from './submission-view.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { openStoredFile } from './uploads.ts';
import type { StoredFile } from './work.ts';

const tags = ['Applicants and submissions'];

/**
 * What the submissions' routes need of features above this one (bonuses, messages), handed in by
 * the composition (src/app.ts).
 */
export interface SubmissionRouteNeeds {
  /** The bonuses paid on a submission, oldest first, shown on its read. */
  bonusesOf: (
    db: Db,
    submissionId: string,
  ) => Promise<{ id: string; amount_cents: number; reason: string | null; created_at: string }[]>;
  /** How a participant is told their place was asked back (a message in their inbox). */
  tellAboutReturn: (publicUrl: string, now: Date) => TellAboutReturn;
}

export function submissionRoutes(app: App, context: AppContext, needs: SubmissionRouteNeeds) {
  const { db } = context.database;
  const { config } = context;
  const files = fileStoreFor(context.database, config);
  const now = () => new Date(context.clock());
  const policyOf = (customer: CustomerAuth) => ({
    hideIdentity: customer.organization.hide_identity === 1,
  });
  const dashboardOf = (customer: CustomerAuth) => ({
    publicUrl: config.publicUrl,
    organizationSlug: customer.organization.slug,
  });

  /** Contract 2.11: an applicant awaiting a decision is not a submission, so it reads as 404. */
  async function ownedSubmission(customer: CustomerAuth, submissionId: string) {
    const row = await findOwnedSubmission(db, customer.organization.id, submissionId);
    if (!row || isApplicant(row.status as SubmissionLifecycleStatus)) {
      throw new NotFoundError('Submission', submissionId);
    }
    return row;
  }

  async function toSubmission(customer: CustomerAuth, row: SubmissionRow) {
    return submissionRowToSubmission(
      row,
      await findParticipant(db, row.participant_id),
      policyOf(customer),
    );
  }

  app.get(
    '/opportunities/:opportunityId/submissions',
    {
      schema: {
        tags,
        summary: 'Submissions of an opportunity, newest first, optionally by status',
        params: OpportunityParams,
        querystring: ListSubmissionsQuery,
        response: { 200: SubmissionList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const { opportunityId } = request.params;
      const opportunity = await findOpportunity(db, customer.organization.id, opportunityId);
      if (!opportunity) throw new NotFoundError('Opportunity', opportunityId);
      const limit = request.query.limit ?? 25;
      const rows = await listOpportunitySubmissions(db, {
        opportunityId,
        status: request.query.status,
        cursor: request.query.cursor,
        limit,
        includeTest: request.query.include_test,
      });
      const participants = await findParticipantsByIds(
        db,
        rows.slice(0, limit).map((row) => row.participant_id),
      );
      const policy = policyOf(customer);
      return {
        ...toPage(
          rows,
          limit,
          (row) => [row.id],
          (row) => submissionRowToSubmission(row, participants.get(row.participant_id), policy),
        ),
        dashboard_url: submissionsDashboardUrl(opportunity, dashboardOf(customer)),
      };
    },
  );

  app.get(
    '/submissions/:submissionId',
    {
      schema: {
        tags,
        summary: 'A submission with its screening answers and per-task progress',
        params: SubmissionParams,
        response: { 200: SubmissionDetail, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const row = await ownedSubmission(customer, request.params.submissionId);
      const [opportunity, participant, tasks, bonuses] = await Promise.all([
        findOpportunity(db, customer.organization.id, row.opportunity_id),
        findParticipant(db, row.participant_id),
        submissionTasksFor(db, [row.id]),
        needs.bonusesOf(db, row.id),
      ]);
      if (!opportunity) throw new NotFoundError('Submission', row.id);
      return {
        ...submissionRowToSubmission(row, participant, policyOf(customer)),
        tasks: submissionTasksView(
          row.id,
          opportunityParts(opportunity).tasks,
          tasks.get(row.id) ?? [],
          now(),
        ),
        bonuses: bonuses.map((bonus) => ({
          id: bonus.id,
          amount_cents: bonus.amount_cents,
          reason: bonus.reason,
          created_at: bonus.created_at,
        })),
      };
    },
  );

  app.post(
    '/submissions/:submissionId/invite',
    {
      schema: {
        tags,
        summary: 'Invite an applicant: it becomes a screen_passed submission',
        params: SubmissionParams,
        response: { 200: Submission, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const row = await inviteApplicant(db, {
        actor: apiKeyActor(customerOf(request).key),
        organizationId: customer.organization.id,
        submissionId: request.params.submissionId,
        now: now(),
        publicUrl: context.config.publicUrl,
      });
      return toSubmission(customer, row);
    },
  );

  app.post(
    '/submissions/:submissionId/decline',
    {
      schema: {
        tags,
        summary: 'Decline an applicant: screened_out; 409 when not awaiting a decision',
        params: SubmissionParams,
        response: { 200: Submission, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const row = await declineApplicant(db, {
        actor: apiKeyActor(customerOf(request).key),
        organizationId: customer.organization.id,
        submissionId: request.params.submissionId,
        now: now(),
      });
      return toSubmission(customer, row);
    },
  );

  app.post(
    '/submissions/:submissionId/approve',
    {
      schema: {
        tags,
        summary: 'Approve work awaiting review: approved (participant paid) or in_progress',
        params: SubmissionParams,
        body: ApproveBody,
        response: {
          200: ApproveResponse,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const row = await approveSubmission(db, {
        actor: apiKeyActor(customerOf(request).key),
        organizationId: customer.organization.id,
        submissionId: request.params.submissionId,
        now: now(),
      });
      const opportunity = await findOpportunity(db, customer.organization.id, row.opportunity_id);
      return {
        id: row.id,
        status: row.status as 'approved' | 'in_progress',
        dashboard_url: opportunity
          ? submissionDashboardUrl(opportunity, row.id, dashboardOf(customer))
          : null,
      };
    },
  );

  app.post(
    '/submissions/:submissionId/reject',
    {
      // Both fields are optional, so no body at all means `{}`.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: {
        tags,
        summary: 'Reject work awaiting review, with an optional category and reason',
        params: SubmissionParams,
        body: RejectBody,
        response: {
          200: Submission,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const row = await rejectSubmission(db, {
        actor: apiKeyActor(customerOf(request).key),
        organizationId: customer.organization.id,
        submissionId: request.params.submissionId,
        rejectionCategory: request.body.rejection_category ?? null,
        rejectionReason: request.body.rejection_reason ?? null,
        now: now(),
      });
      return toSubmission(customer, row);
    },
  );

  app.post(
    '/submissions/:submissionId/request-return',
    {
      schema: {
        tags,
        summary: 'Ask the participant to give the place back (screen_passed or in_progress)',
        description:
          'Records the request on the submission (return_requested_at, return_request_reason) and sends the participant your reason with a link to return the place. The status does not change: the participant decides. 409 unless the submission holds a place for work.',
        params: SubmissionParams,
        body: RequestReturnBody,
        response: {
          200: Submission,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const row = await requestReturn(db, {
        actor: apiKeyActor(customerOf(request).key),
        organizationId: customer.organization.id,
        submissionId: request.params.submissionId,
        reason: request.body.reason,
        now: now(),
        tell: needs.tellAboutReturn(config.publicUrl, now()),
      });
      return toSubmission(customer, row);
    },
  );

  app.get(
    '/submissions/:submissionId/files/:fileId',
    {
      schema: {
        tags,
        summary: 'Download a file handed in for a file_upload task',
        params: FileParams,
        response: {
          200: fileResponse('The file as handed in, with its own content type'),
          ...errorResponses('NOT_FOUND'),
        },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      const { submissionId, fileId } = request.params;
      const row = await ownedSubmission(customer, submissionId);
      const tasks = (await submissionTasksFor(db, [row.id])).get(row.id) ?? [];
      const file = tasks
        .flatMap((task) => JSON.parse(task.files) as StoredFile[])
        .find((candidate) => candidate.id === fileId);
      if (!file) {
        throw new NotFoundError('File', fileId, [
          { message: `Submission ${submissionId} has no file ${fileId}` },
        ]);
      }
      const stream = await openStoredFile(files, submissionId, file, request.log);
      return reply
        .header('content-type', file.mime_type)
        .header('content-length', String(file.size_bytes))
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .send(stream);
    },
  );
}
