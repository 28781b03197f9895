import type { FastifyReply, FastifyRequest } from 'fastify';
import { COUNTRY, countryLabel, searchFilterOptions } from '../../filters/index.ts';
import {
  checkPassword,
  deleteExpiredParticipantSessions,
  findParticipant,
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
import {
  type AnyLocale,
  DEFAULT_LOCALE,
  intlLocale,
  isLocale,
  type Locale,
} from '../../platform/i18n/locales.ts';
import { issuesByField } from '../../platform/web/field-issues.ts';
import { flashBox } from '../../platform/web/form-parts.ts';
import { formOf, tokensMatch } from '../../platform/web/forms.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { SignInThrottle } from '../../platform/web/throttle.ts';
import { inputField, selectField } from '../fields.ts';
import { participantPage } from '../layout.ts';
import { accountPageTexts } from '../locales/accounts/index.ts';
import { shellTexts } from '../locales/shell/index.ts';
import {
  messagePage,
  type ParticipateRouter,
  problemOf,
  requestLocale,
  safeNext,
  seeOther,
  sendHtml,
} from '../router.ts';

const SIGN_UP_FIELDS = [
  'name',
  'email',
  'password',
  'timezone',
  'country_id',
  'birth_date',
  'terms',
] as const;

const countryChoices = new Map<AnyLocale, { value: string; label: string }[]>();
/**
 * Every country, by name: the catalog's English names, or with a locale each country as that
 * language names it, in its alphabetical order. The list never changes while the process runs.
 */
export function countries(locale: AnyLocale = DEFAULT_LOCALE) {
  let choices = countryChoices.get(locale);
  if (!choices) {
    const options = searchFilterOptions(COUNTRY, { page: 1, perPage: 1000 })?.data ?? [];
    if (locale === DEFAULT_LOCALE) {
      choices = options.map((option) => ({ value: option.id, label: option.name }));
    } else {
      const collator = new Intl.Collator(intlLocale(locale));
      choices = options
        .map((option) => ({
          value: option.id,
          label: countryLabel(locale, option.id, option.name),
        }))
        .sort((a, b) => collator.compare(a.label, b.label));
    }
    countryChoices.set(locale, choices);
  }
  return choices;
}

let zoneChoices: { value: string; label: string }[] | undefined;
export function timeZones() {
  zoneChoices ??= Intl.supportedValuesOf('timeZone').map((zone) => ({
    value: zone,
    label: zone.replaceAll('_', ' '),
  }));
  return zoneChoices;
}

/** A new account speaks the page's language; the pseudo-locale is the tests' English. */
const languageOf = (locale: AnyLocale): Locale => (isLocale(locale) ? locale : DEFAULT_LOCALE);

function signUpForm(input: {
  locale: AnyLocale;
  token: string;
  form?: Record<string, string>;
  problems?: Map<string, string[]>;
  other?: string[];
  message?: string;
}) {
  const say = accountPageTexts.say(input.locale);
  const sayHtml = accountPageTexts.sayHtml(input.locale);
  const form = input.form ?? {};
  const problems = (field: string) => input.problems?.get(field);
  return participantPage({
    locale: input.locale,
    title: say('signUpTitle'),
    body: html`<section class="card narrow">
      ${input.message ? flashBox({ kind: 'error', message: input.message, issues: input.other }) : ''}
      <p>${say('signUpIntro')}</p>
      <form method="post" action="/participate/sign-up" class="stack" novalidate>
        <input type="hidden" name="_csrf" value="${input.token}">
        ${inputField({ name: 'name', label: say('nameLabel'), value: form.name, problems: problems('name'), attributes: html` autocomplete="name" required` })}
        ${inputField({ name: 'email', label: say('emailLabel'), type: 'email', value: form.email, problems: problems('email'), attributes: html` autocomplete="email" required` })}
        ${inputField({ name: 'password', label: say('passwordLabel'), type: 'password', problems: problems('password'), hint: say('passwordHint'), attributes: html` autocomplete="new-password" required` })}
        ${selectField({ name: 'timezone', label: say('timezoneLabel'), value: form.timezone, choices: timeZones(), blank: say('timezoneBlank'), problems: problems('timezone'), hint: say('timezoneHint'), attributes: html` data-guess-time-zone required` })}
        ${selectField({ name: 'country_id', label: say('countryLabel'), value: form.country_id, choices: countries(input.locale), blank: say('countryBlank'), problems: problems('country_id'), attributes: html` autocomplete="country" required` })}
        ${inputField({ name: 'birth_date', label: say('birthDateLabel'), type: 'date', value: form.birth_date, problems: problems('birth_date'), hint: say('birthDateHint'), attributes: html` autocomplete="bday" required` })}
        <div class="field checkbox">
          <input id="terms" name="terms" type="checkbox" value="yes"${form.terms === 'yes' ? html` checked` : ''}${problems('terms') ? html` aria-invalid="true" aria-describedby="terms-problems"` : ''}>
          <label for="terms">${say('termsLabel')}</label>
          ${problems('terms') ? html`<p class="problem" id="terms-problems">${problems('terms')!.join('; ')}</p>` : ''}
        </div>
        <button type="submit" class="primary">${say('createAccount')}</button>
      </form>
      <p>${sayHtml('haveAccount', {}, { link: (inner) => html`<a href="/participate/sign-in">${inner}</a>` })}</p>
    </section>`,
  });
}

function signInForm(input: {
  locale: AnyLocale;
  token: string;
  next: string;
  email?: string;
  error?: Html | string;
}) {
  const say = accountPageTexts.say(input.locale);
  const sayHtml = accountPageTexts.sayHtml(input.locale);
  return participantPage({
    locale: input.locale,
    title: say('signInTitle'),
    body: html`<section class="card narrow">
      ${input.error ? html`<div class="flash flash-error" role="alert"><p>${input.error}</p></div>` : ''}
      <form method="post" action="/participate/sign-in" class="stack">
        <input type="hidden" name="_csrf" value="${input.token}">
        <input type="hidden" name="next" value="${input.next}">
        ${inputField({ name: 'email', label: say('emailLabel'), type: 'email', value: input.email, attributes: html` autocomplete="username" required` })}
        ${inputField({ name: 'password', label: say('passwordLabel'), type: 'password', attributes: html` autocomplete="current-password" required` })}
        <button type="submit" class="primary">${say('signInButton')}</button>
      </form>
      <p><a href="/participate/forgot">${say('forgotLink')}</a></p>
      <p>${sayHtml('newHere', {}, { link: (inner) => html`<a href="/participate/sign-up">${inner}</a>` })}</p>
    </section>`,
  });
}

function forgotForm(locale: AnyLocale, token: string, sent?: string) {
  const say = accountPageTexts.say(locale);
  return participantPage({
    locale,
    title: say('forgotTitle'),
    body: html`<section class="card narrow">
      ${sent ? html`<div class="flash flash-notice" role="status"><p>${say('forgotSent', { email: sent })}</p></div>` : ''}
      <form method="post" action="/participate/forgot" class="stack">
        <input type="hidden" name="_csrf" value="${token}">
        ${inputField({ name: 'email', label: say('accountEmailLabel'), type: 'email', value: sent, attributes: html` autocomplete="email" required` })}
        <button type="submit" class="primary">${say('emailMeLink')}</button>
      </form>
      <p><a href="/participate/sign-in">${say('backToSignIn')}</a></p>
    </section>`,
  });
}

function resetForm(input: { locale: AnyLocale; token: string; link: string; problems?: string[] }) {
  const say = accountPageTexts.say(input.locale);
  return participantPage({
    locale: input.locale,
    title: say('resetTitle'),
    body: html`<section class="card narrow">
      <form method="post" action="/participate/reset/${input.link}" class="stack">
        <input type="hidden" name="_csrf" value="${input.token}">
        ${inputField({ name: 'password', label: say('newPasswordLabel'), type: 'password', problems: input.problems, hint: say('passwordHint'), attributes: html` autocomplete="new-password" required` })}
        <button type="submit" class="primary">${say('setPassword')}</button>
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

  function expired(
    reply: FastifyReply,
    locale: AnyLocale,
    page: 'expiredSignUp' | 'expiredSignIn' | 'expiredPassword' | 'expiredPrevious',
  ) {
    return sendHtml(
      reply,
      403,
      messagePage(
        locale,
        shellTexts.text(locale, 'formExpiredTitle'),
        accountPageTexts.text(locale, page),
      ),
    );
  }

  app.get('/sign-up', publicRoute, async (request, reply) => {
    if (await router.visitOf(request, reply)) return seeOther(reply, '/participate');
    const locale = router.localeOf(request);
    return sendHtml(reply, 200, signUpForm({ locale, token: router.formToken(request, reply) }));
  });

  app.post('/sign-up', publicRoute, async (request, reply) => {
    const locale = router.localeOf(request);
    const form = formOf(request.body);
    if (!router.formTokenMatches(request, form)) return expired(reply, locale, 'expiredSignUp');
    const token = form._csrf!;
    try {
      const participant = await registerParticipant(accountContext(), {
        profile: {
          name: form.name ?? '',
          email: (form.email ?? '').trim(),
          timezone: form.timezone ?? '',
          country_id: form.country_id ?? '',
          birth_date: form.birth_date ?? '',
          // The language the visitor read the form in, as the switcher or the browser chose it.
          language: languageOf(locale),
        },
        password: form.password ?? '',
        consented: form.terms === 'yes',
      });
      await signedInAs(reply, request, participant.id);
      router.putFlash(reply, {
        kind: 'notice',
        message: accountPageTexts.text(locale, 'welcome', { email: participant.email }),
      });
      return seeOther(reply, '/participate/profile');
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const { byField, other } = issuesByField(error.issues, SIGN_UP_FIELDS, locale);
      const { message } = problemOf(error, locale);
      return sendHtml(
        reply,
        error.name === 'ConflictError' ? 409 : 400,
        signUpForm({ locale, token, form, problems: byField, other, message }),
      );
    }
  });

  app.get('/sign-in', publicRoute, async (request, reply) => {
    const next = safeNext((request.query as Record<string, unknown>).next);
    if (await router.visitOf(request, reply)) return seeOther(reply, next);
    const locale = router.localeOf(request);
    return sendHtml(
      reply,
      200,
      signInForm({ locale, token: router.formToken(request, reply), next }),
    );
  });

  let lastSweep = Number.NEGATIVE_INFINITY;
  app.post('/sign-in', publicRoute, async (request, reply) => {
    const locale = router.localeOf(request);
    const form = formOf(request.body);
    if (!router.formTokenMatches(request, form)) return expired(reply, locale, 'expiredSignIn');
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
          locale,
          token,
          next,
          email,
          error: accountPageTexts.text(locale, 'throttled', { minutes: Math.ceil(wait / 60) }),
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
          locale,
          token,
          next,
          email,
          error: accountPageTexts.sayHtml(locale)(
            'wrongPassword',
            {},
            { link: (inner) => html`<a href="/participate/forgot">${inner}</a>` },
          ),
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
      if (!tokensMatch(formOf(request.body)._csrf, visit.csrf)) {
        return expired(reply, visit.locale, 'expiredPrevious');
      }
      await router.signOut(request);
    }
    router.endSession(reply);
    return seeOther(reply, '/participate/sign-in');
  });

  app.get('/forgot', publicRoute, async (request, reply) =>
    sendHtml(reply, 200, forgotForm(router.localeOf(request), router.formToken(request, reply))),
  );

  app.post('/forgot', publicRoute, async (request, reply) => {
    const locale = router.localeOf(request);
    const form = formOf(request.body);
    if (!router.formTokenMatches(request, form)) return expired(reply, locale, 'expiredPassword');
    const email = (form.email ?? '').trim();
    // The mail speaks the account's language, whatever this page speaks.
    if (email) await requestPasswordReset(accountContext(), email);
    return sendHtml(reply, 200, forgotForm(locale, form._csrf!, email || undefined));
  });

  app.get('/reset/:link', publicRoute, async (request, reply) => {
    const { link } = request.params as { link: string };
    const locale = router.localeOf(request);
    return sendHtml(
      reply,
      200,
      resetForm({ locale, token: router.formToken(request, reply), link }),
    );
  });

  app.post('/reset/:link', publicRoute, async (request, reply) => {
    const { link } = request.params as { link: string };
    const locale = router.localeOf(request);
    const form = formOf(request.body);
    if (!router.formTokenMatches(request, form)) return expired(reply, locale, 'expiredPassword');
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
            locale,
            accountPageTexts.text(locale, 'linkNotValidTitle'),
            accountPageTexts.sayHtml(locale)(
              'resetLinkNotValid',
              {},
              { link: (inner) => html`<a href="/participate/forgot">${inner}</a>` },
            ),
          ),
        );
      }
      await signedInAs(reply, request, participantId);
      // Signed in now: the next page, and so its notice, speaks the participant's own language.
      const participant = await findParticipant(db, participantId);
      router.putFlash(reply, {
        kind: 'notice',
        message: accountPageTexts.text(
          requestLocale(request, context.config, participant),
          'passwordSet',
        ),
      });
      return seeOther(reply, '/participate');
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const { byField, other } = issuesByField(error.issues, ['password'], locale);
      const problems = [...(byField.get('password') ?? []), ...other];
      return sendHtml(reply, 400, resetForm({ locale, token: form._csrf!, link, problems }));
    }
  });

  app.get('/verify/:link', publicRoute, async (request, reply) => {
    const { link } = request.params as { link: string };
    const verified = await verifyEmail(accountContext(), link);
    const visit = await router.visitOf(request, reply);
    const locale = visit?.locale ?? router.localeOf(request);
    const say = accountPageTexts.say(locale);
    if (!verified) {
      return sendHtml(
        reply,
        410,
        messagePage(locale, say('linkNotValidTitle'), say('verifyLinkNotValid'), visit),
      );
    }
    if (visit) {
      router.putFlash(reply, { kind: 'notice', message: say('emailConfirmedNotice') });
      return seeOther(reply, '/participate');
    }
    return sendHtml(
      reply,
      200,
      messagePage(
        locale,
        say('emailConfirmedTitle'),
        accountPageTexts.sayHtml(locale)(
          'emailConfirmedText',
          {},
          { link: (inner) => html`<a href="/participate/sign-in">${inner}</a>` },
        ),
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
        notice: accountPageTexts.text(visit.locale, 'verificationResent', {
          email: visit.participant.email,
        }),
      };
    },
  );
}
