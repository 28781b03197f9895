import multipart from '@fastify/multipart';
import {
  instantOfWallClock,
  listOwnTimeEntries,
  recordTimeEntry,
  wallClockOf,
} from '../../hours/index.ts';
import { findOpportunitiesForParticipant, participantLanguage } from '../../opportunities/index.ts';
import { isDomainError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { App } from '../../platform/http/types.ts';
import { currencyAmount, plural, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
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
import type { ParticipateRouter, Visit } from '../router.ts';
import { outcomeWords } from './studies.ts';

type Task = ParticipantSubmissionResponse['tasks'][number];

const ABANDONED_WORDS: Record<string, string> = {
  returned: 'You returned this place.',
  timed_out: 'The time for this work ran out, so the place went back to recruitment.',
  withdrawn: 'The study closed before the work was done.',
};

const STATUS_WORDS: Record<string, string> = {
  screen_passed: 'Ready to start',
  in_progress: 'In progress',
  awaiting_review: 'Handed in, waiting for review',
  approved: 'Approved and paid',
  rejected: 'Not approved',
  abandoned: 'Place given back',
  screened_out: 'Not selected',
  awaiting_decision: 'Waiting for the researcher',
};

function taskBlock(submission: ParticipantSubmissionResponse, task: Task, visit: Visit): Html {
  const working = submission.status === 'in_progress';
  const action = `/participate/submissions/${submission.id}/tasks/${task.sequence}`;
  let body: Html | string = '';
  if (task.status === 'submitted') {
    body = html`<p class="done">Handed in ${when(task.submitted_at)}.</p>`;
  } else if (task.status === 'locked') {
    body = html`<p class="hint">Opens ${task.available_at ? html`${when(task.available_at)}` : 'after the task before it'}.</p>`;
  } else if (!working) {
    body = '';
  } else if (task.task_type === 'file_upload') {
    body = html`<form method="post" enctype="multipart/form-data" action="${action}/upload?_csrf=${visit.csrf}" class="stack">
      ${task.instructions ? html`<p>${task.instructions}</p>` : ''}
      <div class="field"><label for="files-${task.sequence}">Files${task.max_files ? ` (up to ${task.max_files})` : ''}</label>
      <input id="files-${task.sequence}" name="files" type="file" multiple${task.accepted_mime_types?.length ? html` accept="${task.accepted_mime_types.join(',')}"` : ''}>
      ${task.max_file_size_bytes ? html`<p class="hint">At most ${Math.floor(task.max_file_size_bytes / 1_048_576)} MB per file.</p>` : ''}</div>
      <div class="field"><label for="upload-notes-${task.sequence}">Notes (optional)</label><textarea id="upload-notes-${task.sequence}" name="notes" rows="2" maxlength="10000"></textarea></div>
      <button type="submit" class="primary">Upload and hand in</button>
    </form>`;
  } else {
    body = html`${
      task.participant_url
        ? html`<p><a class="button primary" href="${task.participant_url}" target="_blank" rel="noopener">Open the task<span class="visually-hidden"> ${task.title} (opens in a new tab)</span></a></p>
          <p class="hint">When you finish, the task sends you back here and it is handed in. If it gives you a completion code instead, enter it below.</p>
          <form method="post" action="/participate/complete" class="inline-form">
            ${csrfField(visit.csrf)}
            <label for="code-${task.sequence}">Completion code</label>
            <input id="code-${task.sequence}" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false">
            <button type="submit">Hand in</button>
          </form>`
        : html`<form method="post" action="${action}/submit" class="stack">
            ${csrfField(visit.csrf)}
            <div class="field"><label for="notes-${task.sequence}">Notes for the researcher (optional)</label><textarea id="notes-${task.sequence}" name="notes" rows="3" maxlength="10000"></textarea></div>
            <button type="submit" class="primary">Mark as done</button>
          </form>`
    }`;
  }
  return html`<li class="task task-${task.status}">
    <h3>${task.title} <span class="task-status">${task.status === 'submitted' ? 'done' : task.status}</span></h3>
    <p class="hint">${plural(task.duration_minutes, 'minute')}${task.description ? ` · ${task.description}` : ''}</p>
    ${body}
  </li>`;
}

function timeLog(
  submission: ParticipantSubmissionResponse,
  visit: Visit,
  entries: { started_at: string; ended_at: string }[],
): Html {
  const zone = visit.participant.timezone;
  const now = wallClockOf(visit.now.getTime(), zone);
  return html`<section class="card" aria-labelledby="time-heading">
    <h2 id="time-heading">Time worked</h2>
    <p class="hint">This study pays by the hour. Log each stretch of work in your time zone (${zone}).</p>
    ${entries.length ? html`<ul class="time-entries">${entries.map((entry) => html`<li>${when(entry.started_at)} – ${when(entry.ended_at)}</li>`)}</ul>` : ''}
    <form method="post" action="/participate/submissions/${submission.id}/time" class="stack">
      ${csrfField(visit.csrf)}
      <div class="field"><label for="started">Started</label><input id="started" name="started" type="datetime-local" max="${now}" required></div>
      <div class="field"><label for="ended">Ended</label><input id="ended" name="ended" type="datetime-local" max="${now}" required></div>
      <button type="submit">Log the time</button>
    </form>
  </section>`;
}

function submissionPage(
  submission: ParticipantSubmissionResponse,
  visit: Visit,
  extra: { hourly: boolean; entries: { started_at: string; ended_at: string }[] },
): Html {
  const status = submission.status;
  const words = ['screened_out', 'awaiting_decision'].includes(status)
    ? outcomeWords(status).text
    : undefined;
  return participantPage({
    locale: visit.locale,
    title: submission.opportunity_title,
    participant: visit.participant,
    csrf: visit.csrf,
    section: 'work',
    flash: visit.flash,
    body: html`<section class="card">
        <p class="status-line">${STATUS_WORDS[status] ?? status}</p>
        ${words ? html`<p>${words}</p>` : ''}
        <p>Reward: ${currencyAmount(submission.incentive_cents, submission.currency)}${submission.paid_cents > 0 ? html` · paid ${currencyAmount(submission.paid_cents, submission.currency)}` : ''}</p>
        ${submission.rejection_reason ? html`<p>The researcher’s reason: ${submission.rejection_reason}</p>` : ''}
        ${submission.deadline_at && ['screen_passed', 'in_progress'].includes(status) ? html`<p>Hand in before ${when(submission.deadline_at)}: after that the place goes back to recruitment.</p>` : ''}
        ${
          submission.return_requested_at && ['screen_passed', 'in_progress'].includes(status)
            ? html`<div class="flash flash-error" role="status"><p>The researcher asks you to return this place${submission.return_request_reason ? html`: “${submission.return_request_reason}”` : '.'} Returning it costs you nothing.</p></div>`
            : ''
        }
        ${status === 'abandoned' && submission.abandoned_reason ? html`<p>${ABANDONED_WORDS[submission.abandoned_reason] ?? ''}</p>` : ''}
        ${
          status === 'screen_passed'
            ? html`<form method="post" action="/participate/submissions/${submission.id}/start">${csrfField(visit.csrf)}<button type="submit" class="primary">Start</button></form>`
            : ''
        }
      </section>
      ${
        ['screen_passed', 'in_progress', 'awaiting_review', 'approved', 'rejected'].includes(status)
          ? html`<section class="card" aria-labelledby="tasks-heading"><h2 id="tasks-heading">Tasks</h2><ol class="tasks">${submission.tasks.map((task) => taskBlock(submission, task, visit))}</ol></section>`
          : ''
      }
      ${extra.hourly && status === 'in_progress' ? timeLog(submission, visit, extra.entries) : ''}
      ${
        ['screen_passed', 'in_progress'].includes(status)
          ? html`<section class="card"><form method="post" action="/participate/submissions/${submission.id}/return" data-confirm="Return your place in this study? Someone else can take it, and you cannot come back.">${csrfField(visit.csrf)}<button type="submit" class="danger">Return my place</button></form></section>`
          : ''
      }`,
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
    return participantPage({
      locale: visit.locale,
      title: 'My work',
      participant: visit.participant,
      csrf: visit.csrf,
      section: 'work',
      flash: visit.flash,
      body: page.data.length
        ? html`<ul class="studies">${page.data.map(
            (submission) => html`<li class="card study">
              <h2><a href="/participate/submissions/${submission.id}">${submission.opportunity_title}</a></h2>
              <p class="status-line">${STATUS_WORDS[submission.status] ?? submission.status}</p>
              <p class="hint">Applied ${when(submission.created_at)}</p>
            </li>`,
          )}</ul>
          ${page.pagination.next_cursor ? html`<p><a href="/participate/submissions?after=${page.pagination.next_cursor}">Older</a></p>` : ''}`
        : html`<section class="card"><p>You have not applied to a study yet. <a href="/participate">See the studies open to you</a>.</p></section>`,
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
    return submissionPage(submission, visit, { hourly, entries });
  });

  router.action('/submissions/:id/start', back, async (visit) => {
    await startSubmission(db, {
      participantId: visit.participant.id,
      submissionId: visit.params.id!,
      now: visit.now,
    });
    return { redirect: back(visit), notice: 'Started. Your tasks are below.' };
  });

  router.action('/submissions/:id/return', back, async (visit) => {
    await returnSubmission(db, {
      participantId: visit.participant.id,
      submissionId: visit.params.id!,
      now: visit.now,
    });
    return { redirect: back(visit), notice: 'You returned your place; thank you for saying so.' };
  });

  router.action('/submissions/:id/tasks/:sequence/submit', back, async (visit) => {
    const notes = (visit.form.notes ?? '').trim();
    await submitTask(db, {
      participantId: visit.participant.id,
      submissionId: visit.params.id!,
      sequence: Number(visit.params.sequence),
      notes: notes === '' ? null : notes.slice(0, 10_000),
      now: visit.now,
    });
    return { redirect: back(visit), notice: 'Handed in.' };
  });

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
    return { redirect: back(visit), notice: 'Time logged.' };
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
        message: 'Thank you: that task is handed in.',
      });
      return { redirect: `/participate/submissions/${done.submission.id}` };
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return {
        status: error.name === 'ConflictError' ? 409 : 400,
        html: participantPage({
          locale: visit.locale,
          title: 'Completion code not accepted',
          participant: visit.participant,
          csrf: visit.csrf,
          body: html`<section class="card"><div class="flash flash-error" role="alert"><p>${error.message}</p></div>
            <p>Nothing was changed. Check the code, or open <a href="/participate/submissions">your work</a> to hand the task in there.</p></section>`,
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
        router.handleAction(request, reply, back, async (visit) => {
          await handInUpload(db, request, {
            dataDir: context.config.dataDir,
            participantId: visit.participant.id,
            submissionId: visit.params.id!,
            sequence: Number(visit.params.sequence),
            now: visit.now,
          });
          return { redirect: back(visit), notice: 'Uploaded and handed in.' };
        }),
    );
  });
}
