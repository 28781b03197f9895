import { participantLanguage } from '../../opportunities/index.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { formatDateTime } from '../../platform/i18n/format.ts';
import type { AnyLocale } from '../../platform/i18n/locales.ts';
import { type Html, html } from '../../platform/web/html.ts';
import {
  cancelEnrollment,
  type EnrolledSessionSummary,
  EnrollmentRefusal,
  type EnrollmentResponse,
  enroll,
  enrolledSessionOf,
  enrollmentCalendar,
  type ParticipantSessionResponse,
  sessionsToPick,
} from '../../sessions/index.ts';
import {
  type ParticipantSubmissionResponse,
  readParticipantSubmission,
} from '../../submissions/index.ts';
import { csrfField, participantPage } from '../layout.ts';
import { sessionsTexts } from '../locales/sessions/index.ts';
import type { ParticipateRouter, Visit } from '../router.ts';
import { minutesText } from './studies.ts';

/** Submissions that hold a place: they may enroll, and see the sessions to pick from. */
const HOLDING = new Set(['screen_passed', 'in_progress']);

export const pickerPath = (submissionId: string) =>
  `/participate/submissions/${encodeURIComponent(submissionId)}/session`;
const calendarPath = (submissionId: string) => `${pickerPath(submissionId)}.ics`;

const hidden = (inner: Html) => html`<span class="visually-hidden">${inner}</span>`;

function moment(locale: AnyLocale, iso: string, zone: string): Html {
  return html`<time datetime="${iso}">${formatDateTime(locale, iso, zone)}</time>`;
}

/** When and where, in the participant's time and the lab's (the lab's zone named). */
function sessionFacts(visit: Visit, session: ParticipantSessionResponse): Html {
  const say = sessionsTexts.sayHtml(visit.locale);
  const lab = session.lab;
  return html`<dl class="facts session-facts">
    <div><dt>${sessionsTexts.text(visit.locale, 'whenLabel')}</dt><dd>
      <p>${say('yourTime', { time: html`${moment(visit.locale, session.starts_at, session.your_time_zone)} (${session.your_time_zone})` })}</p>
      ${lab && lab.time_zone !== session.your_time_zone ? html`<p>${say('labTime', { time: html`${moment(visit.locale, session.starts_at, lab.time_zone)} (${lab.time_zone})` })}</p>` : ''}
      <p>${sessionsTexts.text(visit.locale, 'length', { length: minutesText(visit.locale, session.duration_minutes) })}</p>
    </dd></div>
    <div><dt>${sessionsTexts.text(visit.locale, 'whereLabel')}</dt><dd>${
      lab
        ? html`<p><strong>${lab.name}</strong></p><p class="address">${lab.address}</p>`
        : html`<p>${sessionsTexts.text(visit.locale, 'online')}</p>`
    }</dd></div>
  </dl>`;
}

/**
 * A card's line on "My work" for an enrolled session: when, in the reader's time, and where, with
 * its calendar file.
 */
export function enrolledSessionLine(
  visit: Visit,
  submission: { id: string; opportunity_title: string },
  session: EnrolledSessionSummary | undefined,
): Html | '' {
  if (!session) return '';
  const sayHtml = sessionsTexts.sayHtml(visit.locale);
  const place = session.lab
    ? `${session.lab.name}, ${session.lab.address}`
    : sessionsTexts.text(visit.locale, 'online');
  return html`<p class="session-line" data-session>${sayHtml('listSession', {
    time: moment(visit.locale, session.starts_at, visit.participant.timezone),
    place,
  })} · <a href="${calendarPath(submission.id)}" download="session.ics">${sayHtml(
    'addStudyToCalendar',
    { title: submission.opportunity_title },
    { hidden },
  )}</a></p>`;
}

/**
 * The session a submission is enrolled in, on its page under "My work": when and where, the
 * calendar file, and cancelling until enrollment closes (after that, the deadline). A cancelled
 * enrollment or session leads back to the sessions to pick from.
 */
