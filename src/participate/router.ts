import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import {
  deleteParticipantSession,
  findParticipantSession,
  type ParticipantRow,
} from '../participants/index.ts';
import { type Issue, isDomainError, NotFoundError } from '../platform/errors.ts';
import type { AppContext } from '../platform/http/context.ts';
import type { App } from '../platform/http/types.ts';
import type { Phrase } from '../platform/i18n/catalog.ts';
import type { AnyLocale } from '../platform/i18n/locales.ts';
import { cookieAttributes } from '../platform/web/cookies.ts';
import {
  decodeFlash,
  encodeFlash,
  type Flash,
  formOf,
  newFormToken,
  tokensMatch,
} from '../platform/web/forms.ts';
import { Html, html } from '../platform/web/html.ts';
import { participantPage } from './layout.ts';
import { shellTexts } from './locales/shell/index.ts';
import { LANGUAGE_COOKIE, pageLocale } from './page-locale.ts';

export const SESSION_COOKIE = 'cohort_participant';
/** Carries the signed-out forms' token (sign-in, sign-up, reset) before any session exists. */
export const FORM_COOKIE = 'cohort_participant_form';
const FLASH_COOKIE = 'cohort_participant_flash';
const COOKIE_PATH = '/participate';

export interface Visit {
  /** The language this page speaks (src/participate/page-locale.ts). */
  locale: AnyLocale;
  request: FastifyRequest;
  reply: FastifyReply;
  participant: ParticipantRow;
  csrf: string;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  flash: Flash | undefined;
  now: Date;
}

export interface FormVisit extends Visit {
  form: Record<string, string>;
}

/** A page answers with markup (200), markup with a status, or a redirect. */
export type PageResult = Html | { status: number; html: Html } | { redirect: string };
export type ActionResult = { redirect: string; notice?: string } | { status: number; html: Html };

export function sendHtml(reply: FastifyReply, status: number, markup: Html) {
  return reply.code(status).type('text/html; charset=utf-8').send(markup.value);
}

export function seeOther(reply: FastifyReply, location: string) {
  return reply.code(303).header('location', location).send();
}

/** A page that only says something: an error, an expired link, a finished step. */
export function messagePage(
  locale: AnyLocale,
  title: string,
  message: Html | string,
  participant?: Pick<Visit, 'participant' | 'csrf'>,
) {
  return participantPage({
    locale,
    title,
    participant: participant?.participant,
    csrf: participant?.csrf,
    body: html`<section class="card"><p>${message}</p><p><a href="/participate">${shellTexts.text(locale, 'backToStudies')}</a></p></section>`,
  });
}

/** A refused change in the reader's language, where the use case said it with a phrase. */
export function problemOf(
  error: { message: string; phrase?: Phrase | undefined; issues: readonly Issue[] },
  locale: AnyLocale,
): { message: string; issues: string[] } {
  const message = error.phrase?.in(locale) ?? error.message;
  const issues = error.issues
    .filter((issue) => issue.message !== error.message)
    .map((issue) => issue.phrase?.in(locale) ?? issue.message);
  return { message, issues };
}

/** The language of a page for this request (src/participate/page-locale.ts). */
export function requestLocale(
  request: FastifyRequest,
  config: Pick<Config, 'pseudoLocale'>,
  participant?: Pick<ParticipantRow, 'language'>,
): AnyLocale {
  return pageLocale({
    acceptLanguage: request.headers['accept-language'],
    cookie: cookieNamed(request, LANGUAGE_COOKIE),
    participantLanguage: participant?.language,
    pseudoAllowed: config.pseudoLocale,
  });
}

/**
 * One cookie of ours, read from the header where the cookie plugin has not parsed it: the front
 * door at `/` is outside its scope. The value is one we wrote, a locale code, never encoded.
 */
function cookieNamed(request: FastifyRequest, name: string): string | undefined {
  const parsed = request.cookies?.[name];
  if (parsed !== undefined) return parsed;
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [key, value] = pair.trim().split('=', 2);
    if (key === name) return value;
  }
  return undefined;
}

/**
 * Where to go after signing in: only a path inside the participant app, so a crafted `next` cannot
 * send someone to another site.
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string') return '/participate';
  if (!/^\/participate(?:[/?#]|$)/.test(next) || /[\\\s]|\/\//.test(next)) return '/participate';
  return next;
}

/**
 * The participant app's routes authenticate by a session cookie scoped to /participate: pages
 * send a signed-out visitor to sign-in and back; actions check the form's token against the
 * session's before anything changes (docs/participant-app.md, "Sessions and forms").
 */
