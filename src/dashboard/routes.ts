import fastifyCookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import type { FastifyError } from 'fastify';
import { isDomainError, NotFoundError } from '../platform/errors.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorStatus } from '../platform/http/errors.ts';
import type { App } from '../platform/http/types.ts';
import { assetAt } from './assets.ts';
import { auditPages } from './pages/audit.ts';
import { builderPages } from './pages/builder.ts';
import { feasibilityPages } from './pages/feasibility.ts';
import { financePages } from './pages/finance.ts';
import { labWeekPages } from './pages/lab-week.ts';
import { labPages } from './pages/labs.ts';
import { newStudyPages } from './pages/new-study.ts';
import { organizationPages } from './pages/organization.ts';
import { recruitmentPages } from './pages/recruitment.ts';
import { rosterPages } from './pages/roster.ts';
import { screenerEditorPages } from './pages/screener-editor.ts';
import { settingsPages } from './pages/settings.ts';
import { signInRoutes } from './pages/sign-in.ts';
import { studyRedirect } from './pages/study-redirect.ts';
import { studySessionPages } from './pages/study-sessions.ts';
import { submissionActions } from './pages/submission-actions.ts';
import { submissionPages } from './pages/submissions.ts';
import { taskPages } from './pages/tasks.ts';
import { teamPages } from './pages/team.ts';
import { translationPages } from './pages/translations.ts';
import { webhookSettingsPages } from './pages/webhook-settings.ts';
import { dashboardRouter, errorPage, sendHtml, viewerOfRequest } from './router.ts';

/** The dashboard: server-rendered pages under /dashboard, signed in by session cookie. */
export async function dashboardRoutes(app: App, context: AppContext) {
  // Session, form-token and flash cookies, read and written in this scope only.
  await app.register(fastifyCookie);
  // HTML forms post urlencoded bodies; only the dashboard's scope understands them
  // (docs/decisions/0152-fastify-formbody-parses-forms.md).
  await app.register(formBody, { bodyLimit: 512 * 1024 });

  app.addHook('onSend', async (request, reply) => {
    // The security headers come from platform/web/page-headers.ts, for every HTML response.
    if (!request.url.startsWith('/dashboard/assets/')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const viewer = viewerOfRequest(request);
    if (error instanceof NotFoundError) {
      return sendHtml(
        reply,
        404,
        errorPage(viewer, 'Not found', 'There is no such page in this organization.'),
      );
    }
    if (isDomainError(error)) {
      return sendHtml(reply, errorStatus(error), errorPage(viewer, 'Not possible', error.message));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'dashboard page failed');
    return sendHtml(
      reply,
      status,
      errorPage(
        viewer,
        status >= 500 ? 'Something went wrong' : 'Bad request',
        status >= 500
          ? `Something went wrong on our side; request id ${request.id}.`
          : 'The request could not be understood.',
      ),
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendHtml(
      reply,
      404,
      errorPage(viewerOfRequest(request), 'Not found', 'There is no such page.'),
    ),
  );

  app.get('/assets/:file', { config: { auth: 'public' } }, async (request, reply) => {
    const asset = assetAt(request.url.split('?')[0]!);
    if (!asset) {
      return sendHtml(reply, 404, errorPage(undefined, 'Not found', 'No such file.'));
    }
    return reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(asset.body);
  });

  signInRoutes(app, context);
  const router = dashboardRouter(app, context);
  organizationPages(router, context);
  studyRedirect(router, context);
  builderPages(router, context);
  submissionPages(router, context);
  submissionActions(router, context);
  recruitmentPages(router, context);
  taskPages(router, context);
  settingsPages(router, context);
  feasibilityPages(router, context);
  financePages(router, context);
  teamPages(router, context);
  newStudyPages(router, context);
  auditPages(router, context);
  screenerEditorPages(router, context);
  translationPages(router, context);
  webhookSettingsPages(router, context);
  labPages(router, context);
  labWeekPages(router, context);
  studySessionPages(router, context);
  rosterPages(router, context);
}