export function enrolledSessionBlock(
  visit: Visit,
  submission: Pick<ParticipantSubmissionResponse, 'id' | 'status' | 'deadline_at'>,
  enrollment: EnrollmentResponse | undefined,
): Html | '' {
  const say = sessionsTexts.say(visit.locale);
  const sayHtml = sessionsTexts.sayHtml(visit.locale);
  const holding = HOLDING.has(submission.status);
  // Unenrolled, the place waits only so long (docs/decisions/0185-enrolling-to-hold-a-place.md).
  const before =
    holding && submission.deadline_at
      ? html`<p class="hint">${sayHtml('enrollBefore', { date: moment(visit.locale, submission.deadline_at, visit.participant.timezone) })}</p>`
      : '';
  const choose = holding
    ? html`${before}<p><a class="button primary" href="${pickerPath(submission.id)}">${say('chooseSession')}</a></p>`
    : '';
  if (!enrollment) {
    return holding
      ? html`<section class="card notice" aria-labelledby="session-heading">
        <h2 id="session-heading">${say('pickTitle')}</h2><p>${say('mustEnroll')}</p>${choose}
      </section>`
      : '';
  }
  const session = enrollment.session;
  const cancelled = enrollment.status === 'cancelled';
  const open = Date.parse(enrollment.cancellable_until) > visit.now.getTime();
  return html`<section class="card session-card" aria-labelledby="session-heading">
    <h2 id="session-heading">${say('enrolledHeading')}</h2>
    ${sessionFacts(visit, session)}
    ${enrollment.attendance ? html`<p>${say('attendance', { attendance: enrollment.attendance })}</p>` : ''}
    ${
      cancelled
        ? html`<p>${say('enrollmentCancelled')}</p>${choose}`
        : html`${enrollment.reserve && !enrollment.attendance ? html`<p>${say('reserveSeat')}</p>` : ''}
          <p><a class="button" href="${calendarPath(submission.id)}" download="session.ics">${say('addToCalendar')}</a></p>
          ${
            enrollment.attendance
              ? ''
              : open
                ? html`<p class="hint">${sayHtml('cancelUntil', { date: moment(visit.locale, enrollment.cancellable_until, visit.participant.timezone) })}</p>
                <form method="post" action="${pickerPath(submission.id)}/cancel" data-confirm="${say('cancelConfirm')}">${csrfField(visit.csrf)}<button type="submit" class="danger">${say('cancelButton')}</button></form>`
                : html`<p class="hint">${sayHtml('cancelClosed', { date: moment(visit.locale, enrollment.cancellable_until, visit.participant.timezone) })}</p>`
          }`
    }
  </section>`;
}

function sessionCard(
  visit: Visit,
  submissionId: string,
  session: ParticipantSessionResponse,
): Html {
  const say = sessionsTexts.say(visit.locale);
  const sayHtml = sessionsTexts.sayHtml(visit.locale);
  const when = formatDateTime(visit.locale, session.starts_at, session.your_time_zone);
  return html`<li class="card session-option">
    <h2>${moment(visit.locale, session.starts_at, session.your_time_zone)}</h2>
    ${sessionFacts(visit, session)}
    <p class="places">${say('seatsLeft', { count: session.seats_left })} · ${sayHtml('enrollUntil', { date: moment(visit.locale, session.enrollment_closes_at, session.your_time_zone) })}</p>
    <form method="post" action="${pickerPath(submissionId)}">
      ${csrfField(visit.csrf)}
      <input type="hidden" name="session_id" value="${session.id}">
      <button type="submit" class="primary">${sayHtml('enrollButton', { time: when }, { hidden })}</button>
    </form>
  </li>`;
}

/** Which refusal an enrollment met, in the reader's words (the use case names its reason). */
function refusalWords(locale: AnyLocale, error: EnrollmentRefusal): string {
  const say = sessionsTexts.say(locale);
  switch (error.reason) {
    case 'full':
      return say('refusedFull');
    case 'closed':
      return say('refusedClosed');
    case 'already_enrolled':
      return say('alreadyEnrolled');
    case 'not_enrollable':
      return say('notEnrollable');
    default:
      return say('refusedGeneric');
  }
}

/**
 * A scheduled study's sessions for the participant (docs/decisions/0178-lab-sessions.md): the
 * sessions with a seat left to pick from, enrolling and cancelling, and the enrolled session's
 * calendar file, through the same use cases as /v2/participant/submissions/{id}/enrollment.
 */
