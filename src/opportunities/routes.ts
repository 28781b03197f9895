import type { FastifyRequest } from 'fastify';
import { apiKeyActor } from '../audit/index.ts';
import { type Awaitable, andThen } from '../platform/db/awaitable.ts';
import { keptPerSource } from '../platform/db/prepared.ts';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { keptJson, keptJsonCompiler } from '../platform/http/kept-json.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import type { AjvIssue } from '../platform/http/validation.ts';
import { projectDashboardUrl } from '../projects/index.ts';
import { stopOpportunity } from './close.ts';
import { createOpportunity, type OwnGroupIds } from './create.ts';
import { deleteDraft, editDraft } from './edit.ts';
import { fullFormJson } from './full-form-json.ts';
import { launchOpportunity } from './launch.ts';
import type { OpportunityRow } from './opportunities.table.ts';
import { internalStatusesFor } from './opportunity-status.ts';
import {
  financeUrl,
  opportunityRowToOpportunity,
  opportunityRowToSummary,
} from './opportunity-view.ts';
import { pauseOpportunity, resumeOpportunity } from './pause-resume.ts';
import { schemaFindings } from './schema-findings.ts';
import {
  CreateOpportunityBody,
  DeletedOpportunity,
  EmptyBody,
  ListOpportunitiesQuery,
  Opportunity,
  OpportunityList,
  OpportunityParams,
  type OpportunityResponse,
  PatchOpportunityBody,
  StopBody,
} from './schemas.ts';
import {
  findOpportunity,
  listOpportunities,
  type OpportunitySummaryRow,
  opportunityCounters,
} from './store.ts';

/**
 * The create schema's findings, kept rather than answered at once, so one 400 lists them together
 * with the checks that need the database (project, references, feasibility) and the screener's and
 * tasks' own rules. Fields with a structural problem skip their deeper checks.
 */
const findingsOf = (request: FastifyRequest) =>
  schemaFindings((request.validationError?.validation ?? []) as AjvIssue[]);

/**
 * The opportunity forms are written with JSON.stringify rather than the schema-compiled
 * serializer: with nullable unions and record-typed filters, fast-json-stringify checks each value
 * against the union's branches and took three times as long on the full form. The views are typed
 * against the same schemas (a test checks the bytes against them), so the output is the same.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);
/**
 * The full form's 200 with its large parts' JSON kept (full-form-json.ts), and the whole JSON of
 * a kept form (below) written once (kept-json.ts); errors as plainJson.
 */
const fullFormSerializer = ({ httpStatus }: { httpStatus?: string }) =>
  httpStatus === '200'
    ? keptJson((data: unknown) => fullFormJson(data as OpportunityResponse))
    : (data: unknown) => JSON.stringify(data);

/** A draft's counters: one object for all, so a kept draft form is found again (below). */
const NO_COUNTERS: Readonly<Record<string, number>> = Object.freeze({});

/** Launch, pause and resume take no input: a request without a body reads as `{}`. */
async function noBodyIsEmpty(request: FastifyRequest) {
  request.body ??= {};
}

/**
 * What the opportunities' routes need of features above this one, handed in by the composition
 * (src/app.ts).
 */
export interface OpportunityRouteNeeds {
  ownGroupIds: OwnGroupIds;
}

