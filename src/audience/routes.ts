import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { audienceSize } from './audience-size.ts';
import { PRIVACY_FLOOR } from './audience-size-answer.ts';
import { AudienceSizeBody, AudienceSizeResponse } from './schemas.ts';

export function audienceRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  app.post(
    '/audience/size',
    {
      // A question, not a change: viewer keys may ask it.
      config: { permission: 'read' },
      schema: {
        operationId: 'countAudience',
        tags: ['Filters'],
        summary: 'Count the active participants matching audience filters now',
        description: `Takes an opportunity's \`filters\`, validated the same way (every problem in one 400). Answers \`{"count": N}\`, or \`{"count": null, "fewer_than": ${PRIVACY_FLOOR}}\` when fewer than ${PRIVACY_FLOOR} participants match, so the answer never identifies a person. The count is exact, except on a large panel right after a migration or a large seed, while the audience bitmaps catch up: it may then be an estimate from a fixed random sample, given to two significant figures (docs/api/audience-filters.md, "Audience size").`,
        body: AudienceSizeBody,
        response: { 200: AudienceSizeResponse, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      return audienceSize(db, {
        organizationId: organization.id,
        filters: request.body.filters,
        now: new Date(context.clock()),
        sampleSize: context.config.audienceSampleSize,
        bitmaps: context.config.audienceBitmaps,
      });
    },
  );
}