export function participateRouter(app: App, context: AppContext) {
  const { db } = context.database;
  const secure = context.config.publicUrl.startsWith('https:');
  const now = () => new Date(context.clock());
  const publicRoute = { config: { auth: 'public' as const } };

  function setCookie(reply: FastifyReply, name: string, value: string, maxAgeSeconds: number) {
    reply.setCookie(name, value, cookieAttributes({ maxAgeSeconds, secure, path: COOKIE_PATH }));
  }
  const cookieOf = (request: FastifyRequest, name: string) => request.cookies[name];

  async function visitOf(request: FastifyRequest, reply: FastifyReply) {
    const token = cookieOf(request, SESSION_COOKIE);
    if (!token || !/^[\w-]{20,100}$/.test(token)) return undefined;
    const session = await findParticipantSession(db, token, now());
    if (!session) return undefined;
    return {
      locale: requestLocale(request, context.config, session.participant),
      request,
      reply,
      participant: session.participant,
      csrf: session.csrfToken,
      params: (request.params ?? {}) as Record<string, string>,
      query: (request.query ?? {}) as Record<string, string | undefined>,
      flash: undefined as Flash | undefined,
      now: now(),
    } satisfies Visit;
  }

  const signInFirst = (reply: FastifyReply, next: string) =>
    seeOther(reply, `/participate/sign-in?next=${encodeURIComponent(next)}`);

  /**
   * A form post of a signed-in participant. A refused change (invalid input, a conflict) goes back
   * to `back` with the reason, unless the handler renders its own page with the problems beside
   * the fields. A multipart form carries its token in the query string (its body is a stream).
   */
  async function handleAction(
    request: FastifyRequest,
    reply: FastifyReply,
    back: (visit: FormVisit) => string,
    handler: (visit: FormVisit) => Promise<ActionResult>,
  ) {
    const visit = await visitOf(request, reply);
    if (!visit) return signInFirst(reply, '/participate');
    const multipartBody = request.headers['content-type']?.startsWith('multipart/') ?? false;
    const form = multipartBody ? {} : formOf(request.body);
    const submitted = form._csrf ?? (request.query as Record<string, string>)._csrf;
    if (!tokensMatch(submitted, visit.csrf)) {
      const say = shellTexts.say(visit.locale);
      return sendHtml(
        reply,
        403,
        messagePage(visit.locale, say('formExpiredTitle'), say('formExpiredText'), visit),
      );
    }
    const formVisit: FormVisit = { ...visit, form };
    try {
      const result = await handler(formVisit);
      if ('redirect' in result) {
        if (result.notice) putFlash(reply, { kind: 'notice', message: result.notice });
        return seeOther(reply, result.redirect);
      }
      return sendHtml(reply, result.status, result.html);
    } catch (error) {
      if (!isDomainError(error) || error instanceof NotFoundError) throw error;
      putFlash(reply, { kind: 'error', ...problemOf(error, visit.locale) });
      return seeOther(reply, back(formVisit));
    }
  }

  function putFlash(reply: FastifyReply, flash: Flash) {
    setCookie(reply, FLASH_COOKIE, encodeFlash(flash), 60);
  }

  return {
    now,
    setCookie,
    cookieOf,
    visitOf,
    /** A signed-out page's language; a signed-in one has its visit's. */
    localeOf: (request: FastifyRequest) => requestLocale(request, context.config),

    putFlash,

    /** The signed-out forms' double-submit token: set as a cookie, echoed by the form. */
    formToken(request: FastifyRequest, reply: FastifyReply): string {
      const existing = cookieOf(request, FORM_COOKIE);
      if (existing && /^[\w-]{40,60}$/.test(existing)) return existing;
      const token = newFormToken();
      setCookie(reply, FORM_COOKIE, token, 60 * 60);
      return token;
    },
    formTokenMatches(request: FastifyRequest, form: Record<string, string>): boolean {
      return tokensMatch(form._csrf, cookieOf(request, FORM_COOKIE));
    },

    async startSession(reply: FastifyReply, request: FastifyRequest, token: string) {
      const previous = cookieOf(request, SESSION_COOKIE);
      if (previous) await deleteParticipantSession(db, previous);
      setCookie(reply, SESSION_COOKIE, token, 14 * 24 * 60 * 60);
      setCookie(reply, FORM_COOKIE, '', 0);
    },
    async signOut(request: FastifyRequest) {
      const token = cookieOf(request, SESSION_COOKIE);
      if (token) await deleteParticipantSession(db, token);
    },
    endSession(reply: FastifyReply) {
      setCookie(reply, SESSION_COOKIE, '', 0);
    },

    page(path: string, handler: (visit: Visit) => Promise<PageResult>) {
      app.get(path, publicRoute, async (request, reply) => {
        const visit = await visitOf(request, reply);
        if (!visit) return signInFirst(reply, request.url);
        visit.flash = decodeFlash(cookieOf(request, FLASH_COOKIE));
        const result = await handler(visit);
        if ('redirect' in result) return seeOther(reply, result.redirect);
        if (visit.flash) setCookie(reply, FLASH_COOKIE, '', 0);
        if (result instanceof Html) return sendHtml(reply, 200, result);
        return sendHtml(reply, result.status, result.html);
      });
    },

    /**
     * A form post of a signed-in participant. A refused change (invalid input, a conflict) goes
     * back to `back` with the reason, unless the handler renders its own page with the problems
     * beside the fields.
     */
    action(
      path: string,
      back: (visit: FormVisit) => string,
      handler: (visit: FormVisit) => Promise<ActionResult>,
    ) {
      app.post(path, publicRoute, (request, reply) => handleAction(request, reply, back, handler));
    },

    handleAction,
  };
}

export type ParticipateRouter = ReturnType<typeof participateRouter>;
