import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError, NotFoundError } from '../platform/errors.ts';
import type { AppContext, Permission } from '../platform/http/context.ts';
import type { App } from '../platform/http/types.ts';
import { formOf } from '../platform/web/forms.ts';
import { Html, html } from '../platform/web/html.ts';
import { page } from './layout.ts';
import {
  can,
  cookieOf,
  decodeFlash,
  encodeFlash,
  FLASH_COOKIE,
  type Flash,
  sessionOf,
  setCookie,
  tokensMatch,
  type Viewer,
} from './session.ts';

export interface PageContext {
  request: FastifyRequest;
  reply: FastifyReply;
  viewer: Viewer;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  flash: Flash | undefined;
  now: Date;
}

export interface ActionContext extends PageContext {
  form: Record<string, string>;
}

/**
 * A page answers with markup (200), another status and markup, a redirect, or `sent` when it
 * answered on the reply itself (a file download).
 */
export type PageResult =
  | Html
  | { status: number; html: Html }
  | { redirect: string }
  | { sent: true };

/** An action answers with a redirect (and a notice to show there), or a page of its own. */
export type ActionResult = { redirect: string; notice?: string } | { status: number; html: Html };

const viewers = new WeakMap<FastifyRequest, Viewer>();

/** The signed-in viewer of a dashboard request, when there is one (error pages use it). */
export function viewerOfRequest(request: FastifyRequest): Viewer | undefined {
  return viewers.get(request);
}

export function sendHtml(reply: FastifyReply, status: number, markup: Html) {
  return reply.code(status).type('text/html; charset=utf-8').send(markup.value);
}

export function errorPage(viewer: Viewer | undefined, title: string, detail: string) {
  return page({
    title,
    viewer,
    body: html`<section class="card"><p>${detail}</p><p><a href="/dashboard">Back to the dashboard home</a></p></section>`,
  });
}

export function seeOther(reply: FastifyReply, location: string) {
  return reply.code(303).header('location', location).send();
}

/**
 * Dashboard routes authenticate by session cookie, not API key: each route declares itself public
 * to the API's auth hook and checks the session here. Pages redirect to sign-in without one;
 * actions also check the form's CSRF token and the role's permission before doing anything.
 */
export function dashboardRouter(app: App, context: AppContext) {
  const { db } = context.database;
  const secure = context.config.publicUrl.startsWith('https:');
  const now = () => new Date(context.clock());

  async function signedIn(request: FastifyRequest, reply: FastifyReply, next: string) {
    const viewer = await sessionOf(db, request, now());
    if (!viewer) {
      seeOther(reply, `/dashboard/sign-in?next=${encodeURIComponent(next)}`);
      return undefined;
    }
    viewers.set(request, viewer);
    if (viewer.organization.status !== 'active') {
      sendHtml(
        reply,
        403,
        errorPage(
          undefined,
          'Organization unavailable',
          `This organization is ${viewer.organization.status}. Contact the operators of this Cohort.`,
        ),
      );
      return undefined;
    }
    return viewer;
  }

  function putFlash(reply: FastifyReply, flash: Flash) {
    setCookie(reply, FLASH_COOKIE, encodeFlash(flash), 60, secure);
  }

  function contextOf(request: FastifyRequest, reply: FastifyReply, viewer: Viewer) {
    return {
      request,
      reply,
      viewer,
      params: (request.params ?? {}) as Record<string, string>,
      query: (request.query ?? {}) as Record<string, string | undefined>,
      flash: undefined as Flash | undefined,
      now: now(),
    };
  }

  return {
    secure,
    now,
    putFlash,

    page(path: string, handler: (ctx: PageContext) => Promise<PageResult>) {
      app.get(path, { config: { auth: 'public' } }, async (request, reply) => {
        const viewer = await signedIn(request, reply, request.url);
        if (!viewer) return reply;
        const ctx = contextOf(request, reply, viewer);
        ctx.flash = decodeFlash(cookieOf(request, FLASH_COOKIE));
        const result = await handler(ctx);
        // A page that redirects leaves the message for the page it redirects to.
        if ('redirect' in result) return seeOther(reply, result.redirect);
        if ('sent' in result) return reply;
        if (ctx.flash) setCookie(reply, FLASH_COOKIE, '', 0, secure);
        if (result instanceof Html) return sendHtml(reply, 200, result);
        return sendHtml(reply, result.status, result.html);
      });
    },

    action(
      path: string,
      options: { permission: Permission; back: (ctx: ActionContext) => string },
      handler: (ctx: ActionContext) => Promise<ActionResult>,
    ) {
      app.post(path, { config: { auth: 'public' } }, async (request, reply) => {
        const viewer = await signedIn(request, reply, '/dashboard');
        if (!viewer) return reply;
        const form = formOf(request.body);
        if (!tokensMatch(form._csrf, viewer.session.csrf_token)) {
          return sendHtml(
            reply,
            403,
            errorPage(
              viewer,
              'Form expired',
              'This form was not sent from a current page of your session (its security token is missing or wrong). Go back, reload the page and try again.',
            ),
          );
        }
        if (!can(viewer, options.permission)) {
          return sendHtml(
            reply,
            403,
            errorPage(
              viewer,
              'Insufficient access',
              `Your role (${viewer.session.role}) can look at this organization's pages but not change anything here.`,
            ),
          );
        }
        const ctx: ActionContext = { ...contextOf(request, reply, viewer), form };
        try {
          const result = await handler(ctx);
          if ('redirect' in result) {
            if (result.notice) putFlash(reply, { kind: 'notice', message: result.notice });
            return seeOther(reply, result.redirect);
          }
          return sendHtml(reply, result.status, result.html);
        } catch (error) {
          // A refused action (a conflict, invalid input, no funds) goes back to the page it came
          // from, saying why; an unknown id is a not-found page like any other.
          if (!isDomainError(error) || error instanceof NotFoundError) {
            throw error;
          }
          const issues = error.issues
            .map((issue) => issue.message)
            .filter((m) => m !== error.message);
          putFlash(reply, { kind: 'error', message: error.message, issues });
          return seeOther(reply, options.back(ctx));
        }
      });
    },
  };
}

export type DashboardRouter = ReturnType<typeof dashboardRouter>;
