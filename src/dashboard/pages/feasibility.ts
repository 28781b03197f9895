import { feasibilityRowToRequest, findFeasibilityRequest } from '../../feasibility/index.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badge, plural, when } from '../../platform/web/format.ts';
import { html } from '../../platform/web/html.ts';
import { page } from '../layout.ts';
import type { DashboardRouter } from '../router.ts';

const NEXT_STEP: Record<string, string> = {
  RECEIVED: 'Being priced: most briefs are answered within seconds; others wait for an operator.',
  RESPONDED:
    'Priced. Create a draft with this feasibility_request_id to be charged exactly this price per participant.',
  WON: 'A study launched at this price.',
  LOST: 'Closed without a study.',
  NOT_PURSUED: 'Closed: not pursued.',
};

/** A feasibility request as the API reads it (docs/api/feasibility.md), for people. */
export function feasibilityPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/feasibility/:requestId', async ({ viewer, params, flash }) => {
    const row = await findFeasibilityRequest(db, viewer.organization.id, params.requestId!);
    if (!row) throw new NotFoundError('Feasibility request', params.requestId!);
    const request = feasibilityRowToRequest(row, context.config.publicUrl);
    return page({
      title: 'Feasibility request',
      viewer,
      flash,
      crumbs: [
        { label: 'Home', href: '/dashboard' },
        { label: 'Feasibility' },
        { label: request.id },
      ],
      subtitle: html`${badge(request.status)} <code class="id">${request.id}</code>`,
      body: html`<div class="grid">
        <section class="card" aria-labelledby="price-heading">
          <h2 id="price-heading">Price</h2>
          <p class="figure">${request.costPerParticipant ? `$${request.costPerParticipant}` : '—'}</p>
          <p>${request.costPerParticipant ? 'per participant, all in' : 'not priced yet'}</p>
          <p class="hint">${NEXT_STEP[request.status] ?? ''}</p>
          ${request.respondedAt ? html`<p class="muted">Responded ${when(request.respondedAt)}</p>` : ''}
        </section>
        <section class="card" aria-labelledby="brief-heading">
          <h2 id="brief-heading">Brief</h2>
          <dl class="pairs">
            <dt>Participants</dt><dd>${request.submissionCount}</dd>
            <dt>Length of interview</dt><dd>${plural(request.loiMinutes, 'minute')}</dd>
            <dt>Timeline</dt><dd>${plural(request.timelineHours, 'hour')}</dd>
            <dt>Pay</dt><dd>${request.payRateFrequency.replaceAll('_', ' ').toLowerCase()}</dd>
            <dt>Source</dt><dd>${request.source}</dd>
            <dt>Requested</dt><dd>${when(request.createdAt)}</dd>
          </dl>
        </section>
      </div>
      <section class="card" aria-labelledby="task-heading">
        <h2 id="task-heading">Task</h2>
        <p class="prose">${request.taskDescription}</p>
        <h2>Panel</h2>
        <p class="prose">${request.panelDescription}</p>
      </section>`,
    });
  });
}
