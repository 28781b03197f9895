import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { CSV_RESPONSE, sendCsv } from '../platform/http/csv-reply.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { hoursCsv } from './export-csv.ts';
import { readHoursReport } from './hours-report.ts';
import { HoursParams, HoursQuery, HoursReport } from './schemas.ts';

export function hoursRoutes(app: App, { database, clock }: AppContext) {
  const { db } = database;

  app.get(
    '/opportunities/:opportunityId/hours',
    {
      schema: {
        tags: ['Hours'],
        summary: 'Tracked hours per person and local date',
        description:
          "A person's day counts when the instant it opened in their tracker timezone falls in " +
          '[from, to); a day is never split, and one opening exactly at `to` belongs to the next ' +
          'window. The current day is partial (last_updated_at).',
        params: HoursParams,
        querystring: HoursQuery,
        response: { 200: HoursReport, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return readHoursReport(db, {
        organizationId: organization.id,
        opportunityId: request.params.opportunityId,
        from: request.query.from,
        to: request.query.to,
        now: clock(),
      });
    },
  );

  app.get(
    '/opportunities/:opportunityId/hours.csv',
    {
      schema: {
        tags: ['Hours'],
        summary: 'The hours report of a window as CSV, one row per person and local date',
        params: HoursParams,
        querystring: HoursQuery,
        response: { 200: CSV_RESPONSE, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request, reply) => {
      const { organization } = customerOf(request);
      return sendCsv(
        reply,
        await hoursCsv(db, {
          organizationId: organization.id,
          opportunityId: request.params.opportunityId,
          from: request.query.from,
          to: request.query.to,
          now: clock(),
        }),
      );
    },
  );
}
