import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  consumeLoginLink,
  createSession,
  deleteExpired,
  deleteSession,
  findOwnedUser,
  findUserByEmail,
  type SessionIdentity,
} from '../../organizations/index.ts';
import { normalizeEmail } from '../../platform/email.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { formOf } from '../../platform/web/forms.ts';
import { html } from '../../platform/web/html.ts';
import { verifyAgainstDecoy, verifyPassword } from '../../platform/web/password.ts';
import { SignInThrottle } from '../../platform/web/throttle.ts';
import { page } from '../layout.ts';
import { errorPage, seeOther, sendHtml } from '../router.ts';
import {
  cookieOf,
  newFormToken,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  SIGN_IN_COOKIE,
  safeNext,
  sessionOf,
  setCookie,
  tokensMatch,
} from '../session.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

function signInForm(input: { token: string; next: string; email?: string; error?: string }) {
  return page({
    title: 'Sign in',
    body: html`<section class="card narrow">
      ${input.error ? html`<div class="flash flash-error" role="alert"><p>${input.error}</p></div>` : ''}
      <form method="post" action="/dashboard/sign-in" class="stack">
        <input type="hidden" name="_csrf" value="${input.token}">
        <input type="hidden" name="next" value="${input.next}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required value="${input.email ?? ''}" autofocus>
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required>
        <button type="submit" class="primary">Sign in</button>
      </form>
      <p class="hint">No password? Ask an operator for a one-time sign-in link.</p>
    </section>`,
  });
}

/**
 * Sign-in, sign-out and one-time links. The sign-in form has no session to tie a token to, so it
 * carries a token also set as an HTTP-only cookie (double submit): another site can make a browser
 * post the form, but cannot read or set the cookie, so it cannot sign a victim in to its account.
 */
export function signInRoutes(app: App, context: AppContext) {
  const { db } = context.database;
  const secure = context.config.publicUrl.startsWith('https:');
  const now = () => new Date(context.clock());
  const publicRoute = { config: { auth: 'public' as const } };
  const throttle = new SignInThrottle();
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function startSession(
    reply: FastifyReply,
    request: FastifyRequest,
    identity: SessionIdentity,
  ) {
    const at = now();
    const previous = cookieOf(request, SESSION_COOKIE);
    if (previous) await deleteSession(db, previous);
    // Expired sessions and links are swept at most hourly, riding on sign-ins: a scan, but a rare one.
    if (at.getTime() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = at.getTime();
      await deleteExpired(db, at);
    }
    const { token } = await createSession(db, identity, { now: at, ttlMs: SESSION_TTL_MS });
    setCookie(reply, SESSION_COOKIE, token, SESSION_TTL_MS / 1000, secure);
    setCookie(reply, SIGN_IN_COOKIE, '', 0, secure);
  }

  app.get('/sign-in', publicRoute, async (request, reply) => {
    const next = safeNext((request.query as Record<string, unknown>).next);
    if (await sessionOf(db, request, now())) return seeOther(reply, next);
    const token = newFormToken();
    setCookie(reply, SIGN_IN_COOKIE, token, 60 * 60, secure);
    return sendHtml(reply, 200, signInForm({ token, next }));
  });

  app.post('/sign-in', publicRoute, async (request, reply) => {
    const form = formOf(request.body);
    const token = cookieOf(request, SIGN_IN_COOKIE);
    if (!tokensMatch(form._csrf, token)) {
      return sendHtml(
        reply,
        403,
        errorPage(undefined, 'Form expired', 'Open the sign-in page again and retry.'),
      );
    }
    const next = safeNext(form.next);
    const email = (form.email ?? '').trim();
    const password = form.password ?? '';
    const key = normalizeEmail(email);
    const wait = throttle.retryAfterSeconds(key, context.clock());
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return sendHtml(
        reply,
        429,
        signInForm({
          token: token!,
          next,
          email,
          error: `Too many failed attempts for this address. Try again in ${Math.ceil(wait / 60)} minutes, or ask an operator for a sign-in link.`,
        }),
      );
    }
    const user = email ? await findUserByEmail(db, email) : undefined;
    const valid =
      user?.password_hash && !user.disabled_at
        ? await verifyPassword(password, user.password_hash)
        : await verifyAgainstDecoy(password);
    if (!user || !valid) {
      throttle.fail(key, context.clock());
      return sendHtml(
        reply,
        401,
        signInForm({ token: token!, next, email, error: 'That email and password do not match.' }),
      );
    }
    throttle.succeed(key);
    await startSession(reply, request, {
      organizationId: user.organization_id,
      userId: user.id,
      role: user.role,
      label: user.email,
    });
    return seeOther(reply, next);
  });

  app.post('/sign-out', publicRoute, async (request, reply) => {
    const viewer = await sessionOf(db, request, now());
    if (viewer) {
      if (!tokensMatch(formOf(request.body)._csrf, viewer.session.csrf_token)) {
        return sendHtml(
          reply,
          403,
          errorPage(viewer, 'Form expired', 'Reload the page and sign out again.'),
        );
      }
      await deleteSession(db, cookieOf(request, SESSION_COOKIE)!);
    }
    setCookie(reply, SESSION_COOKIE, '', 0, secure);
    return seeOther(reply, '/dashboard/sign-in');
  });

  app.get('/login/:token', publicRoute, async (request, reply) => {
    const { token } = request.params as { token: string };
    const link = await consumeLoginLink(db, token, now());
    const user = link?.user_id
      ? await findOwnedUser(db, link.organization_id, link.user_id)
      : undefined;
    if (!link || (link.user_id && (!user || user.disabled_at))) {
      return sendHtml(
        reply,
        410,
        errorPage(
          undefined,
          'Sign-in link not valid',
          'This sign-in link was already used, has expired (links last 15 minutes) or never existed. Ask an operator for a new one.',
        ),
      );
    }
    await startSession(reply, request, {
      organizationId: link.organization_id,
      userId: link.user_id,
      role: user?.role ?? link.role,
      label: link.label,
    });
    return seeOther(reply, '/dashboard');
  });
}