export function opportunityRoutes(
  app: App,
  { database, config, clock }: AppContext,
  needs: OpportunityRouteNeeds,
) {
  const { db } = database;
  const { publicUrl } = config;

  /**
   * The full form of a row, built once per shared row and what else it shows (the counters
   * record, kept per shared result by opportunityCounters; the organization's slug and money),
   * so the repeated reads of an unchanged opportunity hand out the same frozen form and its kept
   * JSON (src/platform/db/prepared.ts, `keptPerSource`).
   */
  const keptFullForm = keptPerSource(
    (
      row: OpportunityRow,
      counters: Readonly<Record<string, number>>,
      organizationSlug: string,
      balanceCents: number,
      overdraftLimitCents: number,
    ): OpportunityResponse =>
      opportunityRowToOpportunity(row, {
        publicUrl,
        organizationSlug,
        balanceCents,
        overdraftLimitCents,
        counters,
      }),
  );

  /** The full form, with the one counters read the launched-only blocks need. */
  function fullForm(request: FastifyRequest, row: OpportunityRow): Awaitable<OpportunityResponse> {
    const { organization } = customerOf(request);
    const counters = row.launched_at === null ? NO_COUNTERS : opportunityCounters(db, row.id);
    return andThen(counters, (counters) =>
      keptFullForm(
        row,
        counters,
        organization.slug,
        organization.balance_cents,
        organization.overdraft_limit_cents,
      ),
    );
  }

  /** A page of shared rows is built once (and its JSON written once, keptJsonCompiler). */
  const summaryPage = keptPerSource(
    (rows: OpportunitySummaryRow[], limit: number, organizationSlug: string) => {
      const context = { publicUrl, organizationSlug };
      return toPage(
        rows,
        limit,
        (row) => [row.id],
        (row) => opportunityRowToSummary(row, context),
      );
    },
  );

  app.post(
    '/opportunities',
    {
      attachValidation: true,
      serializerCompiler: plainJson,
      schema: {
        tags: ['Opportunities'],
        summary: 'Create a priced draft',
        description:
          'Nothing is charged until launch. The incentive is an automatic estimate, or the confirmed CPI of a RESPONDED feasibility request (`feasibility_request_id`). Every problem in the body is listed in one 400.',
        body: CreateOpportunityBody,
        response: { 200: Opportunity, ...errorResponses('BAD_REQUEST', 'CONFLICT') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const body = request.body as unknown;
      const findings = findingsOf(request);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ValidationError('The request is invalid', findings.issues);
      }
      const row = await createOpportunity(db, {
        organization,
        ownGroupIds: needs.ownGroupIds,
        input: request.body,
        schemaIssues: findings.issues,
        malformed: findings.malformed,
        actor: apiKeyActor(customerOf(request).key),
      });
      return fullForm(request, row);
    },
  );

  app.get(
    '/opportunities',
    {
      serializerCompiler: keptJsonCompiler,
      schema: {
        tags: ['Opportunities'],
        summary: 'List opportunities, newest first (summary form)',
        description: '`status=draft` includes opportunities still being prepared.',
        querystring: ListOpportunitiesQuery,
        response: { 200: OpportunityList, ...errorResponses('BAD_REQUEST') },
      },
    },
    // Not async, as the single read below: on the embedded database the page is here at once.
    (request) => {
      const { organization } = customerOf(request);
      const { limit = 25, cursor, status, projectId } = request.query;
      const rows = listOpportunities(db, organization.id, {
        limit,
        cursor,
        statuses: status ? internalStatusesFor(status) : undefined,
        projectId,
      });
      return andThen(rows, (rows) => summaryPage(rows, limit, organization.slug));
    },
  );

  app.get(
    '/opportunities/:opportunityId',
    {
      serializerCompiler: fullFormSerializer,
      schema: {
        tags: ['Opportunities'],
        summary: 'Read an opportunity (full form)',
        description:
          'A draft carries funding; a launched one carries submission_stats, quota_progress, cross_quota_progress and screening_stats.',
        params: OpportunityParams,
        response: { 200: Opportunity, ...errorResponses('NOT_FOUND') },
      },
    },
    // Not async: on the embedded database the row and its counters are here at once, and the
    // answer goes out in the same turn (src/platform/db/awaitable.ts).
    (request) => {
      const { organization } = customerOf(request);
      const { opportunityId } = request.params;
      return andThen(findOpportunity(db, organization.id, opportunityId), (row) => {
        if (!row) throw new NotFoundError('Opportunity', opportunityId);
        return fullForm(request, row);
      });
    },
  );

  app.patch(
    '/opportunities/:opportunityId',
    {
      serializerCompiler: plainJson,
      schema: {
        tags: ['Opportunities'],
        summary: 'Edit a draft (409 once launched, but for the outreach plan)',
        description:
          'Title, internal title, description, the screener (questions, quotas, cross quotas), the recruitment window, the time limits, the language, the translations (checked against the screener and tasks as they will be) and the outreach plan. The price stays as created; a new window moves ending_at. Once launched, a body with `outreach` alone is still taken while the study is active, paused or fulfilled: setting it starts the invitation waves if none run, null stops them (docs/api/invitations.md).',
        params: OpportunityParams,
        body: PatchOpportunityBody,
        response: {
          200: Opportunity,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const row = await editDraft(db, {
        organizationId: organization.id,
        opportunityId: request.params.opportunityId,
        patch: request.body,
        actor: apiKeyActor(customerOf(request).key),
      });
      return fullForm(request, row);
    },
  );

  app.delete(
    '/opportunities/:opportunityId',
    {
      serializerCompiler: plainJson,
      schema: {
        tags: ['Opportunities'],
        summary: 'Delete a draft (409 once launched)',
        params: OpportunityParams,
        response: {
          200: DeletedOpportunity,
          ...errorResponses('NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const row = await deleteDraft(db, {
        organizationId: organization.id,
        opportunityId: request.params.opportunityId,
        actor: apiKeyActor(customerOf(request).key),
      });
      // The study's own pages are gone; its project's list is where it was filed.
      return {
        id: row.id,
        deleted: true as const,
        dashboard_url: projectDashboardUrl(publicUrl, row.project_id),
      };
    },
  );

  app.post(
    '/opportunities/:opportunityId/launch',
    {
      preValidation: noBodyIsEmpty,
      serializerCompiler: plainJson,
      schema: {
        tags: ['Opportunities'],
        summary: 'Launch a draft: charge the balance and start recruiting',
        description:
          'Body: none or `{}`. Returns the opportunity, status active. 402 when the balance plus overdraft does not cover total_cost_cents; 409 unless it is a draft.',
        params: OpportunityParams,
        body: EmptyBody,
        response: {
          200: Opportunity,
          ...errorResponses('BAD_REQUEST', 'PAYMENT_REQUIRED', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const row = await launchOpportunity(db, {
        actor: apiKeyActor(customerOf(request).key),
        organizationId: organization.id,
        opportunityId: request.params.opportunityId,
        financeUrl: financeUrl(publicUrl),
      });
      return fullForm(request, row);
    },
  );

  // Pause and resume differ only in the move they make.
  for (const { path, summary, move } of [
    { path: 'pause', summary: 'Pause recruiting (active to paused)', move: pauseOpportunity },
    {
      path: 'resume',
      summary: 'Resume recruiting (paused to active, or fulfilled or completed)',
      move: resumeOpportunity,
    },
  ]) {
    app.post(
      `/opportunities/:opportunityId/${path}`,
      {
        preValidation: noBodyIsEmpty,
        serializerCompiler: plainJson,
        schema: {
          tags: ['Opportunities'],
          summary,
          params: OpportunityParams,
          body: EmptyBody,
          response: {
            200: Opportunity,
            ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
          },
        },
      },
      async (request) => {
        const { organization } = customerOf(request);
        const row = await move(db, {
          actor: apiKeyActor(customerOf(request).key),
          organizationId: organization.id,
          opportunityId: request.params.opportunityId,
        });
        return fullForm(request, row);
      },
    );
  }

  app.post(
    '/opportunities/:opportunityId/stop',
    {
      serializerCompiler: plainJson,
      schema: {
        tags: ['Opportunities'],
        summary: 'Stop an active or paused opportunity',
        description:
          'Unused budget is refunded, invitations not yet started are withdrawn and waiting applicants declined. 409 for fulfilled, completed and stopped ones, and while any submission awaits review.',
        params: OpportunityParams,
        body: StopBody,
        response: {
          200: Opportunity,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const row = await stopOpportunity(db, {
        actor: apiKeyActor(customerOf(request).key),
        organizationId: organization.id,
        opportunityId: request.params.opportunityId,
        reason: request.body.reason,
        now: new Date(clock()),
      });
      return fullForm(request, row);
    },
  );
}
