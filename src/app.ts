import Fastify, { type FastifyServerOptions } from 'fastify';
import { audienceRoutes } from './audience/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { listSubmissionBonuses } from './bonuses/index.ts';
import { bonusRoutes } from './bonuses/routes.ts';
import { briefingRoutes } from './briefing/routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { discoveryRoutes } from './discovery/routes.ts';
import { feasibilityRoutes } from './feasibility/routes.ts';
import { filterRoutes } from './filters/routes.ts';
import { hoursRoutes } from './hours/routes.ts';
import { timeEntryRoutes } from './hours/time-entry-routes.ts';
import { invitationRoutes } from './invitations/index.ts';
import { labRoutes } from './labs/index.ts';
import { tellByMessage } from './messages/index.ts';
import { participantMessageRoutes } from './messages/participant-routes.ts';
import { messageRoutes } from './messages/routes.ts';
import { opportunityRoutes } from './opportunities/routes.ts';
import { participantDataRoutes } from './participant-data/routes.ts';
import { ownGroupIds } from './participant-groups/index.ts';
import { participantGroupRoutes } from './participant-groups/routes.ts';
import { participantRoutes } from './participants/routes.ts';
import { frontDoorRoutes } from './participate/front-door.ts';
import { unsubscribePages } from './participate/pages/unsubscribe.ts';
import { participateRoutes } from './participate/routes.ts';
import { payoutRunRoutes } from './payout-runs/routes.ts';
import { registerAuth } from './platform/http/auth.ts';
import type { AppContext } from './platform/http/context.ts';
import { errorHandler, notFoundHandler } from './platform/http/errors.ts';
import { registerIdempotency } from './platform/http/idempotency.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { registerOperations } from './platform/http/operations.ts';
import { lazyRequestLogger } from './platform/http/request-logger.ts';
import { registerSerializers } from './platform/http/serializers.ts';
import type { App } from './platform/http/types.ts';
import { registerValidators } from './platform/http/validation.ts';
import { registerPageHeaders } from './platform/web/page-headers.ts';
import { projectRoutes } from './projects/routes.ts';
import { docsRoutes } from './reference/routes.ts';
import { participantSessionRoutes, sessionRoutes } from './sessions/index.ts';
import { applicantRoutes } from './submissions/applicant-routes.ts';
import { submissionExportRoutes } from './submissions/export-routes.ts';
import { participantSubmissionRoutes } from './submissions/participant-routes.ts';
import { submissionRoutes } from './submissions/routes.ts';
import { WEBHOOK_DOCUMENTATION } from './webhooks/index.ts';
import { hookRoutes } from './webhooks/routes.ts';
import './subscriptions.ts';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the whole HTTP app without listening, so tests, the server and benchmarks share one
 * construction.
 */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Without a logger Fastify hands every request the same no-op logger, which costs nothing.
    childLoggerFactory: options.logger ? lazyRequestLogger : undefined,
    bodyLimit: 1024 * 1024,
    // Requests behind a proxy keep their id from the proxy when it sends one.
    requestIdHeader: 'x-request-id',
  }).withTypeProvider() as unknown as App;

  registerValidators(app);
  registerSerializers(app);
  // Only JSON bodies are understood; anything else is a 400 rather than a confusing schema error.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  registerAuth(app, context);
  // Every HTML page, whichever feature serves it, gets the same security headers.
  registerPageHeaders(app, context.config.publicUrl);
  // Before any route: the OpenAPI document collects every route, and metrics see every request.
  registerOpenApi(app, context, WEBHOOK_DOCUMENTATION);
  registerOperations(app, context);
  // After auth (keys are scoped to the caller) and before any route.
  registerIdempotency(app, context);

  await app.register(
    async (v2) => {
      const api = v2 as unknown as App;
      projectRoutes(api, context);
      briefingRoutes(api, context);
      opportunityRoutes(api, context, { ownGroupIds });
      feasibilityRoutes(api, context);
      filterRoutes(api, context);
      audienceRoutes(api, context);
      hoursRoutes(api, context);
      timeEntryRoutes(api, context);
      applicantRoutes(api, context);
      submissionRoutes(api, context, {
        bonusesOf: listSubmissionBonuses,
        tellAboutReturn: tellByMessage,
      });
      submissionExportRoutes(api, context);
      participantRoutes(api, context);
      discoveryRoutes(api, context);
      participantDataRoutes(api, context);
      await participantSubmissionRoutes(api, context);
      hookRoutes(api, context);
      payoutRunRoutes(api, context);
      bonusRoutes(api, context);
      invitationRoutes(api, context);
      messageRoutes(api, context);
      participantMessageRoutes(api, context);
      participantGroupRoutes(api, context);
      labRoutes(api, context);
      sessionRoutes(api, context);
      participantSessionRoutes(api, context);
      auditRoutes(api, context);
    },
    { prefix: '/v2' },
  );
  // The browser pages behind every dashboard_url; they sign in by session, not API key.
  await app.register(async (dashboard) => dashboardRoutes(dashboard as unknown as App, context), {
    prefix: '/dashboard',
  });
  // The participant web app, signed in by its own session cookie; the front door leads to both.
  await app.register(
    async (participate) => participateRoutes(participate as unknown as App, context),
    { prefix: '/participate' },
  );
  frontDoorRoutes(app, context);
  await unsubscribePages(app, context);
  // The interactive API reference, rendered from /v2/openapi.json with assets served from here.
  await app.register(async (docs) => docsRoutes(docs as unknown as App, context), {
    prefix: '/docs',
  });
  return app;
}
