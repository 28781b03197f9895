import type { FastifyReply, FastifyRequest } from 'fastify';
import { COUNTRY, searchFilterOptions } from '../../filters/index.ts';
import {
  checkPassword,
  deleteExpiredParticipantSessions,
  registerParticipant,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  startParticipantSession,
  verifyEmail,
} from '../../participants/index.ts';
import { normalizeEmail } from '../../platform/email.ts';
import { isDomainError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { issuesByField } from '../../platform/web/field-issues.ts';
import { flashBox } from '../../platform/web/form-parts.ts';
import { formOf, tokensMatch } from '../../platform/web/forms.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { SignInThrottle } from '../../platform/web/throttle.ts';
import { inputField, selectField } from '../fields.ts';
import { participantPage } from '../layout.ts';
import { messagePage, type ParticipateRouter, safeNext, seeOther, sendHtml } from '../router.ts';

const UNTRANSLATED = 'en' as const; // replaced by the page's locale as this file is translated

const SIGN_UP_FIELDS = [
  'name',
  'email',
  'password',
  'timezone',
  'country_id',
  'birth_date',
  'terms',
] as const;

let countryChoices: { value: string; label: string }[] | undefined;
/** Every country, by name; the catalog never changes while the process runs. */
export function countries() {
  countryChoices ??= (searchFilterOptions(COUNTRY, { page: 1, perPage: 1000 })?.data ?? []).map(
    (option) => ({ value: option.id, label: option.name }),
  );
  return countryChoices;
}

let zoneChoices: { value: string; label: string }[] | undefined;
export function timeZones() {
  zoneChoices ??= Intl.supportedValuesOf('timeZone').map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
  }));
  return zoneChoices;
}

function signUpForm(input: {
  token: string;
  form?: Record<string, string>;
  problems?: Map<string, string[]>;
  other?: string[];
  message?: string;
}) {
  const form = input.form ?? {};
  const problems = (field: string) => input.problems?.get(field);
  return participantPage({
    locale: UNTRANSLATED,
    title: 'Join the panel',
    body: html`<section class="card narrow">
      ${input.message ? flashBox({ kind: 'error', message: input.message, issues: input.other }) : ''}
      <p>Take part in research studies and get paid for your time. It takes two minutes.</p>
      <form method="post" action="/participate/sign-up" class="stack" novalidate>
        <input type="hidden" name="_csrf" value="${input.token}">
        ${inputField({ name: 'name', label: 'Your name', value: form.name, problems: problems('name'), attributes: html` autocomplete="name" required` })}
        ${inputField({ name: 'email', label: 'Email', type: 'email', value: form.email, problems: problems('email'), attributes: html` autocomplete="email" required` })}
        ${inputField({ name: 'password', label: 'Password', type: 'password', problems: problems('password'), hint: 'At least 12 characters.', attributes: html` autocomplete="new-password" required` })}
        ${selectField({ name: 'timezone', label: 'Time zone', value: form.timezone, choices: timeZones(), blank: 'Choose your time zone', problems: problems('timezone'), hint: 'Guessed from your browser; change it if it is wrong.', attributes: html` data-guess-time-zone required` })}
        ${selectField({ name: 'country_id', label: 'Country you live in', value: form.country_id, choices: countries(), blank: 'Choose a country', problems: problems('country_id'), attributes: html` autocomplete="country" required` })}
        ${inputField({ name: 'birth_date', label: 'Date of birth', type: 'date', value: form.birth_date, problems: problems('birth_date'), hint: 'You need to be 18 or older.', attributes: html` autocomplete="bday" required` })}
        <div class="field checkbox">
          <input id="terms" name="terms" type="checkbox" value="yes"${form.terms === 'yes' ? html` checked` : ''}${problems('terms') ? html` aria-invalid="true" aria-describedby="terms-problems"` : ''}>
          <label for="terms">I agree to take part under the terms of this panel: my profile is used to match me to studies, and researchers see my answers and work for the studies I join.</label>
          ${problems('terms') ? html`<p class="problem" id="terms-problems">${problems('terms')!.join('; ')}</p>` : ''}
        </div>
        <button type="submit" class="primary">Create my account</button>
      </form>
      <p>Already have an account? <a href="/participate/sign-in">Sign in</a>.</p>
    </section>`,
  });
}

