import { apiKeyActor } from '../audit/index.ts';
import { financeUrl, findOpportunity } from '../opportunities/index.ts';
import { NotFoundError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { runPayout } from './run.ts';
import {
  CreatePayoutRunBody,
  ListPayoutRunsQuery,
  OpportunityParams,
  PayoutRunDetail,
  PayoutRunList,
  PayoutRunParams,
} from './schemas.ts';
import { findPayoutRun, listPayoutRuns } from './store.ts';
import { payoutRunDetailView, payoutRunView } from './view.ts';

const tags = ['Payout runs'];

export function payoutRunRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const now = () => new Date(context.clock());

  app.post(
    '/opportunities/:opportunityId/payout-runs',
    {
      // `until` is optional, so no body at all means `{}`.
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
      schema: {
        tags,
        operationId: 'createPayoutRun',
        summary: 'Pay approved work of an hourly or per-task opportunity (charges the balance)',
        description:
          'Pays, in one transaction, every approved tracked second (hourly) or approved task (per_task) not paid before, up to `until` (default now), at the opportunity’s rate: each line is charged to the balance and paid to the participant. 402 when the balance plus overdraft does not cover the total (nothing is paid); 409 on a one_time opportunity or a draft. A unit of work is never paid twice, even by runs racing; send an Idempotency-Key to make a retried call answer the first run.',
        params: OpportunityParams,
        body: CreatePayoutRunBody,
        response: {
          200: PayoutRunDetail,
          ...errorResponses('BAD_REQUEST', 'PAYMENT_REQUIRED', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const result = await runPayout(db, {
        organizationId: customer.organization.id,
        opportunityId: request.params.opportunityId,
        until: request.body.until,
        now: now(),
        financeUrl: financeUrl(context.config.publicUrl),
        actor: apiKeyActor(customer.key),
        trigger: 'api',
      });
      return payoutRunDetailView(result!.run, result!.lines);
    },
  );

  app.get(
    '/opportunities/:opportunityId/payout-runs',
    {
      schema: {
        tags,
        operationId: 'listPayoutRuns',
        summary: 'An opportunity’s payout runs, newest first',
        params: OpportunityParams,
        querystring: ListPayoutRunsQuery,
        response: { 200: PayoutRunList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const { opportunityId } = request.params;
      if (!(await findOpportunity(db, customer.organization.id, opportunityId))) {
        throw new NotFoundError('Opportunity', opportunityId);
      }
      const limit = request.query.limit ?? 25;
      const rows = await listPayoutRuns(db, customer.organization.id, {
        opportunityId,
        cursor: request.query.cursor,
        limit,
      });
      return toPage(rows, limit, (row) => [row.id], payoutRunView);
    },
  );

  app.get(
    '/opportunities/:opportunityId/payout-runs/:payoutRunId',
    {
      schema: {
        tags,
        operationId: 'getPayoutRun',
        summary: 'One payout run with its lines (participant, seconds or tasks, amount)',
        params: PayoutRunParams,
        response: { 200: PayoutRunDetail, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const { opportunityId, payoutRunId } = request.params;
      const found = await findPayoutRun(db, customer.organization.id, opportunityId, payoutRunId);
      if (!found) throw new NotFoundError('Payout run', payoutRunId);
      return payoutRunDetailView(found.run, found.lines);
    },
  );
}
