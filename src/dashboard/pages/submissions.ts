import { SUBMISSION_STATUSES } from '../../admission/index.ts';
import { hoursCsv, listOwnTimeEntries, secondsToHours } from '../../hours/index.ts';
import { findParticipantsByIds } from '../../participants/index.ts';
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
  listSubmissionsForReview,
  openStoredFile,
  reviewTableKeys,
  submissionRowToSubmission,
  submissionsCsv,
  submissionTasksFor,
} from '../../submissions/index.ts';
import { submissionPath } from '../paths.ts';
import type { DashboardRouter } from '../router.ts';
import type { Flash } from '../session.ts';
import { can, type Viewer } from '../session.ts';
import {
  applicantControls,
  background,
  participantCell,
  qualityFlags,
  reviewControls,
  screeningAnswers,
  taskProgress,
} from './review.ts';
import { type BarAttempt, reviewActionBar } from './review-action-bar.ts';
import {
  closedPanel,
  loadSubmissionDetail,
  policyOf,
  reviewPanel,
  submissionFacts,
} from './review-panel.ts';
import { type ReviewTableState, reviewTableHref, reviewTableState } from './review-query.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';
import { submissionsTable, tableFilters } from './submissions-table.ts';

const PAGE_SIZE = 25;
const APPLICANTS_SHOWN = 50;

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

/** Where the panel's decisions come back to (the list with it open), and its close link. */
function panelLinks(base: string, state: ReviewTableState) {
  return {
    back: reviewTableHref(base, state),
    close: reviewTableHref(base, state, { open: undefined }),
  };
}

/**
 * The submissions page (docs/decisions/0183-review-at-a-glance.md): counts, applicants, then the
 * table sorted and filtered by the server a keyset page at a time, one action bar for the ticked
 * rows, and the open submission in a panel beside it. A refused bulk decision draws it again with
 * the problems beside the bar's fields and what was typed and ticked kept (`attempt`).
 */
