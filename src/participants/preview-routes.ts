import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import type { App } from '../platform/http/types.ts';
import { createPreview } from './preview.ts';
import { Preview, PreviewParams } from './preview-schemas.ts';

/** A researcher's preview of a study through a test participant; charges nothing. */
export function previewRoutes(app: App, context: AppContext) {
  const { db } = context.database;

  app.post(
    '/opportunities/:opportunityId/preview',
    {
      schema: {
        tags: ['Opportunities'],
        summary:
          'Preview as a test participant (any status, drafts too): a one-time link and a token; charges nothing',
        description:
          'Makes a new test participant who sees the study and its screener exactly as a participant would, in any status including draft. Its applications and work are marked `test: true`: never charged or paid, they take no place, send no webhook, stay out of statistics, and are listed only with `include_test=true`. The url works once, for an hour.',
        params: PreviewParams,
        response: { 200: Preview, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) =>
      createPreview(db, {
        organizationId: customerOf(request).organization.id,
        opportunityId: request.params.opportunityId,
        publicUrl: context.config.publicUrl,
        now: new Date(context.clock()),
      }),
  );
}
