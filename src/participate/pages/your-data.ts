import { eraseOwnAccount, exportParticipant } from '../../participant-data/index.ts';
import { isDomainError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import type { AnyLocale } from '../../platform/i18n/locales.ts';
import { fileStoreFor } from '../../platform/storage/index.ts';
import { flashBox } from '../../platform/web/form-parts.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { inputField } from '../fields.ts';
import { csrfField, participantPage } from '../layout.ts';
import { yourDataTexts } from '../locales/your-data/index.ts';
import { type ParticipateRouter, problemOf, type Visit } from '../router.ts';

/**
 * The participant's own data (docs/participant-data.md): a download of everything held about
 * them, and "Delete my account", confirmed with the password.
 */

/** The profile page's card pointing here. */
export function yourDataCard(locale: AnyLocale): Html {
  const say = yourDataTexts.say(locale);
  return html`<section class="card" aria-labelledby="data-heading"><h2 id="data-heading">${say('heading')}</h2>
    <p>${say('holds')}</p>
    <p><a href="/participate/profile/data.json" download>${say('download')}</a></p>
    <p><a href="/participate/account/delete">${say('deleteLink')}</a></p>
  </section>`;
}

function deletePage(
  visit: Visit,
  problems?: { message: string; password: string[] },
  status = 200,
) {
  const say = yourDataTexts.say(visit.locale);
  const sayHtml = yourDataTexts.sayHtml(visit.locale);
  const markup = participantPage({
    locale: visit.locale,
    title: say('deleteTitle'),
    participant: visit.participant,
    csrf: visit.csrf,
    section: 'profile',
    flash: visit.flash,
    body: html`${problems ? flashBox({ kind: 'error', message: problems.message }) : ''}
      <section class="card" aria-labelledby="goes-heading"><h2 id="goes-heading">${say('deletedHeading')}</h2>
        <ul>
          <li>${say('deletedProfile')}</li>
          <li>${say('deletedWriting')}</li>
          <li>${say('deletedFiles')}</li>
          <li>${say('deletedAccess')}</li>
        </ul>
        <p>${say('deletedPlaces')}</p>
      </section>
      <section class="card" aria-labelledby="kept-heading"><h2 id="kept-heading">${say('keptHeading')}</h2>
        <p>${say('keptPayments')}</p>
        <p>${sayHtml('keptDownload', {}, { download: (inner) => html`<a href="/participate/profile/data.json" download>${inner}</a>` })}</p>
      </section>
      <section class="card narrow"><form method="post" action="/participate/account/delete" class="stack" novalidate>
        ${csrfField(visit.csrf)}
        ${inputField({
          name: 'password',
          label: say('password'),
          type: 'password',
          problems: problems?.password,
          hint: say('passwordHint'),
          attributes: html` autocomplete="current-password" required`,
        })}
        <button type="submit" class="danger">${say('deleteButton')}</button>
      </form>
      <p><a href="/participate/profile">${say('keep')}</a></p></section>`,
  });
  return status === 200 ? markup : { status, html: markup };
}

export function yourDataPages(app: App, router: ParticipateRouter, context: AppContext) {
  const { db } = context.database;

  app.get('/profile/data.json', { config: { auth: 'public' } }, async (request, reply) => {
    const visit = await router.visitOf(request, reply);
    if (!visit) {
      return reply
        .code(303)
        .header('location', '/participate/sign-in?next=%2Fparticipate%2Fprofile')
        .send();
    }
    const document = await exportParticipant(db, visit.participant.id, visit.now);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', 'attachment; filename="cohort-my-data.json"')
      .header('cache-control', 'no-store')
      .send(JSON.stringify(document, null, 2));
  });

  router.page('/account/delete', async (visit) => deletePage(visit));

  router.action(
    '/account/delete',
    () => '/participate/account/delete',
    async (visit) => {
      try {
        await eraseOwnAccount(context.database, {
          participant: visit.participant,
          password: visit.form.password ?? '',
          files: fileStoreFor(context.database, context.config),
          now: visit.now,
        });
      } catch (error) {
        if (!isDomainError(error) || error.name === 'NotFoundError') throw error;
        // Its refusal is a password that does not match (src/participant-data/erase.ts).
        const say = yourDataTexts.say(visit.locale);
        const refused =
          error.name === 'ValidationError'
            ? { message: say('passwordNeeded'), password: [say('passwordWrong')] }
            : { message: problemOf(error, visit.locale).message, password: [] };
        return deletePage(visit, refused, 400) as {
          status: number;
          html: Html;
        };
      }
      router.endSession(visit.reply);
      const say = yourDataTexts.say(visit.locale);
      return {
        status: 200,
        html: participantPage({
          locale: visit.locale,
          title: say('goneTitle'),
          body: html`<section class="card"><p>${say('goneText')}</p><p><a href="/">${say('frontPage')}</a></p></section>`,
        }),
      };
    },
  );
}
