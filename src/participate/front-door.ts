import type { AppContext } from '../platform/http/context.ts';
import type { App } from '../platform/http/types.ts';
import type { AnyLocale } from '../platform/i18n/locales.ts';
import { type Html, html } from '../platform/web/html.ts';
import { participantPage } from './layout.ts';
import { shellTexts } from './locales/shell/index.ts';
import { requestLocale, sendHtml } from './router.ts';

/** `GET /`: two ways in, for the people who run studies and the people who take part. */
export function frontDoorRoutes(app: App, context: AppContext) {
  const host = new URL(context.config.publicUrl).host;
  // The page changes only with its language: each is rendered once.
  const pages = new Map<AnyLocale, Html>();
  const pageIn = (locale: AnyLocale): Html => {
    const say = shellTexts.say(locale);
    const sayHtml = shellTexts.sayHtml(locale);
    return participantPage({
      locale,
      title: say('frontDoorTitle', { host }),
      path: '/',
      body: html`<div class="doors">
      <section class="card door" aria-labelledby="take-part">
        <h2 id="take-part">${say('takePartHeading')}</h2>
        <p>${say('takePartText')}</p>
        <p><a class="button primary" href="/participate/sign-up">${say('joinPanel')}</a></p>
        <p>${sayHtml('alreadyParticipant', {}, { link: (inner) => html`<a href="/participate/sign-in">${inner}</a>` })}</p>
      </section>
      <section class="card door" aria-labelledby="run-studies">
        <h2 id="run-studies">${say('runStudiesHeading')}</h2>
        <p>${say('runStudiesText')}</p>
        <p><a class="button" href="/dashboard/sign-in">${say('researcherSignIn')}</a></p>
        <p><a href="/docs">${say('apiReference')}</a></p>
        ${locale === 'en' ? '' : html`<p class="hint">${say('researcherPagesInEnglish')}</p>`}
      </section>
    </div>`,
    });
  };
  app.get('/', { config: { auth: 'public' } }, async (request, reply) => {
    const locale = requestLocale(request, context.config);
    let page = pages.get(locale);
    if (!page) {
      page = pageIn(locale);
      pages.set(locale, page);
    }
    return sendHtml(
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie'),
      200,
      page,
    );
  });
}
