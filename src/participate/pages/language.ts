import { setParticipantLanguage } from '../../participants/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { isLocale } from '../../platform/i18n/locales.ts';
import { cookieAttributes } from '../../platform/web/cookies.ts';
import { formOf, tokensMatch } from '../../platform/web/forms.ts';
import { LANGUAGE_COOKIE } from '../page-locale.ts';
import { type ParticipateRouter, seeOther } from '../router.ts';

const A_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The path of the page the switcher was on, when the form did not name it. */
function refererPath(referer: string | undefined): string | undefined {
  const url = referer ? URL.parse(referer) : null;
  return url ? `${url.pathname}${url.search}` : undefined;
}

/**
 * Where the switcher may bring the reader back to: the front door, a participant page, or an
 * unsubscribe link's page (src/participate/pages/unsubscribe.ts).
 */
function backTo(next: string | undefined): string {
  if (next === '/') return '/';
  if (typeof next !== 'string') return '/participate';
  if (!/^\/(?:participate|unsubscribe)(?:[/?#]|$)/.test(next) || /[\\\s]|\/\//.test(next))
    return '/participate';
  return next;
}

/**
 * The language switcher's target (docs/participant-app.md, "Languages"). Signed in, with the
 * session's form token, the choice becomes the participant's `language`, which their mails follow
 * too. In any case a cookie remembers it for the signed-out pages and the front door. A choice is
 * a preference, not an account change, so a signed-out visitor needs no token for it.
 */
export function languagePages(app: App, context: AppContext, router: ParticipateRouter) {
  const { db } = context.database;
  const secure = context.config.publicUrl.startsWith('https:');

  app.post('/language', { config: { auth: 'public' } }, async (request, reply) => {
    const form = formOf(request.body);
    const next = backTo(form.next ?? refererPath(request.headers.referer));
    const language = form.language;
    if (!isLocale(language)) return seeOther(reply, next);
    reply.setCookie(
      LANGUAGE_COOKIE,
      language,
      cookieAttributes({ maxAgeSeconds: A_YEAR_SECONDS, secure, path: '/' }),
    );
    const visit = await router.visitOf(request, reply);
    if (visit && tokensMatch(form._csrf, visit.csrf)) {
      await setParticipantLanguage(db, visit.participant, language);
    }
    return seeOther(reply, next);
  });
}