function signInForm(input: { token: string; next: string; email?: string; error?: Html | string }) {
  return participantPage({
    locale: UNTRANSLATED,
    title: 'Sign in',
    body: html`<section class="card narrow">
      ${input.error ? html`<div class="flash flash-error" role="alert"><p>${input.error}</p></div>` : ''}
      <form method="post" action="/participate/sign-in" class="stack">
        <input type="hidden" name="_csrf" value="${input.token}">
        <input type="hidden" name="next" value="${input.next}">
        ${inputField({ name: 'email', label: 'Email', type: 'email', value: input.email, attributes: html` autocomplete="username" required` })}
        ${inputField({ name: 'password', label: 'Password', type: 'password', attributes: html` autocomplete="current-password" required` })}
        <button type="submit" class="primary">Sign in</button>
      </form>
      <p><a href="/participate/forgot">Forgot your password, or never set one?</a></p>
      <p>New here? <a href="/participate/sign-up">Join the panel</a>.</p>
    </section>`,
  });
}

function forgotForm(token: string, sent?: string) {
  return participantPage({
    locale: UNTRANSLATED,
    title: 'Set a new password',
    body: html`<section class="card narrow">
      ${sent ? html`<div class="flash flash-notice" role="status"><p>If ${sent} has an account, a link to set a new password is on its way. It works for an hour.</p></div>` : ''}
      <form method="post" action="/participate/forgot" class="stack">
        <input type="hidden" name="_csrf" value="${token}">
        ${inputField({ name: 'email', label: 'Email of your account', type: 'email', value: sent, attributes: html` autocomplete="email" required` })}
        <button type="submit" class="primary">Email me a link</button>
      </form>
      <p><a href="/participate/sign-in">Back to sign-in</a></p>
    </section>`,
  });
}

