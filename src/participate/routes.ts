import fastifyCookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import type { FastifyError, FastifyRequest } from 'fastify';
import { isDomainError, NotFoundError } from '../platform/errors.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorStatus } from '../platform/http/errors.ts';
import type { App } from '../platform/http/types.ts';
import { assetAt } from './assets.ts';
import { shellTexts } from './locales/shell/index.ts';
import { accountPages } from './pages/accounts.ts';
import { earningsPages } from './pages/earnings.ts';
import { languagePages } from './pages/language.ts';
import { previewPages } from './pages/preview.ts';
import { profilePages } from './pages/profile.ts';
import { sessionPages } from './pages/sessions.ts';
import { studyPages } from './pages/studies.ts';
import { workPages } from './pages/work.ts';
import { yourDataPages } from './pages/your-data.ts';
import { messagePage, participateRouter, requestLocale, sendHtml } from './router.ts';

type ShellKey = keyof typeof shellTexts.messages.en;
const isShellKey = (text: string): text is ShellKey => text in shellTexts.messages.en;

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

  const localeOf = (request: FastifyRequest) => requestLocale(request, context.config);
  const page = (request: FastifyRequest, title: ShellKey, text: ShellKey | string) => {
    const locale = localeOf(request);
    const say = shellTexts.say(locale);
    return messagePage(locale, say(title), isShellKey(text) ? say(text) : text);
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof NotFoundError) {
      return sendHtml(reply, 404, page(request, 'notFoundTitle', 'notFoundStudy'));
    }
    if (isDomainError(error)) {
      // A refusal no page handled itself: said in the reader's language where the use case gave
      // a phrase, else in general words rather than the API's English.
      const locale = localeOf(request);
      const text = error.phrase?.in(locale) ?? shellTexts.text(locale, 'notPossibleText');
      return sendHtml(reply, errorStatus(error), page(request, 'notPossibleTitle', text));
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'participant page failed');
    const locale = localeOf(request);
    return sendHtml(
      reply,
      status,
      status >= 500
        ? page(
            request,
            'failedTitle',
            shellTexts.text(locale, 'failedText', { requestId: request.id }),
          )
        : page(request, 'badRequestTitle', 'badRequestText'),
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendHtml(reply, 404, page(request, 'notFoundTitle', 'notFoundPage')),
  );

  app.get('/assets/:file', { config: { auth: 'public' } }, async (request, reply) => {
    const asset = assetAt(request.url.split('?')[0]!);
    if (!asset) return sendHtml(reply, 404, page(request, 'notFoundTitle', 'notFoundFile'));
    return reply
      .header('content-type', asset.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(asset.body);
  });

  const router = participateRouter(app, context);
  languagePages(app, context, router);
  accountPages(app, context, router);
  previewPages(app, context, router);
  studyPages(router, context);
  await workPages(app, router, context);
  sessionPages(app, router, context);
  earningsPages(router, context);
  profilePages(app, router, context);
  yourDataPages(app, router, context);
}
