import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { PageQuery, toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { AuditEventList } from './schemas.ts';
import { listAuditEvents } from './store.ts';
import { auditEventView } from './view.ts';

const tags = ['Audit log'];

export function auditRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.get(
    '/audit-events',
    {
      schema: {
        tags,
        summary: 'The organization’s audit log, newest first',
        description:
          'Who did what to the organization’s money and settings: payout runs, bonuses, pay rates set by an operator, and more as they are recorded.',
        querystring: PageQuery,
        response: { 200: AuditEventList, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const limit = request.query.limit ?? 25;
      const rows = await listAuditEvents(db, customer.organization.id, {
        cursor: request.query.cursor,
        limit,
      });
      return toPage(rows, limit, (row) => [row.id], auditEventView);
    },
  );
}
