import { apiKeyActor } from '../audit/index.ts';
import { financeUrl, findOpportunity } from '../opportunities/index.ts';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { type AjvIssue, describeValidationIssue } from '../platform/http/validation.ts';
import { payBonuses } from './pay.ts';
import {
  BonusList,
  ListBonusesQuery,
  OpportunityParams,
  PaidBonusesResponse,
  PayBonusesBody,
} from './schemas.ts';
import { listOpportunityBonuses } from './store.ts';
import { bonusView } from './view.ts';

const tags = ['Bonuses'];

export function bonusRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.post(
    '/opportunities/:opportunityId/bonuses',
    {
      // Every line is checked by the use case too, so one 400 lists schema and domain problems.
      attachValidation: true,
      schema: {
        tags,
        operationId: 'payBonuses',
        summary: 'Pay bonuses to participants of an opportunity (charges the balance), all or none',
        description:
          'Each line pays `amount_cents` to the participant of a submission of this opportunity that started the work; the balance is charged the bonuses plus the platform fee (BONUS_FEE_PERCENT of the server, 0 by default) on its own ledger line. 1 to 500 lines, one per submission. 400 lists every bad line and pays nothing; 402 when the balance plus overdraft does not cover the total. A repeated call pays again unless it carries the same Idempotency-Key, which answers the first call instead.',
        params: OpportunityParams,
        body: PayBonusesBody,
        response: {
          200: PaidBonusesResponse,
          ...errorResponses('BAD_REQUEST', 'PAYMENT_REQUIRED', 'NOT_FOUND'),
        },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const body = request.body as unknown;
      const schemaProblems = (request.validationError?.validation ?? []) as AjvIssue[];
      const lines =
        typeof body === 'object' &&
        body !== null &&
        Array.isArray((body as { bonuses?: unknown }).bonuses)
          ? (body as { bonuses: unknown[] }).bonuses
          : undefined;
      if (!lines) {
        throw new ValidationError(
          'The request is invalid',
          schemaProblems.length > 0
            ? schemaProblems.map((issue) => ({ message: describeValidationIssue('body', issue) }))
            : [{ message: 'body: must be {"bonuses": [{submission_id, amount_cents, reason}]}' }],
        );
      }
      // Problems outside the lines (an unknown top-level field); the lines' own are checked again.
      const outside = schemaProblems
        .filter((issue) => !(issue.instancePath ?? '').startsWith('/bonuses'))
        .map((issue) => ({ message: describeValidationIssue('body', issue) }));
      const paid = await payBonuses(db, {
        organizationId: customer.organization.id,
        opportunityId: request.params.opportunityId,
        lines,
        schemaIssues: outside,
        feeBasisPoints: context.config.bonusFeeBasisPoints,
        financeUrl: financeUrl(context.config.publicUrl),
        actor: apiKeyActor(customer.key),
        now: new Date(context.clock()),
        // Whose key and which: a run of this request after its key's lease was released from
        // under an earlier run answers with what that run paid.
        requestKey: request.idempotency
          ? `${request.idempotency.scope} ${request.idempotency.key}`
          : undefined,
      });
      return {
        data: paid.bonuses.map(bonusView),
        total_cents: paid.totalCents,
        fee_cents: paid.feeCents,
        currency: 'usd' as const,
      };
    },
  );

  app.get(
    '/opportunities/:opportunityId/bonuses',
    {
      schema: {
        tags,
        operationId: 'listBonuses',
        summary: 'Bonuses paid on an opportunity, newest first',
        params: OpportunityParams,
        querystring: ListBonusesQuery,
        response: { 200: BonusList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const { opportunityId } = request.params;
      if (!(await findOpportunity(db, customer.organization.id, opportunityId))) {
        throw new NotFoundError('Opportunity', opportunityId);
      }
      const limit = request.query.limit ?? 25;
      const rows = await listOpportunityBonuses(db, customer.organization.id, {
        opportunityId,
        cursor: request.query.cursor,
        limit,
      });
      return toPage(rows, limit, (row) => [row.id], bonusView);
    },
  );
}
