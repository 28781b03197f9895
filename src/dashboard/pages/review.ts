import { badge, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import type { ScreeningAnswer } from '../../screening/index.ts';
import type { SubmissionResponse, SubmissionTaskResponse } from '../../submissions/index.ts';
import { REJECTION_CATEGORIES } from '../../submissions/index.ts';
import { csrfField } from '../layout.ts';
import { can, type Viewer } from '../session.ts';

const CATEGORY_LABELS: Record<(typeof REJECTION_CATEGORIES)[number], string> = {
  TOO_QUICKLY: 'Too quick',
  TOO_SLOWLY: 'Too slow',
  FAILED_INSTRUCTIONS: 'Did not follow instructions',
  INCOMP_LONGITUDINAL: 'Incomplete longitudinal study',
  FAILED_CHECK: 'Failed an attention check',
  LOW_EFFORT: 'Low effort',
  MALINGERING: 'Malingering',
  NO_CODE: 'No completion code',
  BAD_CODE: 'Wrong completion code',
  NO_DATA: 'No data',
  UNSUPP_DEVICE: 'Unsupported device',
  OTHER: 'Other',
};

/** Every screening answer with the verdict recorded at grading (never re-derived here). */
export function screeningAnswers(answers: readonly ScreeningAnswer[]): Html {
  if (answers.length === 0) return html`<p class="muted">No screening answers recorded.</p>`;
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="Screening answers"><table class="data compact answers">
    <thead><tr><th scope="col">Question</th><th scope="col">Answer</th><th scope="col">Verdict</th></tr></thead>
    <tbody>${answers.map(
      (answer) => html`<tr>
        <th scope="row">${answer.question}</th>
        <td>${answer.answer.join(', ') || '—'}${answer.free_text ? html`<div class="muted">“${answer.free_text}”</div>` : ''}</td>
        <td>${answer.outcome ? html`<span class="verdict verdict-${answer.outcome}">${answer.outcome.replaceAll('_', ' ')}</span>` : html`<span class="muted">not graded</span>`}</td>
      </tr>`,
    )}</tbody>
  </table></div>`;
}

export function participantCell(
  submission: Pick<
    SubmissionResponse,
    'participant_name' | 'participant_id' | 'participant_linkedin_url'
  >,
): Html {
  return html`<span class="participant">${submission.participant_name ?? html`<span class="muted">Participant</span>`}
    <code class="id">${submission.participant_id}</code>
    ${submission.participant_linkedin_url ? html`<a href="${submission.participant_linkedin_url}" rel="noopener noreferrer" target="_blank">LinkedIn</a>` : ''}</span>`;
}

export function background(submission: Pick<SubmissionResponse, 'participant_background'>): Html {
  const bg = submission.participant_background;
  if (!bg || (bg.experiences.length === 0 && bg.educations.length === 0)) {
    return html`<p class="muted">No background on file.</p>`;
  }
  return html`<ul class="plain">
    ${bg.experiences.map(
      (e) =>
        html`<li>${e.role ?? 'Role'} at <strong>${e.company}</strong> <span class="muted">${e.started_at ?? ''}${e.ended_at ? ` – ${e.ended_at}` : e.started_at ? ' – now' : ''}</span></li>`,
    )}
    ${bg.educations.map(
      (e) =>
        html`<li>${[e.degree, e.major].filter(Boolean).join(', ') || 'Studied'} at <strong>${e.school}</strong></li>`,
    )}
  </ul>`;
}

/** Approve (body `{}` in the API) and reject with a category and reason, for work awaiting review. */
export function reviewControls(
  viewer: Viewer,
  submission: { id: string; status: string },
  back: string,
): Html | '' {
  if (submission.status !== 'awaiting_review' || !can(viewer, 'write')) return '';
  const base = `/dashboard/submissions/${encodeURIComponent(submission.id)}`;
  return html`<div class="decision">
    <form method="post" action="${base}/approve" class="inline">
      ${csrfField(viewer)}
      <input type="hidden" name="_back" value="${back}">
      <button type="submit" class="approve">Approve</button>
    </form>
    <details class="reject">
      <summary class="button danger-outline">Reject…</summary>
      <form method="post" action="${base}/reject" class="stack">
        ${csrfField(viewer)}
        <input type="hidden" name="_back" value="${back}">
        <label for="category-${submission.id}">Category</label>
        <select id="category-${submission.id}" name="rejection_category" required>
          <option value="">Choose a reason…</option>
          ${REJECTION_CATEGORIES.map((c) => html`<option value="${c}">${CATEGORY_LABELS[c]}</option>`)}
        </select>
        <label for="reason-${submission.id}">Reason <span class="optional">the participant sees it; it is the only record of why the work went unpaid</span></label>
        <textarea id="reason-${submission.id}" name="rejection_reason" rows="3" maxlength="5000"></textarea>
        <button type="submit" class="danger">Reject submission</button>
      </form>
    </details>
  </div>`;
}

/** Asking a participant to give a place back (a message with the reason goes to them). */
export function returnRequestControl(
  viewer: Viewer,
  submission: { id: string; status: string; return_requested_at?: string | null },
  back: string,
): Html | '' {
  if (!['screen_passed', 'in_progress'].includes(submission.status) || !can(viewer, 'write')) {
    return '';
  }
  if (submission.return_requested_at) return '';
  const base = `/dashboard/submissions/${encodeURIComponent(submission.id)}`;
  return html`<details class="reject">
    <summary class="button danger-outline">Ask for a return…</summary>
    <form method="post" action="${base}/request-return" class="stack">
      ${csrfField(viewer)}
      <input type="hidden" name="_back" value="${back}">
      <label for="return-${submission.id}">Reason <span class="optional">the participant reads it</span></label>
      <textarea id="return-${submission.id}" name="reason" rows="2" maxlength="5000" required></textarea>
      <button type="submit" class="danger">Ask for the place back</button>
    </form>
  </details>`;
}

export function applicantControls(viewer: Viewer, applicantId: string, back: string): Html | '' {
  if (!can(viewer, 'write')) return '';
  const base = `/dashboard/submissions/${encodeURIComponent(applicantId)}`;
  return html`<div class="decision">
    <form method="post" action="${base}/invite" class="inline">
      ${csrfField(viewer)}
      <input type="hidden" name="_back" value="${back}">
      <button type="submit" class="approve">Invite</button>
    </form>
    <form method="post" action="${base}/decline" class="inline" data-confirm="Decline this applicant?">
      ${csrfField(viewer)}
      <input type="hidden" name="_back" value="${back}">
      <button type="submit" class="danger-outline">Decline</button>
    </form>
  </div>`;
}

export function taskProgress(tasks: readonly SubmissionTaskResponse[]): Html {
  if (tasks.length === 0) return html`<p class="muted">No tasks.</p>`;
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="Task progress"><table class="data compact">
    <thead><tr><th scope="col">#</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Handed in</th><th scope="col">Work</th></tr></thead>
    <tbody>${tasks.map(
      (task) => html`<tr>
        <td>${task.sequence}</td>
        <td>${task.task_type.replaceAll('_', ' ')}</td>
        <td>${badge(task.status)}</td>
        <td>${when(task.submitted_at)}</td>
        <td>${task.notes ? html`<div class="prose">${task.notes}</div>` : ''}${(
          task.files ?? []
        ).map(
          (file) =>
            html`<div>${file.name} <span class="muted">(${file.mime_type}, ${Math.ceil(file.size_bytes / 1024)} KiB)</span></div>`,
        )}</td>
      </tr>`,
    )}</tbody>
  </table></div>`;
}

export { CATEGORY_LABELS };

const FLAG_WORDS: Record<string, { label: string; detail: string }> = {
  shared_network: {
    label: 'shared network',
    detail:
      'Another application to this study came from the same network address and browser within an hour. Not refused (a lab shares one address); yours to judge.',
  },
};

/** Quality flags as badges, with what each means in the title and for screen readers. */
export function qualityFlags(flags: readonly string[] | undefined): Html | '' {
  if (!flags?.length) return '';
  return html`${flags.map((flag) => {
    const words = FLAG_WORDS[flag] ?? { label: flag.replaceAll('_', ' '), detail: flag };
    return html`<span class="badge badge-warn" title="${words.detail}">${words.label}<span class="visually-hidden">: ${words.detail}</span></span>`;
  })}`;
}

/** How a submission left the work, when it did: timed out, returned, or a return asked for. */
export function departure(submission: {
  abandoned_reason?: string | null;
  return_requested_at?: string | null;
}): Html | '' {
  if (submission.abandoned_reason === 'timed_out') {
    return html`<span class="badge badge-neutral">timed out</span>`;
  }
  if (submission.abandoned_reason === 'returned') {
    return html`<span class="badge badge-neutral">returned</span>`;
  }
  if (submission.return_requested_at) {
    return html`<span class="badge badge-warn">return requested</span>`;
  }
  return '';
}
