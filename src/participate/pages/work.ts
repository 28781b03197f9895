import multipart from '@fastify/multipart';
import {
  instantOfWallClock,
  listOwnTimeEntries,
  recordTimeEntry,
  wallClockOf,
} from '../../hours/index.ts';
import { findOpportunitiesForParticipant, participantLanguage } from '../../opportunities/index.ts';
import { ConflictError, isDomainError, NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { formatDateTime, formatMoney } from '../../platform/i18n/format.ts';
import { type AnyLocale, intlLocale } from '../../platform/i18n/locales.ts';
import { fileStoreFor } from '../../platform/storage/index.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { enrolledSessionOf, enrolledSessionsOf } from '../../sessions/index.ts';
import {
  completeTaskByCode,
  handInUpload,
  type ParticipantSubmissionResponse,
  participantSubmissionsPage,
  readParticipantSubmission,
  returnSubmission,
  startSubmission,
  submitTask,
} from '../../submissions/index.ts';
import { csrfField, participantPage } from '../layout.ts';
import { workTexts } from '../locales/work/index.ts';
import type { ActionResult, FormVisit, ParticipateRouter, Visit } from '../router.ts';
import { enrolledSessionBlock, enrolledSessionLine } from './sessions.ts';
import { minutesText, outcomeWords } from './studies.ts';

type Task = ParticipantSubmissionResponse['tasks'][number];

const ABANDONED_WORDS = {
  returned: 'abandonedReturned',
  timed_out: 'abandonedTimedOut',
  withdrawn: 'abandonedWithdrawn',
} as const;

/** A moment in the participant's language and time zone, machine-readable in `datetime`. */
function moment(visit: Visit, iso: string | null | undefined): Html | string {
  if (!iso) return '—';
  return html`<time datetime="${iso}">${formatDateTime(visit.locale, iso, visit.participant.timezone)}</time>`;
}

/** A file size limit as the reader's language writes it: "1 MB", "1000 kB" would be "0 MB". */
function fileSize(locale: AnyLocale, bytes: number): string {
  const megabytes = bytes >= 1_048_576;
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / 1_048_576 : bytes / 1024);
}

function taskBlock(submission: ParticipantSubmissionResponse, task: Task, visit: Visit): Html {
  const say = workTexts.say(visit.locale);
  const sayHtml = workTexts.sayHtml(visit.locale);
  const working = submission.status === 'in_progress';
  const action = `/participate/submissions/${submission.id}/tasks/${task.sequence}`;
  let body: Html | string = '';
  if (task.status === 'submitted') {
    body = html`<p class="done">${sayHtml('handedInAt', { date: moment(visit, task.submitted_at) })}</p>`;
  } else if (task.status === 'locked') {
    body = html`<p class="hint">${task.available_at ? sayHtml('opensAt', { date: moment(visit, task.available_at) }) : say('opensAfterPrevious')}</p>`;
  } else if (!working) {
    body = '';
  } else if (task.task_type === 'file_upload') {
    body = html`<form method="post" enctype="multipart/form-data" action="${action}/upload?_csrf=${visit.csrf}" class="stack">
      ${task.instructions ? html`<p>${task.instructions}</p>` : ''}
      <div class="field"><label for="files-${task.sequence}">${task.max_files ? say('filesUpTo', { count: task.max_files }) : say('files')}</label>
      <input id="files-${task.sequence}" name="files" type="file" multiple${task.accepted_mime_types?.length ? html` accept="${task.accepted_mime_types.join(',')}"` : ''}>
      ${task.max_file_size_bytes ? html`<p class="hint">${say('maxFileSize', { size: fileSize(visit.locale, task.max_file_size_bytes) })}</p>` : ''}</div>
      <div class="field"><label for="upload-notes-${task.sequence}">${say('notesOptional')}</label><textarea id="upload-notes-${task.sequence}" name="notes" rows="2" maxlength="10000"></textarea></div>
      <button type="submit" class="primary">${say('uploadAndHandIn')}</button>
    </form>`;
  } else {
    body = html`${
      task.participant_url
        ? html`<p><a class="button primary" href="${task.participant_url}" target="_blank" rel="noopener">${sayHtml('openTask', { title: task.title }, { hidden: (inner) => html`<span class="visually-hidden">${inner}</span>` })}</a></p>
          <p class="hint">${say('taskReturnsHere')}</p>
          <form method="post" action="/participate/complete" class="inline-form">
            ${csrfField(visit.csrf)}
            <label for="code-${task.sequence}">${say('completionCode')}</label>
            <input id="code-${task.sequence}" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false">
            <button type="submit">${say('handIn')}</button>
          </form>`
        : html`<form method="post" action="${action}/submit" class="stack">
            ${csrfField(visit.csrf)}
            <div class="field"><label for="notes-${task.sequence}">${say('notesForResearcher')}</label><textarea id="notes-${task.sequence}" name="notes" rows="3" maxlength="10000"></textarea></div>
            <button type="submit" class="primary">${say('markDone')}</button>
          </form>`
    }`;
  }
  return html`<li class="task task-${task.status}">
    <h3>${task.title} <span class="task-status">${say('taskStatus', { status: task.status })}</span></h3>
    <p class="hint">${minutesText(visit.locale, task.duration_minutes)}${task.description ? ` · ${task.description}` : ''}</p>
    ${body}
  </li>`;
}