export async function submissionsListPage(
  db: Db,
  input: {
    viewer: Viewer;
    study: Study;
    state: ReviewTableState;
    flash?: Flash;
    now: Date;
    attempt?: BarAttempt;
  },
): Promise<Html> {
  const { viewer, study, state } = input;
  const base = study.paths.submissions!;
  const here = reviewTableHref(base, state);
  const rows = await listSubmissionsForReview(db, {
    opportunityId: study.row.id,
    status: state.status,
    flagged: state.flagged,
    sort: state.sort,
    order: state.order,
    cursor: state.cursor,
    limit: PAGE_SIZE,
  });
  const page = toPage(
    rows,
    PAGE_SIZE,
    (row) => reviewTableKeys(state.sort, row),
    (row) => row,
  );
  const submissions = await toSubmissions(db, viewer, page.data);
  const tableRows = page.data.map((row, index) => ({ row, submission: submissions[index]! }));
  const detail = state.open
    ? await loadSubmissionDetail(db, viewer, study, state.open, input.now).catch((error) => {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      })
    : undefined;
  const stats = study.view.submission_stats;
  const ticked = new Set((input.attempt?.form.ids ?? '').split('\n').filter(Boolean));
  const shown = new Set(page.data.map((row) => row.id));
  const pickable = can(viewer, 'write') && (tableRows.length > 0 || ticked.size > 0);
  const panelQuery = (id: string) => {
    const href = reviewTableHref(base, state, { open: id });
    const query = href.includes('?') ? href.slice(href.indexOf('?')) : '';
    return `${base}/${encodeURIComponent(id)}/panel${query}`;
  };
  const narrowed = state.status || state.flagged || state.sort !== 'applied';
  return studyPage({
    study,
    viewer,
    tab: 'submissions',
    flash: input.flash,
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
      <div class="review-layout">
      <section class="card review-list" aria-labelledby="submissions-heading">
        <h2 id="submissions-heading">Submissions</h2>
        ${stats?.total === 0 && !narrowed ? '' : tableFilters(base, state)}
        ${
          pickable
            ? reviewActionBar({
                viewer,
                opportunityId: study.row.id,
                back: here,
                awaiting: stats?.awaiting_review ?? 0,
                attempt: input.attempt,
                tickedElsewhere: [...ticked].filter((id) => !shown.has(id)),
              })
            : ''
        }
        ${
          tableRows.length === 0
            ? html`<p class="empty">No submissions${narrowed ? ' match these filters' : ' yet'}.${state.sort !== 'applied' ? ' Sorting by hand-in or time taken lists only work handed in.' : ''}</p>`
            : submissionsTable({
                base,
                state,
                rows: tableRows,
                pickable,
                ticked,
                panelPath: panelQuery,
              })
        }
        ${
          state.cursor || page.pagination.next_cursor
            ? html`<p class="pager">${state.cursor ? html`<a href="${reviewTableHref(base, state, { cursor: undefined })}">← First page</a> ` : ''}${page.pagination.next_cursor ? html`<a href="${reviewTableHref(base, state, { cursor: page.pagination.next_cursor })}">Next page →</a>` : ''}</p>`
            : ''
        }
        <details class="downloads"><summary>Downloads</summary>
          <p><a href="${base}.csv" download>Every submission (CSV)</a></p>
          <form method="get" action="/dashboard/studies/${encodeURIComponent(study.row.id)}/hours.csv" class="inline-dates">
            <span>Tracked hours (CSV) from</span>
            <label for="hours-from" class="visually-hidden">From (inclusive)</label><input id="hours-from" name="from" type="date" required>
            <span>to</span>
            <label for="hours-to" class="visually-hidden">To (exclusive)</label><input id="hours-to" name="to" type="date" required>
            <button type="submit">Download</button>
          </form>
        </details>
      </section>
      ${detail ? reviewPanel(viewer, detail, panelLinks(base, state)) : closedPanel()}
      </div>`,
  });
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

  router.page(
    '/studies/:opportunityId/submissions',
    async ({ viewer, params, query, flash, now }) => {
      const study = await loadStudy(db, context, viewer, params.opportunityId!);
      if (study.paths.submissions === null) return { redirect: study.paths.study! };
      return submissionsListPage(db, {
        viewer,
        study,
        state: reviewTableState(query, SUBMISSION_STATUSES),
        flash,
        now,
      });
    },
  );

  // The side panel alone, for review.js to put beside the list; the query is the list's own.
  router.page(
    '/studies/:opportunityId/submissions/:submissionId/panel',
    async ({ viewer, params, query, now }) => {
      const study = await loadStudy(db, context, viewer, params.opportunityId!);
      if (study.paths.submissions === null)
        throw new NotFoundError('Submission', params.submissionId!);
      const detail = await loadSubmissionDetail(db, viewer, study, params.submissionId!, now);
      const state = { ...reviewTableState(query, SUBMISSION_STATUSES), open: detail.row.id };
      return reviewPanel(viewer, detail, panelLinks(study.paths.submissions, state));
    },
  );

  router.page(
    '/studies/:opportunityId/submissions/:submissionId',
    async ({ viewer, params, flash, now }) => {
      const study = await loadStudy(db, context, viewer, params.opportunityId!);
      const detail = await loadSubmissionDetail(db, viewer, study, params.submissionId!, now);
      const { row, submission, applicant } = detail;
      const timeEntries = await listOwnTimeEntries(db, {
        participantId: row.participant_id,
        submissionId: row.id,
        limit: TIME_ENTRIES_SHOWN,
      });
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
            ${qualityFlags(submission.quality_flags)}
            ${applicant ? applicantControls(viewer, row.id, here) : reviewControls(viewer, submission, here)}
          </div>
          ${submissionFacts(row, submission)}
        </section>
        ${
          applicant
            ? ''
            : html`<section class="card" aria-labelledby="tasks-heading"><h2 id="tasks-heading">Tasks</h2>${taskProgress(detail.tasks)}</section>`
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
