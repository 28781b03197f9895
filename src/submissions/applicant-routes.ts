import { findOpportunity } from '../opportunities/index.ts';
import { NotFoundError, UnauthorizedError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses, FlatError } from '../platform/http/error-schemas.ts';
import { errorHandler } from '../platform/http/errors.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { ApplicantList, ListApplicantsQuery } from './applicant-schemas.ts';
import { submissionRowToApplicant } from './applicant-view.ts';
import { OpportunityParams } from './schemas.ts';
import { listApplicants } from './store.ts';
import { applicantsDashboardUrl } from './submission-view.ts';

export function applicantRoutes(app: App, { database, config }: AppContext) {
  const { db } = database;

  app.get(
    '/opportunities/:opportunityId/applicants',
    {
      schema: {
        tags: ['Applicants and submissions'],
        summary: 'Applicants awaiting your invite or decline decision, in the order they applied',
        params: OpportunityParams,
        querystring: ListApplicantsQuery,
        response: {
          200: ApplicantList,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND'),
          401: {
            ...FlatError,
            description: 'Missing or invalid API key (flat form, as the contract shows it here)',
          },
        },
      },
      errorHandler: flatUnauthorized,
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { opportunityId } = request.params;
      const opportunity = await findOpportunity(db, organization.id, opportunityId);
      if (!opportunity) throw new NotFoundError('Opportunity', opportunityId);
      const limit = request.query.limit ?? 25;
      const rows = await listApplicants(db, {
        opportunityId,
        cursor: request.query.cursor,
        limit,
        includeTest: request.query.include_test,
      });
      return {
        ...toPage(rows, limit, (row) => [row.id], submissionRowToApplicant),
        dashboard_url: applicantsDashboardUrl(opportunity, {
          publicUrl: config.publicUrl,
          organizationSlug: organization.slug,
        }),
      };
    },
  );
}

/**
 * Contract 7: "The 401 of the applicants listing is shown flat with code UNAUTHORIZED", unlike every
 * other route's nested 401; the rest of the route's errors go through the shared handler.
 */
function flatUnauthorized(...args: Parameters<typeof errorHandler>) {
  const [error, , reply] = args;
  if (error instanceof UnauthorizedError) {
    return reply
      .code(401)
      .send({ code: 'UNAUTHORIZED', message: error.message, issues: [{ message: error.message }] });
  }
  return errorHandler(...args);
}
