import { SUBMISSION_STATUSES } from '../../admission/index.ts';
import { badge, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import type { ReviewSort, ReviewTableRow, SubmissionResponse } from '../../submissions/index.ts';
import { departure, qualityFlags } from './review.ts';
import {
  durationWords,
  headingSort,
  REVIEW_ORDERS,
  type ReviewTableState,
  reviewTableHref,
} from './review-query.ts';

export interface TableRow {
  row: ReviewTableRow;
  submission: SubmissionResponse;
}

/**
 * Status, flagged work only and the order, as a form that GETs the same page (the server sorts and
 * filters: docs/decisions/0183-review-at-a-glance.md). The open submission stays open.
 */
export function tableFilters(base: string, state: ReviewTableState): Html {
  return html`<form method="get" action="${base}" class="table-filters" aria-label="Filter and sort the submissions">
    <div class="field">
      <label for="filter-status">Status</label>
      <select id="filter-status" name="status">
        <option value="">Every status</option>
        ${SUBMISSION_STATUSES.map((s) => html`<option value="${s}"${state.status === s ? html` selected` : ''}>${s.replaceAll('_', ' ')}</option>`)}
      </select>
    </div>
    <div class="field">
      <label for="filter-sort">Order</label>
      <select id="filter-sort" name="sort">
        ${REVIEW_ORDERS.map((o) => html`<option value="${o.value}"${o.value === `${state.sort}-${state.order}` ? html` selected` : ''}>${o.label}</option>`)}
      </select>
    </div>
    <span class="choice"><input type="checkbox" id="filter-flagged" name="flagged" value="1"${state.flagged ? html` checked` : ''}><label for="filter-flagged">Flagged only</label></span>
    ${state.open ? html`<input type="hidden" name="open" value="${state.open}">` : ''}
    <button type="submit">Show</button>
  </form>`;
}

/** A column heading that sorts the table by itself, saying how it sorts now. */
function sortHeading(base: string, state: ReviewTableState, sort: ReviewSort, label: string) {
  const { order, current } = headingSort(state, sort);
  const words = order === 'asc' ? 'ascending' : 'descending';
  return html`<th scope="col"${current ? html` aria-sort="${current}"` : ''}><a href="${reviewTableHref(base, state, { sort, order })}" data-sort-link>${label}<span class="visually-hidden">, sort ${words}</span>${current ? html`<span aria-hidden="true" class="sort-mark">${current === 'ascending' ? ' ↑' : ' ↓'}</span>` : ''}</a></th>`;
}

/**
 * The submissions at a glance: participant, status, flags, time taken, handed in. A row's
 * participant opens it in the side panel (review-panel.ts): a link to this page with `open` set,
 * which review.js loads into the panel without leaving the list. `ticked` keeps the ticks of a
 * refused bulk decision.
 */
export function submissionsTable(input: {
  base: string;
  state: ReviewTableState;
  rows: readonly TableRow[];
  pickable: boolean;
  ticked: ReadonlySet<string>;
  panelPath: (submissionId: string) => string;
}): Html {
  const { base, state } = input;
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="Submissions"><table class="data review-table">
    <thead><tr>
      ${input.pickable ? html`<th scope="col" class="pick"><input type="checkbox" id="pick-all" data-pick-all hidden aria-label="Tick every submission on this page"><span class="visually-hidden">Chosen</span></th>` : ''}
      <th scope="col">Participant</th>
      <th scope="col">Status</th>
      <th scope="col">Flags</th>
      ${sortHeading(base, state, 'time_taken', 'Time taken')}
      ${sortHeading(base, state, 'submitted', 'Handed in')}
    </tr></thead>
    <tbody>${input.rows.map(({ row, submission }) => {
      const name = submission.participant_name ?? submission.participant_id;
      const open = state.open === row.id;
      return html`<tr data-submission="${row.id}"${open ? html` class="is-open"` : ''}>
        ${
          input.pickable
            ? html`<td class="pick"><input type="checkbox" name="ids" value="${row.id}" form="bulk-review" id="pick-${row.id}"${input.ticked.has(row.id) ? html` checked` : ''}><label for="pick-${row.id}" class="visually-hidden">Choose ${name}</label></td>`
            : ''
        }
        <th scope="row"><a href="${reviewTableHref(base, state, { open: row.id })}#review-panel" data-panel="${input.panelPath(row.id)}"${open ? html` aria-current="true"` : ''}>${submission.participant_name ?? html`<code class="id">${submission.participant_id}</code>`}</a></th>
        <td>${badge(row.status)} ${departure(submission)}</td>
        <td>${qualityFlags(submission.quality_flags) || html`<span class="muted">none</span>`}</td>
        <td class="num">${durationWords(row.seconds_taken)}</td>
        <td class="when">${row.submitted_at ? when(row.submitted_at) : html`<span class="muted">not yet</span>`}</td>
      </tr>`;
    })}</tbody>
  </table></div>`;
}
