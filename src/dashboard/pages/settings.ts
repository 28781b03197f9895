import { sessionActor } from '../../audit/index.ts';
import { stopOpportunity } from '../../opportunities/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { money, when } from '../../platform/web/format.ts';
import { html } from '../../platform/web/html.ts';
import { csrfField } from '../layout.ts';
import { studyPaths } from '../paths.ts';
import type { DashboardRouter } from '../router.ts';
import { can } from '../session.ts';
import { loadStudy, studyPage } from './study-shell.ts';

const words = (value: string) => value.replaceAll('_', ' ');

/**
 * The study's settings as created, and stopping it. Pause and resume are on the studies list, as
 * the contract places them (2.9), not here.
 */
export function settingsPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/studies/:opportunityId/settings', async ({ viewer, params, flash }) => {
    const study = await loadStudy(db, context, viewer, params.opportunityId!);
    if (study.paths.settings === null) return { redirect: study.paths.study! };
    const { view, row } = study;
    const stoppable = view.status === 'active' || view.status === 'paused';
    return studyPage({
      study,
      viewer,
      tab: 'settings',
      flash,
      body: html`<div class="grid">
      <section class="card" aria-labelledby="settings-heading">
        <h2 id="settings-heading">Settings</h2>
        <dl class="pairs">
          <dt>Participants</dt><dd>${view.num_participants}</dd>
          <dt>Cost</dt><dd>${view.pricing ? html`${money(view.pricing.cost_per_participant_cents)} each, ${money(view.pricing.total_cost_cents)} in all` : '—'}</dd>
          <dt>Screening review</dt><dd>${words(view.customer_screening_review)}</dd>
          <dt>Devices</dt><dd>${view.device_types.map(words).join(', ')}</dd>
          <dt>Business type</dt><dd>${view.business_type ?? '—'}</dd>
          <dt>Required accounts</dt><dd>${view.required_accounts.join(', ') || 'none'}</dd>
          <dt>Time for the work</dt><dd>${view.max_minutes_per_submission ? `${view.max_minutes_per_submission} minutes per place, then it goes back to recruitment` : 'no limit'}</dd>
          <dt>Automatic approval</dt><dd>${view.auto_approve_after_days === null ? 'never' : `after ${view.auto_approve_after_days} days awaiting review`}</dd>
          <dt>Video</dt><dd>${view.video_required}</dd>
          <dt>Screen share</dt><dd>${view.screen_share_required}</dd>
          <dt>Pay frequency</dt><dd>${words(view.pay_frequency)}</dd>
          <dt>Option randomization</dt><dd>${view.screening_option_randomization}</dd>
          <dt>Forwarding email</dt><dd>${view.forwarding_email_enabled}</dd>
          <dt>Responses per expert</dt><dd>${view.max_responses_per_expert ?? 'no limit'}</dd>
          <dt>Launched</dt><dd>${when(view.launched_at)}</dd>
          <dt>Recruitment ends</dt><dd>${when(view.ending_at)}</dd>
          ${row.stopped_at ? html`<dt>Stopped</dt><dd>${when(row.stopped_at)}${row.stop_reason ? html` — ${row.stop_reason}` : ''}</dd>` : ''}
          <dt>Audience filters</dt><dd>${view.filters.length ? html`<code class="wrap">${JSON.stringify(view.filters)}</code>` : 'everyone'}</dd>
          ${view.candidate_profile ? html`<dt>Candidate profile</dt><dd class="prose">${view.candidate_profile}</dd>` : ''}
        </dl>
        <p class="hint">Pause and resume are on the <a href="/dashboard/studies">studies list</a>.</p>
      </section>
      ${
        stoppable && can(viewer, 'write')
          ? html`<section class="card danger-zone" aria-labelledby="stop-heading">
        <h2 id="stop-heading">Stop this study</h2>
        <p>Stopping ends recruiting for good: places not approved or under way are refunded, and invitations not yet started are withdrawn. Submissions awaiting review must be approved or rejected first.</p>
        <form method="post" action="/dashboard/studies/${row.id}/stop" class="stack" data-confirm="Stop this study for good?">
          ${csrfField(viewer)}
          <label for="stop-reason">Reason <span class="optional">recorded with the stop and each withdrawn invitation</span></label>
          <textarea id="stop-reason" name="reason" rows="3" maxlength="5000"></textarea>
          <button type="submit" class="danger">Stop study</button>
        </form>
      </section>`
          : ''
      }
      </div>`,
    });
  });

  router.action(
    '/studies/:opportunityId/stop',
    {
      permission: 'write',
      back: ({ params }) =>
        `/dashboard/studies/${encodeURIComponent(params.opportunityId!)}/settings`,
    },
    async ({ viewer, params, form, now }) => {
      const row = await stopOpportunity(db, {
        actor: sessionActor(viewer.session),
        organizationId: viewer.organization.id,
        opportunityId: params.opportunityId!,
        reason: (form.reason ?? '').slice(0, 5000),
        now,
      });
      const paths = studyPaths({
        id: row.id,
        projectId: row.project_id,
        status: row.status,
        organizationSlug: viewer.organization.slug,
      });
      return {
        redirect: paths.settings ?? paths.study!,
        notice: `Stopped “${row.title}”; unused places were refunded.`,
      };
    },
  );
}
