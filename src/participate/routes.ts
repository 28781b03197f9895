import fastifyCookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import type { FastifyError } from 'fastify';
import { isDomainError, NotFoundError } from '../platform/errors.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorStatus } from '../platform/http/errors.ts';
import type { App } from '../platform/http/types.ts';
import { assetAt } from './assets.ts';
import { accountPages } from './pages/accounts.ts';
import { earningsPages } from './pages/earnings.ts';
import { previewPages } from './pages/preview.ts';
import { profilePages } from './pages/profile.ts';
import { studyPages } from './pages/studies.ts';
import { workPages } from './pages/work.ts';
import { yourDataPages } from './pages/your-data.ts';
import { messagePage, participateRouter, sendHtml } from './router.ts';

/** The participant web app under /participate (docs/participant-app.md). */
export async function participateRoutes(app: App, context: AppContext) {
  // Session, form-token and flash cookies, read and written in this scope only.
  await app.register(fastifyCookie);
  // HTML forms post urlencoded bodies (docs/decisions/0152-fastify-formbody-parses-forms.md).
  await app.register(formBody, { bodyLimit: 256 * 1024 });

  app.addHook('onSend', async (request, reply) => {
    if (
      !request.url.startsWith('/participate/assets/') &&
      !request.url.startsWith('/participate/options/')
    ) {
      // The security headers come from platform/web/page-headers.ts, for every HTML response.
      reply.header('cache-control', 'no-store');
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof NotFoundError) {
      return sendHtml(
        reply,
        404,
        messagePage('Not found', 'There is no such study or page for you.'),
      );
    }
    if (isDomainError(error)) {
      return sendHtml(reply, errorStatus(error), messagePage('Not possible', error.message));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'participant page failed');
    return sendHtml(
      reply,
      status,
      messagePage(
        status >= 500 ? 'Something went wrong' : 'Bad request',
        status >= 500
          ? `Something went wrong on our side; request id ${request.id}.`
          : 'The request could not be understood.',
      ),
    );
  });

  app.setNotFoundHandler((_request, reply) =>
    sendHtml(reply, 404, messagePage('Not found', 'There is no such page.')),
  );

  app.get('/assets/:file', { config: { auth: 'public' } }, async (request, reply) => {
    const asset = assetAt(request.url.split('?')[0]!);
    if (!asset) return sendHtml(reply, 404, messagePage('Not found', 'No such file.'));
    return reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(asset.body);
  });

  const router = participateRouter(app, context);
  accountPages(app, context, router);
  previewPages(app, context, router);
  studyPages(router, context);
  await workPages(app, router, context);
  earningsPages(router, context);
  profilePages(app, router, context);
  yourDataPages(app, router, context);
}
