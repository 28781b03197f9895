import {
  isApplicant,
  isSubmissionStatus,
  SUBMISSION_STATUSES,
  type SubmissionLifecycleStatus,
} from '../../admission/index.ts';
import { hoursCsv, listOwnTimeEntries, secondsToHours } from '../../hours/index.ts';
import { opportunityParts } from '../../opportunities/index.ts';
import { findParticipant, findParticipantsByIds } from '../../participants/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { sendCsv } from '../../platform/http/csv-reply.ts';
import { toPage } from '../../platform/http/pagination.ts';
import { fileStoreFor } from '../../platform/storage/index.ts';
import { badge, plural, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import type { StoredFile, SubmissionRow } from '../../submissions/index.ts';
import {
  findOwnedSubmission,
  listApplicants,
  listOpportunitySubmissions,
  openStoredFile,
  submissionRowToSubmission,
  submissionsCsv,
  submissionTasksFor,
  submissionTasksView,
} from '../../submissions/index.ts';
import { submissionPath } from '../paths.ts';
import type { DashboardRouter } from '../router.ts';
import { can, type Viewer } from '../session.ts';
import {
  applicantControls,
  background,
  bulkReviewForm,
  departure,
  participantCell,
  qualityFlags,
  returnRequestControl,
  reviewControls,
  screeningAnswers,
  taskProgress,
} from './review.ts';
import { nextPageLink } from './studies-table.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';

const PAGE_SIZE = 25;
const APPLICANTS_SHOWN = 50;

const policyOf = (viewer: Viewer) => ({ hideIdentity: viewer.organization.hide_identity === 1 });

/** Rows to the contract's submission form, with one batched participant read. */
async function toSubmissions(db: Db, viewer: Viewer, rows: readonly SubmissionRow[]) {
  const participants = await findParticipantsByIds(
    db,
    rows.map((row) => row.participant_id),
  );
  return rows.map((row) =>
    submissionRowToSubmission(row, participants.get(row.participant_id), policyOf(viewer)),
  );
}

/**
 * The applicants waiting for an invite or decline decision
 * (docs/decisions/0059-review-of-applicants-and-submissions.md), oldest first. Shown on the
 * submissions page and on recruitment (where the applicants list's dashboard_url points).
 */
export async function applicantsSection(
  db: Db,
  viewer: Viewer,
  study: Study,
  back: string,
): Promise<Html | ''> {
  const rows = await listApplicants(db, { opportunityId: study.row.id, limit: APPLICANTS_SHOWN });
  if (rows.length === 0) return '';
  const applicants = await toSubmissions(db, viewer, rows.slice(0, APPLICANTS_SHOWN));
  return html`<section class="card attention" aria-labelledby="applicants-heading" id="applicants">
    <h2 id="applicants-heading">Applicants awaiting your decision <span class="count">${rows.length > APPLICANTS_SHOWN ? `${APPLICANTS_SHOWN}+` : rows.length}</span></h2>
    <p class="hint">They passed screening${study.row.customer_screening_review === 'manual_review' ? ' (this study reviews every qualified applicant)' : ' but an answer flagged them for a person to look at'}. Inviting gives them a place; declining screens them out.</p>
    <ul class="items">${applicants.map(
      (applicant) => html`<li class="item" data-applicant="${applicant.id}">
        <div class="item-head">
          ${participantCell(applicant)}
          ${badge(applicant.screening_outcome ?? 'passed')}
          ${qualityFlags(applicant.quality_flags)}
          <span class="muted">applied ${when(applicant.created_at)}</span>
          ${applicantControls(viewer, applicant.id, back)}
        </div>
        <details><summary>Screening answers</summary>${screeningAnswers(applicant.screening_answers)}</details>
      </li>`,
    )}</ul>
  </section>`;
}

/** A submission's page lists this many of its latest time entries. */
const TIME_ENTRIES_SHOWN = 50;

/** Submissions list, one submission, and the four decisions. */
export function submissionPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  // The same export as GET /v2/opportunities/{id}/submissions.csv, streamed.
  router.page('/studies/:opportunityId/submissions.csv', async ({ viewer, params, reply }) => {
    sendCsv(
      reply,
      await submissionsCsv(db, {
        organizationId: viewer.organization.id,
        opportunityId: params.opportunityId!,
      }),
    );
    return { sent: true as const };
  });

  // Tracked hours of a window, as GET /v2/opportunities/{id}/hours.csv answers them.
  router.page(
    '/studies/:opportunityId/hours.csv',
    async ({ viewer, params, query, reply, now }) => {
      sendCsv(
        reply,
        await hoursCsv(db, {
          organizationId: viewer.organization.id,
          opportunityId: params.opportunityId!,
          from: query.from,
          to: query.to,
          now: now.getTime(),
        }),
      );
      return { sent: true as const };
    },
  );

  router.page('/studies/:opportunityId/submissions', async ({ viewer, params, query, flash }) => {
    const study = await loadStudy(db, context, viewer, params.opportunityId!);
    if (study.paths.submissions === null) return { redirect: study.paths.study! };
    const status = query.status && isSubmissionStatus(query.status) ? query.status : undefined;
    const here = `${study.paths.submissions}${status ? `?status=${status}` : ''}`;
    const rows = await listOpportunitySubmissions(db, {
      opportunityId: study.row.id,
      status,
      cursor: query.cursor,
      limit: PAGE_SIZE,
    });
    const page = toPage(
      rows,
      PAGE_SIZE,
      (row) => [row.id],
      (row) => row,
    );
    const submissions = await toSubmissions(db, viewer, page.data);
    const stats = study.view.submission_stats;
    const bulk = can(viewer, 'write') && submissions.length > 0;
    const filters = html`<nav class="filters" aria-label="Filter by status"><ul>
      <li><a href="${study.paths.submissions}"${status ? '' : html` aria-current="true"`}>All</a></li>
      ${SUBMISSION_STATUSES.map(
        (s) =>
          html`<li><a href="${study.paths.submissions}?status=${s}"${status === s ? html` aria-current="true"` : ''}>${s.replaceAll('_', ' ')}</a></li>`,
      )}
    </ul></nav>`;
    return studyPage({
      study,
      viewer,
      tab: 'submissions',
      flash,
      body: html`
      ${
        stats
          ? html`<dl class="stats">
        <div><dt>Total</dt><dd>${stats.total}</dd></div>
        <div><dt>In progress</dt><dd>${stats.in_progress}</dd></div>
        <div class="${stats.awaiting_review > 0 ? 'attention' : ''}"><dt>Awaiting review</dt><dd>${stats.awaiting_review}</dd></div>
        <div><dt>Approved</dt><dd>${stats.approved}</dd></div>
        <div><dt>Rejected</dt><dd>${stats.rejected}</dd></div>
      </dl>`
          : ''
      }
      ${await applicantsSection(db, viewer, study, here)}
      <section class="card" aria-labelledby="submissions-heading">
        <h2 id="submissions-heading">Submissions</h2>
        <p><a href="${study.paths.submissions}.csv" download>Download every submission (CSV)</a></p>
        <form method="get" action="/dashboard/studies/${encodeURIComponent(study.row.id)}/hours.csv" class="inline-dates">
          <span>Tracked hours (CSV) from</span>
          <label for="hours-from" class="visually-hidden">From (inclusive)</label><input id="hours-from" name="from" type="date" required>
          <span>to</span>
          <label for="hours-to" class="visually-hidden">To (exclusive)</label><input id="hours-to" name="to" type="date" required>
          <button type="submit">Download</button>
        </form>
        ${filters}
        ${bulk ? bulkReviewForm(viewer, study.row.id, here, stats?.awaiting_review ?? 0) : ''}
        ${
          submissions.length === 0
            ? html`<p class="empty">No submissions${status ? ` with status ${status.replaceAll('_', ' ')}` : ' yet'}.</p>`
            : html`<ul class="items">${submissions.map(
                (submission) => html`<li class="item" data-submission="${submission.id}">
              <div class="item-head">
                ${
                  bulk
                    ? html`<span class="pick"><input type="checkbox" name="ids" value="${submission.id}" form="bulk-review" id="pick-${submission.id}"><label for="pick-${submission.id}" class="visually-hidden">Choose ${submission.participant_name ?? submission.participant_id}</label></span>`
                    : ''
                }
                ${participantCell(submission)}
                ${badge(submission.status)}
                ${departure(submission)}
                ${qualityFlags(submission.quality_flags)}
                ${submission.screening_outcome ? html`<span class="muted">screening</span> ${badge(submission.screening_outcome)}` : ''}
                <span class="muted">updated ${when(submission.updated_at)}</span>
                <a href="${submissionPath(study.row.id, submission.id)}">Details</a>
                ${reviewControls(viewer, submission, here)}
                ${returnRequestControl(viewer, submission, here)}
              </div>
              <details><summary>Screening answers (${plural(submission.screening_answers.length, 'answer')})</summary>${screeningAnswers(submission.screening_answers)}</details>
            </li>`,
              )}</ul>`
        }
        ${nextPageLink(here, page.pagination.next_cursor)}
      </section>`,
    });
  });

  router.page(
    '/studies/:opportunityId/submissions/:submissionId',
    async ({ viewer, params, flash, now }) => {
      const study = await loadStudy(db, context, viewer, params.opportunityId!);
      const row = await findOwnedSubmission(db, viewer.organization.id, params.submissionId!);
      if (!row || row.opportunity_id !== study.row.id) {
        throw new NotFoundError('Submission', params.submissionId!);
      }
      const [participant, handedIn, timeEntries] = await Promise.all([
        findParticipant(db, row.participant_id),
        submissionTasksFor(db, [row.id]),
        listOwnTimeEntries(db, {
          participantId: row.participant_id,
          submissionId: row.id,
          limit: TIME_ENTRIES_SHOWN,
        }),
      ]);
      const submission = submissionRowToSubmission(row, participant, policyOf(viewer));
      const applicant = isApplicant(row.status as SubmissionLifecycleStatus);
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
      const here = submissionPath(study.row.id, row.id);
      return studyPage({
        study,
        viewer,
        tab: 'submissions',
        flash,
        crumb: { label: applicant ? 'Applicant' : 'Submission' },
        body: html`<section class="card" aria-labelledby="submission-heading">
          <h2 id="submission-heading">${applicant ? 'Applicant' : 'Submission'} <code class="id">${row.id}</code></h2>
          <div class="item-head">
            ${participantCell(submission)}
            ${badge(row.status)}
            ${applicant ? applicantControls(viewer, row.id, here) : reviewControls(viewer, submission, here)}
          </div>
          <dl class="pairs">
            <dt>Applied</dt><dd>${when(row.created_at)}</dd>
            <dt>Last change</dt><dd>${when(row.updated_at)}</dd>
            <dt>Screening</dt><dd>${submission.screening_outcome ? badge(submission.screening_outcome) : '—'}</dd>
            ${row.rejection_category ? html`<dt>Rejected for</dt><dd>${row.rejection_category}${row.rejection_reason ? html`: ${row.rejection_reason}` : ''}</dd>` : ''}
            ${row.closed_reason ? html`<dt>Closed</dt><dd>${row.closed_reason}</dd>` : ''}
          </dl>
        </section>
        ${
          applicant
            ? ''
            : html`<section class="card" aria-labelledby="tasks-heading"><h2 id="tasks-heading">Tasks</h2>${taskProgress(tasks)}</section>`
        }
        ${
          timeEntries.length
            ? html`<section class="card" aria-labelledby="time-heading"><h2 id="time-heading">Tracked time</h2>
          <p>${secondsToHours(timeEntries.slice(0, TIME_ENTRIES_SHOWN).reduce((sum, entry) => sum + Number(entry.seconds), 0))} hours in the latest ${plural(Math.min(timeEntries.length, TIME_ENTRIES_SHOWN), 'entry', 'entries')}</p>
          <ul class="plain">${timeEntries
            .slice(0, TIME_ENTRIES_SHOWN)
            .map(
              (entry) => html`<li>${when(entry.started_at)} – ${when(entry.ended_at)}</li>`,
            )}</ul></section>`
            : ''
        }
        <section class="card" aria-labelledby="answers-heading"><h2 id="answers-heading">Screening answers</h2>${screeningAnswers(submission.screening_answers)}</section>
        <section class="card" aria-labelledby="background-heading"><h2 id="background-heading">Background</h2>${background(submission)}</section>`,
      });
    },
  );

  router.page('/submissions/:submissionId/files/:fileId', async ({ viewer, params, reply }) => {
    const row = await findOwnedSubmission(db, viewer.organization.id, params.submissionId!);
    if (!row) throw new NotFoundError('Submission', params.submissionId!);
    const tasks = (await submissionTasksFor(db, [row.id])).get(row.id) ?? [];
    const file = tasks
      .flatMap((task) => JSON.parse(task.files) as StoredFile[])
      .find((candidate) => candidate.id === params.fileId);
    if (!file) throw new NotFoundError('File', params.fileId!);
    const files = fileStoreFor(context.database, context.config);
    const stream = await openStoredFile(files, row.id, file, reply.log);
    reply
      .header('content-type', file.mime_type)
      .header('content-length', String(file.size_bytes))
      .header(
        'content-disposition',
        `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      )
      .send(stream);
    return { sent: true as const };
  });
}
