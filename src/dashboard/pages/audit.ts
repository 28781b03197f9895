import { auditEventView, listAuditEvents } from '../../audit/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { toPage } from '../../platform/http/pagination.ts';
import { when } from '../../platform/web/format.ts';
import { html } from '../../platform/web/html.ts';
import type { DashboardRouter } from '../router.ts';
import { nextPageLink } from './studies-table.ts';
import { settingsPage } from './team.ts';

const PAGE_SIZE = 50;

/** The audit log, newest first: who did what, when, through which key or session. */
export function auditPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/settings/audit', async ({ viewer, query, flash }) => {
    const rows = await listAuditEvents(db, viewer.organization.id, {
      limit: PAGE_SIZE,
      cursor: query.cursor,
    });
    const events = toPage(rows, PAGE_SIZE, (row) => [row.id], auditEventView);
    return settingsPage(
      viewer,
      'audit',
      flash,
      html`<section class="card" aria-labelledby="audit-heading">
        <h2 id="audit-heading">Audit log</h2>
        ${
          events.data.length === 0
            ? html`<p class="empty">Nothing recorded yet.</p>`
            : html`<div class="table-wrap" role="region" tabindex="0" aria-label="Audit log"><table class="data">
          <thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Subject</th><th scope="col">Details</th></tr></thead>
          <tbody>${events.data.map(
            (event) => html`<tr>
              <td>${when(event.created_at)}</td>
              <td>${event.actor_label} <span class="muted">(${event.actor_kind.replace('_', ' ')})</span></td>
              <td>${event.action}</td>
              <td><code>${event.subject_id}</code> <span class="muted">${event.subject_type.replaceAll('_', ' ')}</span></td>
              <td>${Object.entries(event.details)
                .map(
                  ([key, value]) =>
                    `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`,
                )
                .join(', ')}</td>
            </tr>`,
          )}</tbody>
        </table></div>`
        }
        ${nextPageLink('/dashboard/settings/audit', events.pagination.next_cursor)}
        <p class="hint">The same log through the API: <code>GET /v2/audit-events</code>.</p>
      </section>`,
    );
  });
}
