import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { CSV_RESPONSE, sendCsv } from '../platform/http/csv-reply.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { submissionsCsv } from './export-csv.ts';
import { SubmissionListParams } from './export-schemas.ts';

/** Exports of an opportunity's submissions, streamed. */
export function submissionExportRoutes(app: App, { database }: AppContext) {
  app.get(
    '/opportunities/:opportunityId/submissions.csv',
    {
      schema: {
        tags: ['Submissions'],
        summary:
          'Every submission as CSV: status, times, payment, one column per screening question',
        params: SubmissionListParams,
        response: { 200: CSV_RESPONSE, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const { organization } = customerOf(request);
      return sendCsv(
        reply,
        await submissionsCsv(database.db, {
          organizationId: organization.id,
          opportunityId: request.params.opportunityId,
        }),
      );
    },
  );
}
