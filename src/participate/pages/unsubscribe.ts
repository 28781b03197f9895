import fastifyCookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type NewStudiesPreference,
  participantOfUnsubscribeLink,
  setNewStudies,
} from '../../participants/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { type AnyLocale, isLocale } from '../../platform/i18n/locales.ts';
import { formOf } from '../../platform/web/forms.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { participantPage } from '../layout.ts';
import { unsubscribeTexts } from '../locales/unsubscribe/index.ts';
import { LANGUAGE_COOKIE } from '../page-locale.ts';
import { requestLocale, sendHtml } from '../router.ts';

type Receiving = Exclude<NewStudiesPreference, 'never'>;
const receiving = (value: unknown): Receiving => (value === 'daily' ? 'daily' : 'each');

/**
 * The link in every invitation and digest (RFC 8058 one-click, docs/decisions/0167-mail-a-person-can-trust.md),
 * at `/unsubscribe/{token}` beside the front door: the signed token names the participant, so no
 * session is needed.
 *
 * - `POST /unsubscribe/{token}`, whatever its body (a mailbox provider posts
 *   `List-Unsubscribe=One-Click`), sets `new_studies` to `never` and answers 200 with the page.
 * - `GET` (a person opening the link) does the same and shows the page, which offers to undo. A
 *   HEAD, as link checkers send, changes nothing.
 * - `POST /unsubscribe/{token}/undo` puts back what it was (each or daily, carried by the form) and
 *   goes to `GET /unsubscribe/{token}/preference`, which only shows where things stand; the
 *   language switcher comes back there too, so choosing a language repeats nothing.
 *
 * A bad token is a 404 page. The page speaks the language the switcher chose in this browser, else
 * the participant's own.
 */
export async function unsubscribePages(app: App, context: AppContext) {
  await app.register(
    async (scope) => {
      await scope.register(fastifyCookie);
      // Any body but the undo form's is accepted and ignored, JSON included: RFC 8058 fixes what
      // the POST means, not what it carries.
      scope.removeAllContentTypeParsers();
      await scope.register(formBody, { bodyLimit: 64 * 1024 });
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) =>
        done(null, undefined),
      );
      routes(scope as unknown as App, context);
    },
    { prefix: '/unsubscribe' },
  );
}

function routes(app: App, context: AppContext) {
  const { db } = context.database;
  const route = { config: { auth: 'public' as const } };

  /** The participant the token names and the page's language; undefined after a 404 is sent. */
  async function visit(request: FastifyRequest, reply: FastifyReply) {
    const { token } = request.params as { token: string };
    const participant = await participantOfUnsubscribeLink(db, token);
    const chosen = request.cookies[LANGUAGE_COOKIE];
    const locale = requestLocale(
      request,
      context.config,
      participant && !isLocale(chosen) ? participant : undefined,
    );
    reply.header('cache-control', 'no-store');
    if (!participant) {
      const say = unsubscribeTexts.say(locale);
      const sayHtml = unsubscribeTexts.sayHtml(locale);
      sendHtml(
        reply,
        404,
        participantPage({
          locale,
          title: say('invalidTitle'),
          body: html`<section class="card"><p>${sayHtml('invalidText', {}, { link: profileLink })}</p></section>`,
        }),
      );
      return undefined;
    }
    return { token, participant, locale };
  }

  async function unsubscribe(request: FastifyRequest, reply: FastifyReply) {
    const found = await visit(request, reply);
    if (!found) return reply;
    const before =
      request.method === 'HEAD'
        ? found.participant.newStudies
        : (await setNewStudies(db, found.participant.id, 'never'))?.previous;
    // Already `never` (a mailbox provider's one-click came first): undo means each.
    const undoTo = receiving(before);
    return sendHtml(reply, 200, unsubscribedPage(found.locale, found.token, undoTo));
  }

  app.get('/:token', route, unsubscribe);
  app.post('/:token', route, unsubscribe);

  app.post('/:token/undo', route, async (request, reply) => {
    const found = await visit(request, reply);
    if (!found) return reply;
    const to = receiving(formOf(request.body).new_studies);
    await setNewStudies(db, found.participant.id, to);
    return reply
      .code(303)
      .header('location', `${tokenPath(found.token)}/preference`)
      .send();
  });

  app.get('/:token/preference', route, async (request, reply) => {
    const found = await visit(request, reply);
    if (!found) return reply;
    const { newStudies } = found.participant;
    const page =
      newStudies === 'never'
        ? unsubscribedPage(
            found.locale,
            found.token,
            receiving((request.query as { was?: string }).was),
          )
        : subscribedPage(found.locale, found.token, newStudies);
    return sendHtml(reply, 200, page);
  });
}

const tokenPath = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

const profileLink = (inner: Html) => html`<a href="/participate/profile">${inner}</a>`;

/** Done, with the undo: a form, since a GET must change nothing a link checker could follow. */
function unsubscribedPage(locale: AnyLocale, token: string, undoTo: Receiving): Html {
  const say = unsubscribeTexts.say(locale);
  const sayHtml = unsubscribeTexts.sayHtml(locale);
  return participantPage({
    locale,
    title: say('unsubscribedTitle'),
    path: `${tokenPath(token)}/preference?was=${undoTo}`,
    body: html`<section class="card">
      <p>${say('unsubscribedText')}</p>
      <form method="post" action="${tokenPath(token)}/undo">
        <input type="hidden" name="new_studies" value="${undoTo}">
        <button type="submit" class="primary">${say('undoButton')}</button>
      </form>
      <p>${sayHtml('manageInProfile', {}, { link: profileLink })}</p>
    </section>`,
  });
}

function subscribedPage(locale: AnyLocale, token: string, preference: Receiving): Html {
  const say = unsubscribeTexts.say(locale);
  const sayHtml = unsubscribeTexts.sayHtml(locale);
  return participantPage({
    locale,
    title: say('subscribedTitle'),
    path: `${tokenPath(token)}/preference`,
    body: html`<section class="card">
      <p>${say('subscribedText', { preference })}</p>
      <form method="post" action="${tokenPath(token)}">
        <button type="submit">${say('unsubscribeAgainButton')}</button>
      </form>
      <p>${sayHtml('manageInProfile', {}, { link: profileLink })}</p>
    </section>`,
  });
}
