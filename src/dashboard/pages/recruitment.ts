import {
  countTakenPlaces,
  PLACE_TAKING_STATUSES,
  statusCounterKey,
} from '../../admission/index.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { percent, plural, when } from '../../platform/web/format.ts';
import { html } from '../../platform/web/html.ts';
import { barChart } from '../charts.ts';
import type { DashboardRouter } from '../router.ts';
import { loadStudy, studyPage } from './study-shell.ts';
import { applicantsSection } from './submissions.ts';

/**
 * Recruitment at a glance: places, submissions, quota and cross-quota progress, and how each
 * screening question sorts applicants, as charts drawn from the same figures the API returns in
 * submission_stats, quota_progress, cross_quota_progress and screening_stats.
 */
export function recruitmentPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/studies/:opportunityId/recruitment', async ({ viewer, params, flash }) => {
    const study = await loadStudy(db, context, viewer, params.opportunityId!);
    if (study.paths.recruitment === null) return { redirect: study.paths.study! };
    const { view, counters } = study;
    const byStatus = Object.fromEntries(
      PLACE_TAKING_STATUSES.map((status) => [status, counters[statusCounterKey(status)] ?? 0]),
    );
    const taken = countTakenPlaces(byStatus);
    const stats = view.submission_stats;
    const questionText = new Map(view.screening_questions.map((q) => [q.key, q.text]));
    const places = barChart({
      title: 'Places',
      layout: 'compact',
      max: view.num_participants,
      bars: [
        {
          label: 'Taken',
          value: taken,
          target: view.num_participants,
          note: `${taken} of ${view.num_participants}`,
        },
        {
          label: 'Approved',
          value: byStatus.approved ?? 0,
          target: view.num_participants,
          note: `${byStatus.approved ?? 0} of ${view.num_participants}`,
        },
      ],
    });
    const submissions = stats
      ? barChart({
          title: 'Submissions by status',
          layout: 'compact',
          bars: [
            { label: 'Screen passed', value: byStatus.screen_passed ?? 0 },
            { label: 'In progress', value: stats.in_progress },
            { label: 'Awaiting review', value: stats.awaiting_review },
            { label: 'Approved', value: stats.approved },
            { label: 'Rejected', value: stats.rejected },
            { label: 'Screened out', value: counters[statusCounterKey('screened_out')] ?? 0 },
            { label: 'Abandoned', value: counters[statusCounterKey('abandoned')] ?? 0 },
          ],
        })
      : '';
    const quotas = (view.quota_progress ?? []).map(
      (quota) => html`<div class="chart-block">
        <h3>${questionText.get(quota.screening_question) ?? quota.screening_question}</h3>
        ${barChart({
          title: `Quota on ${questionText.get(quota.screening_question) ?? quota.screening_question}`,
          bars: quota.targets.map((target) => ({
            label: target.value,
            value: target.current,
            target: target.count,
            note: `${target.current} / ${target.count} ${target.type ?? 'minimum'}`,
          })),
        })}
      </div>`,
    );
    const crossQuotas = (view.cross_quota_progress ?? []).length
      ? barChart({
          title: 'Cross quotas',
          bars: (view.cross_quota_progress ?? []).map((cell) => ({
            label: cell.label,
            value: cell.current,
            target: cell.target,
            note: `${cell.current} / ${cell.target} ${cell.quota_type}`,
          })),
        })
      : '';
    const screening = (view.screening_stats ?? []).map(
      (stat) => html`<div class="chart-block">
        <h3>${questionText.get(stat.screening_question) ?? stat.screening_question}</h3>
        <p class="muted">${plural(stat.graded, 'applicant')} graded · ${stat.rejected} rejected here (${percent(stat.rejection_rate)})</p>
        ${barChart({
          title: `Answers to ${questionText.get(stat.screening_question) ?? stat.screening_question}`,
          max: Math.max(1, stat.graded),
          bars: stat.answers.map((answer) => ({
            label: answer.text,
            value: answer.selected,
            note: `${answer.selected} (${percent(answer.share)})`,
          })),
        })}
      </div>`,
    );
    return studyPage({
      study,
      viewer,
      tab: 'recruitment',
      flash,
      body: html`
      <div class="grid">
        <section class="card" aria-labelledby="places-heading">
          <h2 id="places-heading">Places</h2>
          ${places}
          <p class="muted">Recruiting ${view.status === 'active' ? 'until' : 'window ended or closes'} ${when(view.ending_at)}.</p>
        </section>
        <section class="card" aria-labelledby="stats-heading">
          <h2 id="stats-heading">Submissions</h2>
          ${submissions}
          <p class="muted">${plural(stats?.total ?? 0, 'submission')} in all.</p>
        </section>
      </div>
      ${await applicantsSection(db, viewer, study, study.paths.recruitment)}
      <section class="card" aria-labelledby="quota-heading">
        <h2 id="quota-heading">Quota progress</h2>
        ${quotas.length || crossQuotas ? html`${quotas}${crossQuotas ? html`<div class="chart-block"><h3>Cross quotas</h3>${crossQuotas}</div>` : ''}` : html`<p class="empty">This study has no quotas.</p>`}
        <p class="hint">A marker shows each target; a bar turns solid green once its target is reached.</p>
      </section>
      <section class="card" aria-labelledby="screening-heading">
        <h2 id="screening-heading">Screening</h2>
        ${screening.length ? screening : html`<p class="empty">This study has no screening questions.</p>`}
      </section>`,
    });
  });
}
