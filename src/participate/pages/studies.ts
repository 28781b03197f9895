import {
  discoverOpportunities,
  participantOpportunityView,
  readOpportunityDetail,
} from '../../discovery/index.ts';
import { findOpportunitiesForParticipant } from '../../opportunities/index.ts';
import { groupIdsOfParticipant } from '../../participant-groups/index.ts';
import type { ParticipantRow } from '../../participants/index.ts';
import { ConflictError, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { formatMoney } from '../../platform/i18n/format.ts';
import type { AnyLocale } from '../../platform/i18n/locales.ts';
import { perHourCents } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import type { ParticipantScreeningQuestion } from '../../screening/index.ts';
import { applyToOpportunity } from '../../submissions/index.ts';
import { csrfField, participantPage } from '../layout.ts';
import { sessionsTexts } from '../locales/sessions/index.ts';
import { studiesTexts } from '../locales/studies/index.ts';
import { type FormVisit, type ParticipateRouter, problemOf, type Visit } from '../router.ts';
import {
  applicationFromForm,
  screenerFields,
  type TypedAnswers,
  typedAnswers,
} from '../screener-form.ts';
import { pickerPath } from './sessions.ts';

type StudyView = ReturnType<typeof participantOpportunityView>;

/** "15 minutes" in the reader's language: a study's length, a task's. */
export function minutesText(locale: AnyLocale, minutes: number): string {
  return studiesTexts.text(locale, 'minutes', { count: minutes });
}

export function reward(
  locale: AnyLocale,
  study: Pick<StudyView, 'incentive_cents' | 'currency' | 'estimated_duration_minutes'>,
): Html {
  const say = studiesTexts.say(locale);
  const minutes = study.estimated_duration_minutes;
  return html`<dl class="facts">
    <div><dt>${say('reward')}</dt><dd>${formatMoney(locale, study.incentive_cents, study.currency)}</dd></div>
    <div><dt>${say('about')}</dt><dd>${minutesText(locale, minutes)}</dd></div>
    <div><dt>${say('perHour')}</dt><dd>${formatMoney(locale, perHourCents(study.incentive_cents, minutes), study.currency)}</dd></div>
  </dl>`;
}

function verifyBanner(visit: Visit): Html | '' {
  if (visit.participant.email_verified_at) return '';
  const say = studiesTexts.say(visit.locale);
  return html`<section class="card notice" aria-labelledby="verify-heading">
    <h2 id="verify-heading">${say('verifyHeading')}</h2>
    <p>${say('verifyText', { email: visit.participant.email })}</p>
    <form method="post" action="/participate/verify/resend">${csrfField(visit.csrf)}<button type="submit">${say('sendLinkAgain')}</button></form>
  </section>`;
}

const OUTCOMES = {
  screen_passed: { title: 'inTitle', text: 'inText', tone: 'good' },
  awaiting_decision: { title: 'waitingTitle', text: 'waitingText', tone: 'info' },
  screened_out: { title: 'notThisTimeTitle', text: 'notThisTimeText', tone: 'neutral' },
  applied: { title: 'appliedTitle', text: 'appliedText', tone: 'info' },
} as const;

/** What an application's status means for the applicant, in words; never why they were screened out. */
export function outcomeWords(
  locale: AnyLocale,
  status: string,
): { title: string; text: string; tone: string } {
  const outcome = OUTCOMES[status as keyof typeof OUTCOMES] ?? OUTCOMES.applied;
  const say = studiesTexts.say(locale);
  return { title: say(outcome.title), text: say(outcome.text), tone: outcome.tone };
}

/**
 * Grader issues name their question in their English (`Question "key" ...` or `Answer for "key":
 * ...`); each is shown beside it in the reader's language.
 */
function problemsByQuestion(
  issues: readonly { english: string; said: string }[],
): Map<string, string[]> {
  const byQuestion = new Map<string, string[]>();
  for (const issue of issues) {
    const key = /^(?:Question|Answer for) "((?:[^"\\]|\\.)*)"/.exec(issue.english)?.[1];
    if (key === undefined) continue;
    byQuestion.set(key, [...(byQuestion.get(key) ?? []), issue.said]);
  }
  return byQuestion;
}

function studyPage(input: {
  visit: Visit;
  study: Awaited<ReturnType<typeof readOpportunityDetail>>;
  typed?: TypedAnswers;
  problems?: { message: string; issues: { english: string; said: string }[] };
}): Html {
  const { visit, study } = input;
  const say = studiesTexts.say(visit.locale);
  const application = study.application;
  const questions: ParticipantScreeningQuestion[] = study.screening_questions;
  const byQuestion = problemsByQuestion(input.problems?.issues ?? []);
  const applyBlock = application
    ? (() => {
        const words = outcomeWords(visit.locale, application.status);
        return html`<section class="card outcome outcome-${words.tone}" aria-labelledby="outcome-heading">
          <h2 id="outcome-heading">${words.title}</h2><p>${words.text}</p>
          ${application.status === 'screen_passed' ? html`<p><a class="button primary" href="/participate/submissions/${application.id}">${say('goToTasks')}</a></p>` : ''}
        </section>`;
      })()
    : html`<section class="card" aria-labelledby="apply-heading">
        <h2 id="apply-heading">${questions.length ? say('questionsFirst') : say('applyHeading')}</h2>
        ${input.problems ? html`<div class="flash flash-error" role="alert"><p>${input.problems.message}</p>${input.problems.issues.length ? html`<ul>${input.problems.issues.map((issue) => html`<li>${issue.said}</li>`)}</ul>` : ''}</div>` : ''}
        ${!visit.participant.email_verified_at ? html`<p>${say('confirmEmailFirst')}</p>` : ''}
        <form method="post" action="/participate/studies/${study.id}/apply" class="stack">
          ${csrfField(visit.csrf)}
          ${questions.length ? screenerFields(visit.locale, questions, input.typed, byQuestion) : html`<p>${say('noScreener')}</p>`}
          <button type="submit" class="primary"${visit.participant.email_verified_at ? '' : html` disabled`}>${say('applyButton')}</button>
        </form>
      </section>`;
  return participantPage({
    locale: visit.locale,
    title: study.title,
    participant: visit.participant,
    csrf: visit.csrf,
    section: 'studies',
    flash: visit.flash,
    body: html`${verifyBanner(visit)}
      <section class="card">
        ${reward(visit.locale, study)}
        <p class="places">${say('placesLeft', { count: study.places_remaining })}</p>
        <div class="description">${(study.description ?? '').split(/\n{2,}/).map((para) => html`<p>${para}</p>`)}</div>
        <h2>${say('whatYouWillDo')}</h2>
        <ol class="tasks">${study.tasks.map((task) => html`<li><strong>${task.title}</strong> · ${minutesText(visit.locale, task.duration_minutes)}${task.description ? html`<br><span class="hint">${task.description}</span>` : ''}</li>`)}</ol>
      </section>
      ${applyBlock}`,
  });
}

