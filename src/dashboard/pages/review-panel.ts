import { isApplicant, type SubmissionLifecycleStatus } from '../../admission/index.ts';
import { opportunityParts } from '../../opportunities/index.ts';
import { findParticipant } from '../../participants/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { badge, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import type {
  SubmissionResponse,
  SubmissionRow,
  SubmissionTaskResponse,
} from '../../submissions/index.ts';
import {
  findOwnedSubmission,
  submissionRowToSubmission,
  submissionTasksFor,
  submissionTasksView,
} from '../../submissions/index.ts';
import { submissionPath } from '../paths.ts';
import type { Viewer } from '../session.ts';
import {
  applicantControls,
  background,
  departure,
  participantCell,
  qualityFlags,
  returnRequestControl,
  reviewControls,
  screeningAnswers,
  taskProgress,
} from './review.ts';
import { durationWords } from './review-query.ts';
import type { Study } from './study-shell.ts';

export const policyOf = (viewer: Viewer) => ({
  hideIdentity: viewer.organization.hide_identity === 1,
});

export interface SubmissionDetail {
  row: SubmissionRow;
  submission: SubmissionResponse;
  tasks: SubmissionTaskResponse[];
  applicant: boolean;
}

/** One submission of the study, as its page and the side panel show it; not found otherwise. */
export async function loadSubmissionDetail(
  db: Db,
  viewer: Viewer,
  study: Study,
  submissionId: string,
  now: Date,
): Promise<SubmissionDetail> {
  const row = await findOwnedSubmission(db, viewer.organization.id, submissionId);
  if (!row || row.opportunity_id !== study.row.id) {
    throw new NotFoundError('Submission', submissionId);
  }
  const [participant, handedIn] = await Promise.all([
    findParticipant(db, row.participant_id),
    submissionTasksFor(db, [row.id]),
  ]);
  const tasks = submissionTasksView(
    row.id,
    opportunityParts(study.row).tasks,
    handedIn.get(row.id) ?? [],
    now,
  ).map((task) => ({
    ...task,
    files: task.files?.map((file) => ({
      ...file,
      download_url: `/dashboard/submissions/${encodeURIComponent(row.id)}/files/${encodeURIComponent(file.id)}`,
    })),
  }));
  return {
    row,
    submission: submissionRowToSubmission(row, participant, policyOf(viewer)),
    tasks,
    applicant: isApplicant(row.status as SubmissionLifecycleStatus),
  };
}

/** When it applied, started, was handed in and changed; why it was rejected or closed. */
export function submissionFacts(row: SubmissionRow, submission: SubmissionResponse): Html {
  const taken =
    row.started_at && row.submitted_at
      ? (Date.parse(row.submitted_at) - Date.parse(row.started_at)) / 1000
      : null;
  return html`<dl class="pairs">
    <dt>Applied</dt><dd>${when(row.created_at)}</dd>
    ${row.started_at ? html`<dt>Started</dt><dd>${when(row.started_at)}</dd>` : ''}
    ${row.submitted_at ? html`<dt>Handed in</dt><dd>${when(row.submitted_at)}</dd>` : ''}
    ${taken !== null ? html`<dt>Time taken</dt><dd>${durationWords(taken)}</dd>` : ''}
    <dt>Last change</dt><dd>${when(row.updated_at)}</dd>
    <dt>Screening</dt><dd>${submission.screening_outcome ? badge(submission.screening_outcome) : '—'}</dd>
    ${row.rejection_category ? html`<dt>Rejected for</dt><dd>${row.rejection_category}${row.rejection_reason ? html`: ${row.rejection_reason}` : ''}</dd>` : ''}
    ${row.closed_reason ? html`<dt>Closed</dt><dd>${row.closed_reason}</dd>` : ''}
  </dl>`;
}

/**
 * A submission beside the list (docs/decisions/0183-review-at-a-glance.md): who, what state, the
 * decisions it can take (returning to `back`, the list with this submission open), its facts, tasks,
 * answers and background, and its own page. Drawn into the list page when the URL opens it, and
 * alone for review.js to put in place without leaving the list.
 */
export function reviewPanel(
  viewer: Viewer,
  detail: SubmissionDetail,
  links: { back: string; close: string },
): Html {
  const { row, submission, applicant } = detail;
  const name = submission.participant_name ?? 'a participant';
  return html`<aside id="review-panel" class="review-panel card" aria-labelledby="panel-heading">
    <div class="panel-head">
      <h2 id="panel-heading" tabindex="-1">${applicant ? 'Applicant' : 'Submission'}: ${name}</h2>
      <a href="${links.close}" class="panel-close" data-panel-close>Close<span class="visually-hidden"> the submission</span></a>
    </div>
    <div class="item-head">
      ${participantCell(submission)}
      ${badge(row.status)}
      ${departure(submission)}
      ${qualityFlags(submission.quality_flags)}
    </div>
    ${applicant ? applicantControls(viewer, row.id, links.back) : reviewControls(viewer, submission, links.back)}
    ${applicant ? '' : returnRequestControl(viewer, submission, links.back)}
    ${submissionFacts(row, submission)}
    ${applicant ? '' : html`<h3>Tasks</h3>${taskProgress(detail.tasks)}`}
    <h3>Screening answers</h3>
    ${screeningAnswers(submission.screening_answers)}
    <h3>Background</h3>
    ${background(submission)}
    <p><a href="${submissionPath(row.opportunity_id, row.id)}">Open its own page</a> <code class="id">${row.id}</code></p>
  </aside>`;
}

/** The panel's place when nothing is open: review.js fills it. */
export function closedPanel(): Html {
  return html`<aside id="review-panel" class="review-panel card" aria-label="Submission" hidden></aside>`;
}