export function sessionPages(app: App, router: ParticipateRouter, context: AppContext) {
  const { db } = context.database;
  const publicUrl = context.config.publicUrl;

  const submissionOf = (visit: Visit) =>
    readParticipantSubmission(db, {
      participantId: visit.participant.id,
      submissionId: visit.params.id!,
      now: visit.now,
      language: participantLanguage(visit.participant),
    });

  router.page('/submissions/:id/session', async (visit) => {
    const submission = await submissionOf(visit);
    const enrollment = await enrolledSessionOf(db, {
      participant: visit.participant,
      submissionId: submission.id,
      publicUrl,
    });
    const say = sessionsTexts.say(visit.locale);
    const enrolled = enrollment?.status === 'enrolled';
    const holding = HOLDING.has(submission.status);
    const sessions =
      holding && !enrolled
        ? await sessionsToPick(db, {
            participant: visit.participant,
            opportunityId: submission.opportunity_id,
            now: visit.now,
          })
        : [];
    return participantPage({
      locale: visit.locale,
      title: say('pickTitle'),
      participant: visit.participant,
      csrf: visit.csrf,
      section: 'work',
      flash: visit.flash,
      body: html`<section class="card">
          <p class="study-name"><strong>${submission.opportunity_title}</strong></p>
          <p>${enrolled ? say('alreadyEnrolled') : holding ? say('pickIntro') : say('notEnrollable')}</p>
          <p><a href="/participate/submissions/${submission.id}">${say('backToWork')}</a></p>
        </section>
        ${enrolled ? enrolledSessionBlock(visit, submission, enrollment) : ''}
        ${
          holding && !enrolled
            ? sessions.length
              ? html`<ul class="studies sessions">${sessions.map((session) => sessionCard(visit, submission.id, session))}</ul>`
              : html`<section class="card"><p>${say('noSessions')}</p></section>`
            : ''
        }`,
    });
  });

  router.action(
    '/submissions/:id/session',
    (visit) => pickerPath(visit.params.id!),
    async (visit) => {
      const say = sessionsTexts.say(visit.locale);
      try {
        await enroll(db, {
          participantId: visit.participant.id,
          submissionId: visit.params.id!,
          sessionId: (visit.form.session_id ?? '').trim(),
          now: visit.now,
          publicUrl,
        });
      } catch (error) {
        if (error instanceof NotFoundError && error.message.includes('Session')) {
          router.putFlash(visit.reply, { kind: 'error', message: say('refusedGeneric') });
          return { redirect: pickerPath(visit.params.id!) };
        }
        if (!(error instanceof EnrollmentRefusal)) throw error;
        router.putFlash(visit.reply, { kind: 'error', message: refusalWords(visit.locale, error) });
        return { redirect: pickerPath(visit.params.id!) };
      }
      return {
        redirect: `/participate/submissions/${visit.params.id}`,
        notice: say('noticeEnrolled'),
      };
    },
  );

  router.action(
    '/submissions/:id/session/cancel',
    (visit) => `/participate/submissions/${visit.params.id}`,
    async (visit) => {
      const say = sessionsTexts.say(visit.locale);
      try {
        await cancelEnrollment(db, {
          participantId: visit.participant.id,
          submissionId: visit.params.id!,
          now: visit.now,
          publicUrl,
        });
      } catch (error) {
        if (!(error instanceof EnrollmentRefusal)) throw error;
        // After the deadline: say when it was, in the reader's words and time zone.
        const enrollment = await enrolledSessionOf(db, {
          participant: visit.participant,
          submissionId: visit.params.id!,
          publicUrl,
        });
        const message =
          enrollment?.status === 'enrolled'
            ? say('refusedCancelClosed', {
                date: formatDateTime(
                  visit.locale,
                  enrollment.cancellable_until,
                  visit.participant.timezone,
                ),
              })
            : say('refusedGeneric');
        router.putFlash(visit.reply, { kind: 'error', message });
        return { redirect: `/participate/submissions/${visit.params.id}` };
      }
      return { redirect: pickerPath(visit.params.id!), notice: say('noticeCancelled') };
    },
  );

  // "Add to calendar": the enrolled session as an iCalendar file (the mails' UID), downloaded.
  app.get(
    '/submissions/:id/session.ics',
    { config: { auth: 'public' } },
    async (request, reply) => {
      const visit = await router.visitOf(request, reply);
      if (!visit) {
        return reply
          .code(303)
          .header('location', `/participate/sign-in?next=${encodeURIComponent(request.url)}`)
          .send();
      }
      const file = await enrollmentCalendar(db, {
        participantId: visit.participant.id,
        submissionId: (request.params as { id: string }).id,
        publicUrl,
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="session.ics"')
        .send(file);
    },
  );
}