function studyCard(locale: AnyLocale, study: StudyView): Html {
  return html`<li class="card study">
    <h2><a href="/participate/studies/${study.id}">${study.title}</a></h2>
    ${reward(locale, study)}
    <p class="places">${studiesTexts.text(locale, 'placesLeft', { count: study.places_remaining })}</p>
  </li>`;
}

const PAGE_SIZE = 20;

/** The studies open to this participant, one study's page, and applying to it. */
export function studyPages(router: ParticipateRouter, context: AppContext) {
  const { db } = context.database;

  router.page('', async (visit) => {
    const cursor = visit.query.after;
    const page = await discoverOpportunities(db, {
      participant: visit.participant,
      limit: PAGE_SIZE,
      cursor: cursor && /^[\w-]{1,200}$/.test(cursor) ? cursor : undefined,
      now: visit.now,
      view: ({ opportunity, placesRemaining }) =>
        participantOpportunityView(opportunity, placesRemaining),
    });
    const say = studiesTexts.say(visit.locale);
    return participantPage({
      locale: visit.locale,
      title: say('listTitle'),
      participant: visit.participant,
      csrf: visit.csrf,
      section: 'studies',
      flash: visit.flash,
      body: html`${verifyBanner(visit)}
        ${
          page.data.length
            ? html`<ul class="studies">${page.data.map((study) => studyCard(visit.locale, study))}</ul>`
            : html`<section class="card"><p>${studiesTexts.sayHtml(visit.locale)('noStudies', {}, { link: (inner) => html`<a href="/participate/profile">${inner}</a>` })}</p></section>`
        }
        ${page.pagination.next_cursor ? html`<p><a href="/participate?after=${page.pagination.next_cursor}">${say('moreStudies')}</a></p>` : ''}`,
    });
  });

  router.page('/studies/:id', async (visit) =>
    studyPage({
      visit,
      study: await readOpportunityDetail(db, {
        participant: visit.participant,
        opportunityId: visit.params.id!,
        now: visit.now,
      }),
    }),
  );

  router.action(
    '/studies/:id/apply',
    (visit) => `/participate/studies/${visit.params.id}`,
    async (visit: FormVisit) => {
      const opportunityId = visit.params.id!;
      const study = await readOpportunityDetail(db, {
        participant: visit.participant,
        opportunityId,
        now: visit.now,
      });
      const say = studiesTexts.say(visit.locale);
      if (!visit.participant.email_verified_at) {
        return {
          redirect: `/participate/studies/${opportunityId}`,
          notice: say('noticeConfirmFirst'),
        };
      }
      const typed = typedAnswers(visit.request.body);
      try {
        const result = await applyToOpportunity(db, {
          participant: visit.participant as ParticipantRow,
          opportunityId,
          answers: applicationFromForm(study.screening_questions, typed),
          now: visit.now,
          client: {
            address: visit.request.ip,
            userAgent: visit.request.headers['user-agent'] ?? '',
          },
          groupsOf: groupIdsOfParticipant,
        });
        if (result.status === 'screen_passed' && result.submission_id) {
          // A scheduled study: the place is held by enrolling in a session, chosen next.
          const row = (await findOpportunitiesForParticipant(db, [opportunityId])).get(
            opportunityId,
          );
          if (Number(row?.scheduled ?? 0) === 1) {
            return {
              redirect: pickerPath(result.submission_id),
              notice: sessionsTexts.text(visit.locale, 'mustEnroll'),
            };
          }
          return {
            redirect: `/participate/studies/${opportunityId}`,
            notice: say('noticePassed'),
          };
        }
        return { redirect: `/participate/studies/${opportunityId}` };
      } catch (error) {
        // Already applied, or no longer recruiting: said in the reader's language, without the
        // API's details for developers.
        if (error instanceof ConflictError && error.phrase) {
          router.putFlash(visit.reply, { kind: 'error', message: error.phrase.in(visit.locale) });
          return { redirect: `/participate/studies/${opportunityId}` };
        }
        if (!(error instanceof ValidationError)) throw error;
        return {
          status: 400,
          html: studyPage({
            visit,
            study,
            typed,
            problems: {
              message: problemOf(error, visit.locale).message,
              issues: error.issues.map((issue) => ({
                english: issue.message,
                said: issue.phrase?.in(visit.locale) ?? issue.message,
              })),
            },
          }),
        };
      }
    },
  );
}