function resetForm(input: { token: string; link: string; problems?: string[] }) {
  return participantPage({
    locale: UNTRANSLATED,
    title: 'Choose a new password',
    body: html`<section class="card narrow">
      <form method="post" action="/participate/reset/${input.link}" class="stack">
        <input type="hidden" name="_csrf" value="${input.token}">
        ${inputField({ name: 'password', label: 'New password', type: 'password', problems: input.problems, hint: 'At least 12 characters.', attributes: html` autocomplete="new-password" required` })}
        <button type="submit" class="primary">Set the password</button>
      </form>
    </section>`,
  });
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Sign-up, sign-in and out, verification and password reset (docs/participant-app.md). */
export function accountPages(app: App, context: AppContext, router: ParticipateRouter) {
  const { db } = context.database;
  const publicRoute = { config: { auth: 'public' as const } };
  const throttle = new SignInThrottle();
  const accountContext = () => ({ db, publicUrl: context.config.publicUrl, now: router.now() });

  async function signedInAs(reply: FastifyReply, request: FastifyRequest, participantId: string) {
    const { token } = await startParticipantSession(db, participantId, router.now());
    await router.startSession(reply, request, token);
  }

  function expired(reply: FastifyReply, what: string) {
    return sendHtml(
      reply,
      403,
      messagePage(UNTRANSLATED, 'Form expired', `Open the ${what} page again and retry.`),
    );
  }

  app.get('/sign-up', publicRoute, async (request, reply) => {
    if (await router.visitOf(request, reply)) return seeOther(reply, '/participate');
    return sendHtml(reply, 200, signUpForm({ token: router.formToken(request, reply) }));
  });

  app.post('/sign-up', publicRoute, async (request, reply) => {
    const form = formOf(request.body);
    if (!router.formTokenMatches(request, form)) return expired(reply, 'sign-up');
    const token = form._csrf!;
    try {
      const participant = await registerParticipant(accountContext(), {
        profile: {
          name: form.name ?? '',
          email: (form.email ?? '').trim(),
          timezone: form.timezone ?? '',
          country_id: form.country_id ?? '',
          birth_date: form.birth_date ?? '',
        },
        password: form.password ?? '',
        consented: form.terms === 'yes',
      });
      await signedInAs(reply, request, participant.id);
      router.putFlash(reply, {
        kind: 'notice',
        message: `Welcome! We sent a link to ${participant.email}: open it to confirm your address before you apply. Meanwhile, fill in your profile so we can match you to studies.`,
      });
      return seeOther(reply, '/participate/profile');
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const { byField, other } = issuesByField(error.issues, SIGN_UP_FIELDS);
      return sendHtml(
        reply,
        error.name === 'ConflictError' ? 409 : 400,
        signUpForm({ token, form, problems: byField, other, message: error.message }),
      );
    }
  });

  app.get('/sign-in', publicRoute, async (request, reply) => {
    const next = safeNext((request.query as Record<string, unknown>).next);
    if (await router.visitOf(request, reply)) return seeOther(reply, next);
    return sendHtml(reply, 200, signInForm({ token: router.formToken(request, reply), next }));
  });

  let lastSweep = Number.NEGATIVE_INFINITY;
  app.post('/sign-in', publicRoute, async (request, reply) => {
    const form = formOf(request.body);
    if (!router.formTokenMatches(request, form)) return expired(reply, 'sign-in');
    const token = form._csrf!;
    const next = safeNext(form.next);
    const email = (form.email ?? '').trim();
    const key = normalizeEmail(email);
    const wait = throttle.retryAfterSeconds(key, context.clock());
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return sendHtml(
        reply,
        429,
        signInForm({
          token,
          next,
          email,
          error: `Too many failed attempts for this address. Try again in ${Math.ceil(wait / 60)} minutes, or set a new password by email.`,
        }),
      );
    }
    const participant = await checkPassword(db, email, form.password ?? '');
    if (!participant) {
      throttle.fail(key, context.clock());
      return sendHtml(
        reply,
        401,
        signInForm({
          token,
          next,
          email,
          error: html`That email and password do not match. <a href="/participate/forgot">Set a new password by email</a> if you forgot it or never had one.`,
        }),
      );
    }
    throttle.succeed(key);
    const at = router.now();
    if (at.getTime() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = at.getTime();
      // Expired sessions and links are swept at most hourly, riding on sign-ins.
      await deleteExpiredParticipantSessions(db, at);
    }
    await signedInAs(reply, request, participant.id);
    return seeOther(reply, next);
  });

  app.post('/sign-out', publicRoute, async (request, reply) => {
    const visit = await router.visitOf(request, reply);
    if (visit) {
      if (!tokensMatch(formOf(request.body)._csrf, visit.csrf)) return expired(reply, 'previous');
      await router.signOut(request);
    }
    router.endSession(reply);
    return seeOther(reply, '/participate/sign-in');
  });

  app.get('/forgot', publicRoute, async (request, reply) =>
    sendHtml(reply, 200, forgotForm(router.formToken(request, reply))),
  );

  app.post('/forgot', publicRoute, async (request, reply) => {
    const form = formOf(request.body);
    if (!router.formTokenMatches(request, form)) return expired(reply, 'password');
    const email = (form.email ?? '').trim();
    if (email) await requestPasswordReset(accountContext(), email);
    return sendHtml(reply, 200, forgotForm(form._csrf!, email || undefined));
  });

  app.get('/reset/:link', publicRoute, async (request, reply) => {
    const { link } = request.params as { link: string };
    return sendHtml(reply, 200, resetForm({ token: router.formToken(request, reply), link }));
  });

  app.post('/reset/:link', publicRoute, async (request, reply) => {
    const { link } = request.params as { link: string };
    const form = formOf(request.body);
    if (!router.formTokenMatches(request, form)) return expired(reply, 'password');
    try {
      const participantId = await resetPassword(accountContext(), {
        token: link,
        password: form.password ?? '',
      });
      if (!participantId) {
        return sendHtml(
          reply,
          410,
          messagePage(
            UNTRANSLATED,
            'Link not valid',
            html`This link was already used, has expired (links last an hour) or never existed. <a href="/participate/forgot">Ask for a new one</a>.`,
          ),
        );
      }
      await signedInAs(reply, request, participantId);
      router.putFlash(reply, { kind: 'notice', message: 'Your new password is set.' });
      return seeOther(reply, '/participate');
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const problems = error.issues.map((issue) => issue.message.replace(/^password: /, ''));
      return sendHtml(reply, 400, resetForm({ token: form._csrf!, link, problems }));
    }
  });

  app.get('/verify/:link', publicRoute, async (request, reply) => {
    const { link } = request.params as { link: string };
    const verified = await verifyEmail(accountContext(), link);
    const visit = await router.visitOf(request, reply);
    if (!verified) {
      return sendHtml(
        reply,
        410,
        messagePage(
          UNTRANSLATED,
          'Link not valid',
          'This confirmation link was already used, has expired or never existed. Sign in and ask for a new one from the studies page.',
          visit,
        ),
      );
    }
    if (visit) {
      router.putFlash(reply, {
        kind: 'notice',
        message: 'Your email address is confirmed. You can apply to studies now.',
      });
      return seeOther(reply, '/participate');
    }
    return sendHtml(
      reply,
      200,
      messagePage(
        UNTRANSLATED,
        'Email confirmed',
        html`Your email address is confirmed. <a href="/participate/sign-in">Sign in</a> to apply to studies.`,
      ),
    );
  });

  router.action(
    '/verify/resend',
    () => '/participate',
    async (visit) => {
      await resendVerification(accountContext(), visit.participant);
      return {
        redirect: '/participate',
        notice: `A new confirmation link is on its way to ${visit.participant.email}.`,
      };
    },
  );
}
