import {
  discoverOpportunities,
  participantOpportunityView,
  readOpportunityDetail,
} from '../../discovery/index.ts';
import { groupIdsOfParticipant } from '../../participant-groups/index.ts';
import type { ParticipantRow } from '../../participants/index.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { currencyAmount, perHourCents, plural } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import type { ParticipantScreeningQuestion } from '../../screening/index.ts';
import { applyToOpportunity } from '../../submissions/index.ts';
import { csrfField, participantPage } from '../layout.ts';
import type { FormVisit, ParticipateRouter, Visit } from '../router.ts';
import {
  applicationFromForm,
  screenerFields,
  type TypedAnswers,
  typedAnswers,
} from '../screener-form.ts';

type StudyView = ReturnType<typeof participantOpportunityView>;

export function reward(
  study: Pick<StudyView, 'incentive_cents' | 'currency' | 'estimated_duration_minutes'>,
): Html {
  const minutes = study.estimated_duration_minutes;
  return html`<dl class="facts">
    <div><dt>Reward</dt><dd>${currencyAmount(study.incentive_cents, study.currency)}</dd></div>
    <div><dt>About</dt><dd>${plural(minutes, 'minute')}</dd></div>
    <div><dt>Per hour</dt><dd>${currencyAmount(perHourCents(study.incentive_cents, minutes), study.currency)}</dd></div>
  </dl>`;
}

function verifyBanner(visit: Visit): Html | '' {
  if (visit.participant.email_verified_at) return '';
  return html`<section class="card notice" aria-labelledby="verify-heading">
    <h2 id="verify-heading">Confirm your email to apply</h2>
    <p>We sent a link to ${visit.participant.email}. Open it to confirm your address; you can look at studies meanwhile.</p>
    <form method="post" action="/participate/verify/resend">${csrfField(visit.csrf)}<button type="submit">Send the link again</button></form>
  </section>`;
}

/** What an application's status means for the applicant, in words; never why they were screened out. */
export function outcomeWords(status: string): { title: string; text: string; tone: string } {
  switch (status) {
    case 'screen_passed':
      return {
        title: 'You are in',
        text: 'Your answers fit this study and a place is held for you. Start the tasks when you are ready.',
        tone: 'good',
      };
    case 'awaiting_decision':
      return {
        title: 'Waiting for the researcher',
        text: 'The researcher chooses participants from the applications. We will email you if you are invited.',
        tone: 'info',
      };
    case 'screened_out':
      return {
        title: 'Not this time',
        text: 'This study is looking for people with a different profile, so it cannot take you. Thank you for your time: other studies may fit you better.',
        tone: 'neutral',
      };
    default:
      return {
        title: 'You applied',
        text: 'Your application is recorded; your work page shows where it stands.',
        tone: 'info',
      };
  }
}

/** Grader issues name their question: `Question "key" ...` or `Answer for "key": ...`. */
function problemsByQuestion(messages: readonly string[]): Map<string, string[]> {
  const byQuestion = new Map<string, string[]>();
  for (const message of messages) {
    const key = /^(?:Question|Answer for) "((?:[^"\\]|\\.)*)"/.exec(message)?.[1];
    if (key === undefined) continue;
    byQuestion.set(key, [...(byQuestion.get(key) ?? []), message]);
  }
  return byQuestion;
}

function studyPage(input: {
  visit: Visit;
  study: Awaited<ReturnType<typeof readOpportunityDetail>>;
  typed?: TypedAnswers;
  problems?: { message: string; issues: string[] };
}): Html {
  const { visit, study } = input;
  const application = study.application;
  const questions: ParticipantScreeningQuestion[] = study.screening_questions;
  const byQuestion = problemsByQuestion(input.problems?.issues ?? []);
  const applyBlock = application
    ? (() => {
        const words = outcomeWords(application.status);
        return html`<section class="card outcome outcome-${words.tone}" aria-labelledby="outcome-heading">
          <h2 id="outcome-heading">${words.title}</h2><p>${words.text}</p>
          ${application.status === 'screen_passed' ? html`<p><a class="button primary" href="/participate/submissions/${application.id}">Go to the tasks</a></p>` : ''}
        </section>`;
      })()
    : html`<section class="card" aria-labelledby="apply-heading">
        <h2 id="apply-heading">${questions.length ? 'A few questions first' : 'Apply'}</h2>
        ${input.problems ? html`<div class="flash flash-error" role="alert"><p>${input.problems.message}</p>${input.problems.issues.length ? html`<ul>${input.problems.issues.map((issue) => html`<li>${issue}</li>`)}</ul>` : ''}</div>` : ''}
        ${!visit.participant.email_verified_at ? html`<p>Confirm your email first: the link is in your inbox.</p>` : ''}
        <form method="post" action="/participate/studies/${study.id}/apply" class="stack">
          ${csrfField(visit.csrf)}
          ${questions.length ? screenerFields(questions, input.typed, byQuestion) : html`<p>This study has no screener: applying takes a place if one is free.</p>`}
          <button type="submit" class="primary"${visit.participant.email_verified_at ? '' : html` disabled`}>Apply</button>
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
        ${reward(study)}
        <p class="places">${plural(study.places_remaining, 'place')} left</p>
        <div class="description">${(study.description ?? '').split(/\n{2,}/).map((para) => html`<p>${para}</p>`)}</div>
        <h2>What you will do</h2>
        <ol class="tasks">${study.tasks.map((task) => html`<li><strong>${task.title}</strong> · ${plural(task.duration_minutes, 'minute')}${task.description ? html`<br><span class="hint">${task.description}</span>` : ''}</li>`)}</ol>
      </section>
      ${applyBlock}`,
  });
}

function studyCard(study: StudyView): Html {
  return html`<li class="card study">
    <h2><a href="/participate/studies/${study.id}">${study.title}</a></h2>
    ${reward(study)}
    <p class="places">${plural(study.places_remaining, 'place')} left</p>
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
    return participantPage({
      locale: visit.locale,
      title: 'Studies for you',
      participant: visit.participant,
      csrf: visit.csrf,
      section: 'studies',
      flash: visit.flash,
      body: html`${verifyBanner(visit)}
        ${
          page.data.length
            ? html`<ul class="studies">${page.data.map(studyCard)}</ul>`
            : html`<section class="card"><p>No study is looking for someone like you right now. New studies open often; a fuller <a href="/participate/profile">profile</a> matches more of them.</p></section>`
        }
        ${page.pagination.next_cursor ? html`<p><a href="/participate?after=${page.pagination.next_cursor}">More studies</a></p>` : ''}`,
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
      if (!visit.participant.email_verified_at) {
        return {
          redirect: `/participate/studies/${opportunityId}`,
          notice: 'Confirm your email address first: open the link we sent you.',
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
          return {
            redirect: `/participate/studies/${opportunityId}`,
            notice: 'You passed the screener.',
          };
        }
        return { redirect: `/participate/studies/${opportunityId}` };
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        return {
          status: 400,
          html: studyPage({
            visit,
            study,
            typed,
            problems: {
              message: error.message,
              issues: error.issues.map((issue) => issue.message),
            },
          }),
        };
      }
    },
  );
}
