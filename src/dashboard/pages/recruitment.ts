import {
  countTakenPlaces,
  PLACE_TAKING_STATUSES,
  statusCounterKey,
} from '../../admission/index.ts';
import {
  countEligibleNotInvited,
  inviteParticipants,
  type OutreachRunRow,
  outreachRunOf,
  recruitmentByInvitation,
} from '../../invitations/index.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { percent, plural, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { barChart } from '../charts.ts';
import { csrfField } from '../layout.ts';
import type { DashboardRouter, PageContext } from '../router.ts';
import { can, type Viewer } from '../session.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';

/** The "Invite N more" field as typed, and its problems, when a send was refused. */
interface InviteForm {
  count: string;
  problems: string[];
}

const STOP_WORDS: Record<string, string> = {
  nobody_eligible: 'stopped: nobody eligible was left to invite',
  not_recruiting: 'stopped: the study stopped recruiting or its places were all taken',
  cleared: 'stopped: the plan was cleared',
};

function outreachWords(study: Study, run: OutreachRunRow | undefined): Html {
  const plan = study.view.outreach;
  const planText = plan
    ? html`${plural(plan.initial_invitations, 'invitation')} at launch, then ${plural(plan.wave_size, 'more', 'more')} every ${plural(plan.wave_every_minutes, 'minute')}`
    : 'none: invite by hand below, or set an outreach plan through the API';
  const runText = !run
    ? plan
      ? 'not started'
      : ''
    : run.stopped_at
      ? html`${STOP_WORDS[run.stop_reason ?? ''] ?? 'stopped'} (${when(run.stopped_at)}); ${plural(run.invited, 'participant')} invited by outreach`
      : html`running: ${plural(run.waves_sent, 'wave')} sent, ${plural(run.invited, 'participant')} invited; next ${when(run.next_round_at)}`;
  return html`<dt>Outreach plan</dt><dd>${planText}</dd>${runText ? html`<dt>Waves</dt><dd>${runText}</dd>` : ''}`;
}

/**
 * Invitations at a glance (docs/api/invitations.md): how many were sent, how many of the invited
 * applied, the outreach plan and its waves, and the "Invite N more" form beside the count of those
 * eligible and not yet invited, which sends through the API's own use case.
 */
async function invitationsSection(
  context: AppContext,
  viewer: Viewer,
  study: Study,
  now: Date,
  form: InviteForm,
): Promise<Html> {
  const { db } = context.database;
  const active = study.row.status === 'active';
  const [sent, run, eligible] = await Promise.all([
    recruitmentByInvitation(db, study.row.id),
    outreachRunOf(db, study.row.id),
    active ? countEligibleNotInvited(db, study.row, now) : Promise.resolve(0),
  ]);
  const described = [
    'invite-count-eligible',
    ...(form.problems.length ? ['invite-count-problems'] : []),
  ];
  const inviteForm =
    active && can(viewer, 'write')
      ? html`<form method="post" action="/dashboard/studies/${study.row.id}/invitations" class="stack">
        ${csrfField(viewer)}
        <label for="invite-count">Invite N more <span class="optional">a random sample of those eligible, mailed now or in their daily digest</span></label>
        <div class="side-by-side">
          <input id="invite-count" name="count" inputmode="numeric" value="${form.count}" aria-describedby="${described.join(' ')}"${form.problems.length ? html` aria-invalid="true"` : ''}>
          <p class="muted" id="invite-count-eligible">${plural(eligible, 'eligible participant')} not yet invited</p>
        </div>
        ${form.problems.length ? html`<p class="problem" id="invite-count-problems">${form.problems.join('; ')}</p>` : ''}
        <button type="submit">Send invitations</button>
      </form>`
      : html`<p class="hint">${active ? 'Your role can look at invitations but not send them.' : 'Invitations go out only while the study is active.'}</p>`;
  return html`<section class="card" aria-labelledby="invitations-heading">
    <h2 id="invitations-heading">Invitations</h2>
    <dl class="pairs">
      <dt>Invitations sent</dt><dd>${sent.invited.toLocaleString('en-US')}</dd>
      <dt>Applied from an invitation</dt><dd>${sent.applied.toLocaleString('en-US')}${sent.invited ? ` (${percent(sent.applied / sent.invited)})` : ''}</dd>
      ${outreachWords(study, run)}
    </dl>
    ${inviteForm}
  </section>`;
}

/** The "Invite N more" field's problems, in the API's words without the field's name. */
function countProblems(error: ValidationError): string[] {
  return error.issues.map((issue) => {
    const text = issue.message.replace(/^count: /, '');
    return text.charAt(0).toUpperCase() + text.slice(1);
  });
}

import { applicantsSection } from './submissions.ts';

/**
 * Recruitment at a glance: places, submissions, quota and cross-quota progress, and how each
 * screening question sorts applicants, as charts drawn from the same figures the API returns in
 * submission_stats, quota_progress, cross_quota_progress and screening_stats.
 */
export function recruitmentPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/studies/:opportunityId/recruitment', async (ctx) => {
    const study = await loadStudy(db, context, ctx.viewer, ctx.params.opportunityId!);
    if (study.paths.recruitment === null) return { redirect: study.paths.study! };
    return recruitmentPage(ctx, study, { count: '', problems: [] });
  });

  router.action(
    '/studies/:opportunityId/invitations',
    {
      permission: 'write',
      back: ({ params }) =>
        `/dashboard/studies/${encodeURIComponent(params.opportunityId!)}/recruitment`,
    },
    async (ctx) => {
      const study = await loadStudy(db, context, ctx.viewer, ctx.params.opportunityId!);
      try {
        const result = await inviteParticipants(db, {
          organizationId: ctx.viewer.organization.id,
          opportunityId: study.row.id,
          // An empty field reads as 0, which the use case refuses like any count out of range.
          request: { count: Number((ctx.form.count ?? '').trim()) },
          publicUrl: context.config.publicUrl,
          now: ctx.now,
        });
        return {
          redirect: study.paths.recruitment!,
          notice: `Invited ${plural(result.invited, 'participant')}; ${plural(result.eligible_not_invited, 'eligible participant')} not yet invited.`,
        };
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const problems = countProblems(error);
        return {
          status: 400,
          html: await recruitmentPage(
            {
              ...ctx,
              flash: {
                kind: 'error',
                message: 'No invitations were sent: see the problem beside the field',
              },
            },
            study,
            { count: ctx.form.count ?? '', problems },
          ),
        };
      }
    },
  );

  async function recruitmentPage(
    { viewer, flash, now }: Pick<PageContext, 'viewer' | 'flash' | 'now'>,
    study: Study,
    form: InviteForm,
  ): Promise<Html> {
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
      ${await invitationsSection(context, viewer, study, now, form)}
      ${await applicantsSection(db, viewer, study, study.paths.recruitment!)}
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
  }
}