function timeLog(
  submission: ParticipantSubmissionResponse,
  visit: Visit,
  entries: { started_at: string; ended_at: string }[],
): Html {
  const say = workTexts.say(visit.locale);
  const zone = visit.participant.timezone;
  const now = wallClockOf(visit.now.getTime(), zone);
  return html`<section class="card" aria-labelledby="time-heading">
    <h2 id="time-heading">${say('timeWorked')}</h2>
    <p class="hint">${say('timeHint', { zone })}</p>
    ${entries.length ? html`<ul class="time-entries">${entries.map((entry) => html`<li>${moment(visit, entry.started_at)} – ${moment(visit, entry.ended_at)}</li>`)}</ul>` : ''}
    <form method="post" action="/participate/submissions/${submission.id}/time" class="stack">
      ${csrfField(visit.csrf)}
      <div class="field"><label for="started">${say('started')}</label><input id="started" name="started" type="datetime-local" max="${now}" required></div>
      <div class="field"><label for="ended">${say('ended')}</label><input id="ended" name="ended" type="datetime-local" max="${now}" required></div>
      <button type="submit">${say('logTime')}</button>
    </form>
  </section>`;
}

function submissionPage(
  submission: ParticipantSubmissionResponse,
  visit: Visit,
  extra: {
    hourly: boolean;
    entries: { started_at: string; ended_at: string }[];
    /** A scheduled study's session (sessions.ts), under the status. */
    session?: Html | '';
    /** Not enrolled in a session of a scheduled study: its block says until when the place waits. */
    awaitingEnrollment?: boolean;
  },
): Html {
  const say = workTexts.say(visit.locale);
  const sayHtml = workTexts.sayHtml(visit.locale);
  const status = submission.status;
  const words = ['screened_out', 'awaiting_decision'].includes(status)
    ? outcomeWords(visit.locale, status).text
    : undefined;
  const money = (cents: number) => formatMoney(visit.locale, cents, submission.currency);
  const abandoned =
    status === 'abandoned' && submission.abandoned_reason
      ? ABANDONED_WORDS[submission.abandoned_reason as keyof typeof ABANDONED_WORDS]
      : undefined;
  return participantPage({
    locale: visit.locale,
    title: submission.opportunity_title,
    participant: visit.participant,
    csrf: visit.csrf,
    section: 'work',
    flash: visit.flash,
    body: html`<section class="card">
        <p class="status-line">${say('status', { status })}</p>
        ${words ? html`<p>${words}</p>` : ''}
        <p>${submission.paid_cents > 0 ? say('rewardPaid', { amount: money(submission.incentive_cents), paid: money(submission.paid_cents) }) : say('reward', { amount: money(submission.incentive_cents) })}</p>
        ${submission.rejection_reason ? html`<p>${say('researcherReason', { reason: submission.rejection_reason })}</p>` : ''}
        ${submission.deadline_at && !extra.awaitingEnrollment && ['screen_passed', 'in_progress'].includes(status) ? html`<p>${sayHtml('handInBefore', { date: moment(visit, submission.deadline_at) })}</p>` : ''}
        ${
          submission.return_requested_at && ['screen_passed', 'in_progress'].includes(status)
            ? html`<div class="flash flash-error" role="status"><p>${submission.return_request_reason ? say('returnRequested', { reason: submission.return_request_reason }) : say('returnRequestedNoReason')}</p></div>`
            : ''
        }
        ${abandoned ? html`<p>${say(abandoned)}</p>` : ''}
        ${
          status === 'screen_passed'
            ? html`<form method="post" action="/participate/submissions/${submission.id}/start">${csrfField(visit.csrf)}<button type="submit" class="primary">${say('start')}</button></form>`
            : ''
        }
      </section>
      ${extra.session ?? ''}
      ${
        ['screen_passed', 'in_progress', 'awaiting_review', 'approved', 'rejected'].includes(status)
          ? html`<section class="card" aria-labelledby="tasks-heading"><h2 id="tasks-heading">${say('tasksHeading')}</h2><ol class="tasks">${submission.tasks.map((task) => taskBlock(submission, task, visit))}</ol></section>`
          : ''
      }
      ${extra.hourly && status === 'in_progress' ? timeLog(submission, visit, extra.entries) : ''}
      ${
        ['screen_passed', 'in_progress'].includes(status)
          ? html`<section class="card"><form method="post" action="/participate/submissions/${submission.id}/return" data-confirm="${say('returnConfirm')}">${csrfField(visit.csrf)}<button type="submit" class="danger">${say('returnButton')}</button></form></section>`
          : ''
      }`,
  });
}

