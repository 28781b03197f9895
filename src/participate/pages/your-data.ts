import { eraseOwnAccount, exportParticipant } from '../../participant-data/index.ts';
import { isDomainError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { issuesByField } from '../../platform/web/field-issues.ts';
import { flashBox } from '../../platform/web/form-parts.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { inputField } from '../fields.ts';
import { csrfField, participantPage } from '../layout.ts';
import type { ParticipateRouter, Visit } from '../router.ts';

/**
 * The participant's own data (docs/participant-data.md): a download of everything held about
 * them, and "Delete my account", confirmed with the password.
 */

/** The profile page's card pointing here. */
export function yourDataCard(): Html {
  return html`<section class="card" aria-labelledby="data-heading"><h2 id="data-heading">Your data</h2>
    <p>Everything Cohort holds about you (profile, applications and answers, work, messages, payments, uploads) as one file.</p>
    <p><a href="/participate/profile/data.json" download>Download your data (JSON)</a></p>
    <p><a href="/participate/account/delete">Delete my account</a></p>
  </section>`;
}

function deletePage(
  visit: Visit,
  problems?: { message: string; password: string[] },
  status = 200,
) {
  const markup = participantPage({
    locale: visit.locale,
    title: 'Delete my account',
    participant: visit.participant,
    csrf: visit.csrf,
    section: 'profile',
    flash: visit.flash,
    body: html`${problems ? flashBox({ kind: 'error', message: problems.message }) : ''}
      <section class="card" aria-labelledby="goes-heading"><h2 id="goes-heading">What is deleted</h2>
        <ul>
          <li>Your name, email, date of birth, place and every profile answer.</li>
          <li>What you wrote: written screener answers, notes on your work, your messages.</li>
          <li>Every file you uploaded.</li>
          <li>Your password, your sign-ins and your API token: you are signed out everywhere.</li>
        </ul>
        <p>Places you hold in studies go back to the researchers. Work waiting for review stays with them, without your name.</p>
      </section>
      <section class="card" aria-labelledby="kept-heading"><h2 id="kept-heading">What is kept</h2>
        <p>Payments and the status of each application stay, under a random number instead of your name, so the researchers’ accounts still add up. Nobody can tell from them who you are.</p>
        <p><a href="/participate/profile/data.json" download>Download your data</a> first if you want a copy: it cannot be recovered afterwards.</p>
      </section>
      <section class="card narrow"><form method="post" action="/participate/account/delete" class="stack" novalidate>
        ${csrfField(visit.csrf)}
        ${inputField({
          name: 'password',
          label: 'Your password',
          type: 'password',
          problems: problems?.password,
          hint: 'To be sure it is you.',
          attributes: html` autocomplete="current-password" required`,
        })}
        <button type="submit" class="danger">Delete my account</button>
      </form>
      <p><a href="/participate/profile">Keep my account</a></p></section>`,
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
          dataDir: context.config.dataDir,
          now: visit.now,
        });
      } catch (error) {
        if (!isDomainError(error) || error.name === 'NotFoundError') throw error;
        const { byField } = issuesByField(error.issues, ['password']);
        return deletePage(
          visit,
          { message: error.message, password: byField.get('password') ?? [] },
          400,
        ) as {
          status: number;
          html: Html;
        };
      }
      router.endSession(visit.reply);
      return {
        status: 200,
        html: participantPage({
          locale: visit.locale,
          title: 'Your account is deleted',
          body: html`<section class="card"><p>Your personal data is erased and you are signed out. Thank you for taking part.</p><p><a href="/">Back to the front page</a></p></section>`,
        }),
      };
    },
  );
}
