import { NotFoundError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { createFeasibilityRequest } from './create.ts';
import { feasibilityRowToRequest } from './feasibility-view.ts';
import { CreateFeasibilityRequestBody, FeasibilityParams, FeasibilityRequest } from './schemas.ts';
import { findFeasibilityRequest } from './store.ts';

export function feasibilityRoutes(app: App, { database, config }: AppContext) {
  const { db } = database;

  app.post(
    '/feasibility/requests',
    {
      schema: {
        tags: ['Feasibility'],
        summary: 'Ask for a price per participant (answered asynchronously)',
        description:
          'Created RECEIVED. Briefs within the automatic bounds are priced within seconds (RESPONDED); others wait for an operator. Poll GET /feasibility/requests/{requestId}.',
        body: CreateFeasibilityRequestBody,
        response: { 200: FeasibilityRequest, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const body = request.body;
      const row = await createFeasibilityRequest(db, organization.id, {
        ...body,
        payRateFrequency: body.payRateFrequency ?? 'ONE_TIME',
      });
      return feasibilityRowToRequest(row, config.publicUrl);
    },
  );

  app.get(
    '/feasibility/requests/:requestId',
    {
      schema: {
        tags: ['Feasibility'],
        summary: 'Read a feasibility request',
        params: FeasibilityParams,
        response: { 200: FeasibilityRequest, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { requestId } = request.params;
      const row = await findFeasibilityRequest(db, organization.id, requestId);
      if (!row) throw new NotFoundError('Feasibility request', requestId);
      return feasibilityRowToRequest(row, config.publicUrl);
    },
  );
}