/**
 * A refusal the submissions feature said with a phrase, in the reader's language and without the
 * API's details for developers (statuses, endpoints), which stay in English; its problems that
 * were phrased too (an upload's files) are listed. Anything else goes to the router as before.
 */
function saidRefusal(
  router: ParticipateRouter,
  visit: FormVisit,
  redirect: string,
  run: () => Promise<ActionResult>,
): Promise<ActionResult> {
  return run().catch((error: unknown) => {
    if (!isDomainError(error) || error instanceof NotFoundError || !error.phrase) throw error;
    const issues = error.issues
      .filter((issue) => issue.phrase && issue.message !== error.message)
      .map((issue) => issue.phrase!.in(visit.locale));
    router.putFlash(visit.reply, {
      kind: 'error',
      message: error.phrase.in(visit.locale),
      ...(issues.length ? { issues } : {}),
    });
    return { redirect };
  });
}

/** The participant's work: the list, one submission's tasks, handing them in, time, codes. */
export async function workPages(app: App, router: ParticipateRouter, context: AppContext) {
  const { db } = context.database;
  const back = (visit: Visit) => `/participate/submissions/${visit.params.id}`;

  router.page('/submissions', async (visit) => {
    const cursor = visit.query.after;
    const page = await participantSubmissionsPage(db, {
      participantId: visit.participant.id,
      cursor: cursor && /^[\w-]{1,200}$/.test(cursor) ? cursor : undefined,
      limit: 25,
      now: visit.now,
      language: participantLanguage(visit.participant),
    });
    // The sessions of the page's scheduled studies, in one query.
    const sessions = await enrolledSessionsOf(
      db,
      visit.participant.id,
      page.data.map((submission) => submission.id),
    );
    const say = workTexts.say(visit.locale);
    return participantPage({
      locale: visit.locale,
      title: say('listTitle'),
      participant: visit.participant,
      csrf: visit.csrf,
      section: 'work',
      flash: visit.flash,
      body: page.data.length
        ? html`<ul class="studies">${page.data.map(
            (submission) => html`<li class="card study">
              <h2><a href="/participate/submissions/${submission.id}">${submission.opportunity_title}</a></h2>
              <p class="status-line">${say('status', { status: submission.status })}</p>
              ${enrolledSessionLine(visit, submission, sessions.get(submission.id))}
              <p class="hint">${workTexts.sayHtml(visit.locale)('appliedOn', { date: moment(visit, submission.created_at) })}</p>
            </li>`,
          )}</ul>
          ${page.pagination.next_cursor ? html`<p><a href="/participate/submissions?after=${page.pagination.next_cursor}>${say('older')}</a></p>` : ''}`
        : html`<section class="card"><p>${workTexts.sayHtml(visit.locale)('noWork', {}, { link: (inner) => html`<a href="/participate">${inner}</a>` })}</p></section>`,
    });
  });

  router.page('/submissions/:id', async (visit) => {
    const submission = await readParticipantSubmission(db, {
      participantId: visit.participant.id,
      submissionId: visit.params.id!,
      now: visit.now,
      language: participantLanguage(visit.participant),
    });
    const opportunity = (
      await findOpportunitiesForParticipant(db, [submission.opportunity_id])
    ).get(submission.opportunity_id);
    const hourly = opportunity?.pay_frequency === 'hourly';
    const entries =
      hourly && submission.status === 'in_progress'
        ? await listOwnTimeEntries(db, {
            participantId: visit.participant.id,
            submissionId: submission.id,
            limit: 50,
          })
        : [];
    const enrollment = await enrolledSessionOf(db, {
      participant: visit.participant,
      submissionId: submission.id,
      publicUrl: context.config.publicUrl,
    });
    const session =
      enrollment || Number(opportunity?.scheduled ?? 0) === 1
        ? enrolledSessionBlock(visit, submission, enrollment)
        : '';
    return submissionPage(submission, visit, {
      hourly,
      entries,
      session,
      awaitingEnrollment: session !== '' && enrollment?.status !== 'enrolled',
    });
  });

  router.action('/submissions/:id/start', back, (visit) =>
    saidRefusal(router, visit, back(visit), async () => {
      await startSubmission(db, {
        participantId: visit.participant.id,
        submissionId: visit.params.id!,
        now: visit.now,
      });
      return { redirect: back(visit), notice: workTexts.text(visit.locale, 'noticeStarted') };
    }),
  );

  router.action('/submissions/:id/return', back, (visit) =>
    saidRefusal(router, visit, back(visit), async () => {
      await returnSubmission(db, {
        participantId: visit.participant.id,
        submissionId: visit.params.id!,
        now: visit.now,
      });
      return { redirect: back(visit), notice: workTexts.text(visit.locale, 'noticeReturned') };
    }),
  );

  router.action('/submissions/:id/tasks/:sequence/submit', back, (visit) =>
    saidRefusal(router, visit, back(visit), async () => {
      const notes = (visit.form.notes ?? '').trim();
      await submitTask(db, {
        participantId: visit.participant.id,
        submissionId: visit.params.id!,
        sequence: Number(visit.params.sequence),
        notes: notes === '' ? null : notes.slice(0, 10_000),
        now: visit.now,
      });
      return { redirect: back(visit), notice: workTexts.text(visit.locale, 'noticeHandedIn') };
    }),
  );

  router.action('/submissions/:id/time', back, async (visit) => {
    const zone = visit.participant.timezone;
    const started = instantOfWallClock(visit.form.started ?? '', zone);
    const ended = instantOfWallClock(visit.form.ended ?? '', zone);
    await recordTimeEntry(db, {
      participantId: visit.participant.id,
      submissionId: visit.params.id!,
      startedAt:
        started === undefined ? (visit.form.started ?? '') : new Date(started).toISOString(),
      endedAt: ended === undefined ? (visit.form.ended ?? '') : new Date(ended).toISOString(),
      now: visit.now.getTime(),
    });
    return { redirect: back(visit), notice: workTexts.text(visit.locale, 'noticeTimeLogged') };
  });

  // A survey tool's end-of-survey redirect lands here (docs/participant-app.md, "Completion
  // codes"): the code is the proof, so the visit itself hands the task in.
  router.page('/complete', async (visit) => {
    const code = visit.query.code ?? '';
    return completion(visit, code);
  });
  router.action(
    '/complete',
    () => '/participate/submissions',
    async (visit) => {
      const page = await completion(visit, visit.form.code ?? '');
      return 'redirect' in page ? page : { status: page.status, html: page.html };
    },
  );

  async function completion(
    visit: Visit,
    code: string,
  ): Promise<{ redirect: string } | { status: number; html: Html }> {
    try {
      const done = await completeTaskByCode(db, {
        participantId: visit.participant.id,
        code,
        now: visit.now,
      });
      router.putFlash(visit.reply, {
        kind: 'notice',
        message: workTexts.text(visit.locale, 'noticeCodeAccepted'),
      });
      return { redirect: `/participate/submissions/${done.submission.id}` };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      const say = workTexts.say(visit.locale);
      return {
        status: error instanceof ConflictError ? 409 : 400,
        html: participantPage({
          locale: visit.locale,
          title: say('codeNotAcceptedTitle'),
          participant: visit.participant,
          csrf: visit.csrf,
          body: html`<section class="card"><div class="flash flash-error" role="alert"><p>${error.phrase?.in(visit.locale) ?? error.message}</p></div>
            <p>${workTexts.sayHtml(visit.locale)('codeNothingChanged', {}, { link: (inner) => html`<a href="/participate/submissions">${inner}</a>` })}</p></section>`,
        }),
      };
    }
  }

  // Multipart is understood only by the upload form's route.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { throwFileSizeLimit: false });
    const scoped = uploads as unknown as App;
    scoped.post(
      '/submissions/:id/tasks/:sequence/upload',
      { config: { auth: 'public' } },
      async (request, reply) =>
        router.handleAction(request, reply, back, (visit) =>
          saidRefusal(router, visit, back(visit), async () => {
            await handInUpload(db, request, {
              files: fileStoreFor(context.database, context.config),
              participantId: visit.participant.id,
              submissionId: visit.params.id!,
              sequence: Number(visit.params.sequence),
              now: visit.now,
            });
            return {
              redirect: back(visit),
              notice: workTexts.text(visit.locale, 'noticeUploaded'),
            };
          }),
        ),
    );
  });
}
