import type { OpportunitySummaryRow } from '../../opportunities/index.ts';
import { type OpportunityStatus, publicOpportunityStatus } from '../../opportunities/index.ts';
import { badge, money, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { csrfField } from '../layout.ts';
import { studyPaths } from '../paths.ts';
import { can, type Viewer } from '../session.ts';

/**
 * The opportunities list of a project or the whole organization, with the pause and resume
 * controls the contract puts on this page (2.9). `back` is where each control returns to.
 */
export function studiesTable(
  viewer: Viewer,
  rows: readonly OpportunitySummaryRow[],
  back: string,
  projectNames?: ReadonlyMap<string, string>,
): Html {
  if (rows.length === 0) {
    return html`<p class="empty">No studies yet. Create one with <code>POST /v2/opportunities</code>; it appears here as a draft.</p>`;
  }
  const acting = can(viewer, 'write');
  return html`<div class="table-wrap" role="region" tabindex="0" aria-label="Studies"><table class="data">
    <thead><tr>
      <th scope="col">Study</th>
      ${projectNames ? html`<th scope="col">Project</th>` : ''}
      <th scope="col">Status</th>
      <th scope="col" class="num">Places</th>
      <th scope="col" class="num">Cost</th>
      <th scope="col">Created</th>
      ${acting ? html`<th scope="col"><span class="visually-hidden">Controls</span></th>` : ''}
    </tr></thead>
    <tbody>${rows.map((row) => {
      const status = publicOpportunityStatus(row.status as OpportunityStatus);
      const paths = studyPaths({
        id: row.id,
        projectId: row.project_id,
        status: row.status,
        organizationSlug: viewer.organization.slug,
      });
      const control =
        status === 'active'
          ? { action: 'pause', label: 'Pause' }
          : status === 'paused'
            ? { action: 'resume', label: 'Resume' }
            : undefined;
      return html`<tr>
        <th scope="row"><a href="${paths.study ?? '#'}">${row.title}</a></th>
        ${projectNames ? html`<td>${projectNames.get(row.project_id) ?? ''}</td>` : ''}
        <td>${badge(status)}</td>
        <td class="num">${row.num_participants}</td>
        <td class="num">${money(row.total_cost_cents)}</td>
        <td>${when(row.created_at)}</td>
        ${
          acting
            ? html`<td class="controls">${
                control
                  ? html`<form method="post" action="/dashboard/studies/${row.id}/${control.action}" class="inline">
                      ${csrfField(viewer)}
                      <input type="hidden" name="_back" value="${back}">
                      <button type="submit" class="small" aria-label="${control.label} ${row.title}">${control.label}</button>
                    </form>`
                  : ''
              }</td>`
            : ''
        }
      </tr>`;
    })}</tbody>
  </table></div>`;
}

/** "Next page" for keyset-paginated lists: the cursor is the last row's id. */
export function nextPageLink(path: string, nextCursor: string | null): Html | '' {
  if (!nextCursor) return '';
  const separator = path.includes('?') ? '&' : '?';
  return html`<p class="pager"><a href="${path}${separator}cursor=${encodeURIComponent(nextCursor)}">Next page →</a></p>`;
}
