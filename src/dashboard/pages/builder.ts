import { Value } from 'typebox/value';
import { sessionActor } from '../../audit/index.ts';
import {
  deleteDraft,
  financeUrl,
  launchOpportunity,
  type OpportunityPatch,
  PatchOpportunityBody,
} from '../../opportunities/index.ts';
import { createPreview } from '../../participants/index.ts';
import type { Issue } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { describeValidationIssue } from '../../platform/http/validation.ts';
import { money, plural, when } from '../../platform/web/format.ts';
import { type Html, html } from '../../platform/web/html.ts';
import { csrfField } from '../layout.ts';
import { projectPath, studyPaths } from '../paths.ts';
import type { DashboardRouter, PageContext } from '../router.ts';
import { can, type Flash, type Viewer } from '../session.ts';
import { filterWords } from './audience-step.ts';
import { draftStepPath, type StepKey } from './builder-steps.ts';
import { audienceWords } from './builder-summary.ts';
import { saveDraftEdit } from './draft-edit.ts';
import { invalidIf, problemsFor } from './study-fields.ts';
import { loadStudy, type Study, studyPage } from './study-shell.ts';

/** The fields the builder edits: exactly what PATCH /v2/opportunities/{id} accepts. */
interface BuilderValues {
  title: string;
  internal_title: string;
  description: string;
  expected_days_to_complete: string;
  max_minutes_per_submission: string;
  auto_approve_after_days: string;
  screening_questions: string;
  quotas: string;
  cross_quotas: string;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function currentValues(study: Study): BuilderValues {
  return {
    title: study.row.title,
    internal_title: study.row.internal_title ?? '',
    description: study.row.description ?? '',
    expected_days_to_complete: String(study.row.expected_days_to_complete ?? ''),
    max_minutes_per_submission: String(study.view.max_minutes_per_submission ?? ''),
    auto_approve_after_days:
      study.view.auto_approve_after_days === null ? '' : String(study.view.auto_approve_after_days),
    screening_questions: pretty(study.view.screening_questions),
    quotas: pretty(study.view.quotas),
    cross_quotas: pretty(study.view.cross_quotas),
  };
}

/**
 * Form fields to a PATCH body: only what changed, so an untouched screener is not re-sent. JSON
 * that does not parse is reported like any other problem.
 */
export function patchFromForm(form: Record<string, string>, current: BuilderValues) {
  const patch: Record<string, unknown> = {};
  const issues: Issue[] = [];
  const text = (name: keyof BuilderValues) => (form[name] ?? '').replace(/\r\n/g, '\n');
  if (text('title') !== current.title) patch.title = text('title').trim();
  if (text('internal_title') !== current.internal_title)
    patch.internal_title = text('internal_title').trim() || null;
  if (text('description') !== current.description)
    patch.description = text('description').trim() || null;
  const days = text('expected_days_to_complete').trim();
  if (days !== current.expected_days_to_complete) {
    patch.expected_days_to_complete = /^\d+$/.test(days) ? Number(days) : days;
  }
  // An empty field means the default limit, and no automatic approval: the API's null.
  for (const field of ['max_minutes_per_submission', 'auto_approve_after_days'] as const) {
    const value = text(field).trim();
    if (form[field] === undefined || value === current[field]) continue;
    patch[field] = value === '' ? null : /^\d+$/.test(value) ? Number(value) : value;
  }
  for (const field of ['screening_questions', 'quotas', 'cross_quotas'] as const) {
    if (form[field] === undefined || text(field).trim() === current[field].trim()) continue;
    try {
      patch[field] = JSON.parse(text(field));
    } catch (error) {
      issues.push({ message: `body.${field}: is not valid JSON (${(error as Error).message})` });
    }
  }
  // The API's own schema for PATCH, so the builder refuses exactly what the API refuses.
  for (const problem of Value.Errors(PatchOpportunityBody, patch)) {
    if (problem.keyword === 'boolean') continue;
    issues.push({ message: describeValidationIssue('body', problem) });
  }
  return { patch: patch as OpportunityPatch, issues };
}

function fundingSection(study: Study, viewer: Viewer) {
  const { view } = study;
  const funding = view.funding;
  const pricing = view.pricing;
  return html`<section class="card" aria-labelledby="price-heading">
    <h2 id="price-heading">Price and funding</h2>
    <dl class="pairs">
      ${
        pricing
          ? html`<dt>Cost per participant</dt><dd>${money(pricing.cost_per_participant_cents)}</dd>
      <dt>Participants</dt><dd>${view.num_participants}</dd>
      <dt>Total charged at launch</dt><dd><strong>${money(pricing.total_cost_cents)}</strong></dd>`
          : ''
      }
      ${
        funding
          ? html`<dt>Balance</dt><dd>${money(funding.balance_cents)}</dd>
      <dt>Funding</dt><dd>${
        funding.affordable
          ? funding.draws_on_credit
            ? html`<span class="badge badge-warn">draws on credit</span> the balance goes below zero and is invoiced later`
            : html`<span class="badge badge-good">covered</span>`
          : html`<span class="badge badge-bad">short by ${money(funding.shortfall_cents)}</span>`
      }</dd>`
          : ''
      }
    </dl>
    ${
      funding && !funding.affordable
        ? html`<p>Launching needs more credit. ${
            can(viewer, 'admin')
              ? html`<a href="/dashboard/finance">Add credit on the finance page</a>.`
              : html`Ask an owner to add credit on the <a href="/dashboard/finance">finance page</a>.`
          }</p>`
        : ''
    }
    <p class="hint">The price was fixed when the draft was created${
      view.feasibility_request_id
        ? html` from feasibility request <a href="/dashboard/feasibility/${view.feasibility_request_id}">${view.feasibility_request_id}</a>`
        : ' by the automatic estimate'
    }; editing the brief or the screener does not change it.</p>
  </section>`;
}

function briefForm(study: Study, viewer: Viewer, values: BuilderValues, issues: Issue[]) {
  const text = (name: keyof BuilderValues, label: Html, attributes = html``) => {
    const problems = problemsFor(issues, [name]);
    return html`<div class="field"><label for="${name}">${label}</label>
      <input id="${name}" name="${name}" value="${values[name]}"${invalidIf(name, problems)}${attributes}>
      ${problems.length ? html`<p class="problem" id="${name}-problems">${problems.join('; ')}</p>` : ''}</div>`;
  };
  const json = (
    name: 'screening_questions' | 'quotas' | 'cross_quotas',
    label: string,
    rows: number,
  ) => {
    const problems = problemsFor(issues, [name]);
    return html`<label for="${name}">${label}</label>
      <textarea id="${name}" name="${name}" rows="${rows}" class="code" spellcheck="false"${invalidIf(name, problems)}>${values[name]}</textarea>
      ${problems.length ? html`<p class="problem" id="${name}-problems">${problems.join('; ')}</p>` : ''}`;
  };
  const descriptionProblems = problemsFor(issues, ['description']);
  const advancedOpen = ['screening_questions', 'quotas', 'cross_quotas'].some(
    (name) => problemsFor(issues, [name]).length > 0,
  );
  return html`<form method="post" action="/dashboard/studies/${study.row.id}/brief" class="stack wide" novalidate>
    ${csrfField(viewer)}
    ${text('title', html`Title <span class="optional">shown to participants</span>`, html` required`)}
    ${text('internal_title', html`Internal title <span class="optional">only your team sees it</span>`)}
    <div class="field"><label for="description">Description</label>
    <textarea id="description" name="description" rows="6"${invalidIf('description', descriptionProblems)}>${values.description}</textarea>
    ${descriptionProblems.length ? html`<p class="problem" id="description-problems">${descriptionProblems.join('; ')}</p>` : ''}</div>
    ${text('expected_days_to_complete', html`Recruitment window (days)`, html` inputmode="numeric"`)}
    ${text('max_minutes_per_submission', html`Time for the work (minutes) <span class="optional">a place held longer goes back to recruitment; empty for the default</span>`, html` inputmode="numeric"`)}
    ${text('auto_approve_after_days', html`Approve automatically after (days) <span class="optional">work left awaiting review; empty for never</span>`, html` inputmode="numeric"`)}
    <p><a href="/dashboard/studies/${study.row.id}/translations">Translations: the study in other languages</a></p>
    <details${advancedOpen ? html` open` : ''}>
      <summary>Advanced: screener, quotas and cross quotas as JSON (as the API reads them back)</summary>
      ${json('screening_questions', 'Screening questions', 14)}
      ${json('quotas', 'Quotas', 6)}
      ${json('cross_quotas', 'Cross quotas', 6)}
    </details>
    <div class="actions"><button type="submit" class="primary">Save the brief</button> <a href="${draftStepPath(study.row.id, 'audience')}">Next: audience</a></div>
  </form>`;
}

function briefReadOnly(values: BuilderValues) {
  return html`<dl class="pairs">
    <dt>Title</dt><dd>${values.title}</dd>
    <dt>Internal title</dt><dd>${values.internal_title || '—'}</dd>
    <dt>Description</dt><dd class="prose">${values.description || '—'}</dd>
    <dt>Recruitment window</dt><dd>${values.expected_days_to_complete || '—'} days</dd>
    <dt>Time for the work</dt><dd>${values.max_minutes_per_submission || 'default'} minutes</dd>
    <dt>Automatic approval</dt><dd>${values.auto_approve_after_days ? `after ${values.auto_approve_after_days} days` : 'never'}</dd>
  </dl>
  <details>
    <summary>Screener, quotas and cross quotas (JSON)</summary>
    <pre class="code">${values.screening_questions}</pre>
    <pre class="code">${values.quotas}</pre>
    <pre class="code">${values.cross_quotas}</pre>
  </details>`;
}

/** The tasks as participants get them, in short; the Tasks step shows each in full. */
function tasksReadOnly(study: Study) {
  return html`<ol class="review-list">${study.view.tasks.map(
    (task) =>
      html`<li>${task.title} <span class="muted">(${task.task_type.replaceAll('_', ' ')}, ${plural(task.duration_minutes ?? 0, 'minute')})</span></li>`,
  )}</ol>`;
}

function screenerReadOnly(study: Study) {
  const { screening_questions: questions, quotas, cross_quotas: cross } = study.view;
  if (questions.length === 0) {
    return html`<p>No screener: everyone the audience takes in may take part.</p>`;
  }
  return html`<ol class="review-list">${questions.map(
    (question) =>
      html`<li>${question.text} <span class="muted">(${question.pick === 'any' ? 'any of' : 'one of'}: ${question.answers.map((answer) => answer.text).join(', ')})</span></li>`,
  )}</ol>
  <p>${plural(
    quotas.reduce((sum, quota) => sum + quota.targets.length, 0),
    'quota target',
  )}, ${plural(cross.length, 'cross quota')}.</p>`;
}

/**
 * "Review and launch", the builder's last step (docs/decisions/0182-builder-in-steps.md):
 * everything the study will be, read-only, each part linking to its step; the summary beside it
 * lists what is missing; the launch at the end.
 */
function reviewPage(study: Study, viewer: Viewer, flash: Flash | undefined) {
  const editable = study.row.status === 'draft';
  const acting = editable && can(viewer, 'write');
  const { view } = study;
  const id = study.row.id;
  const values = currentValues(study);
  const edit = (step: StepKey, what: string) =>
    acting ? html`<p><a href="${draftStepPath(id, step)}">${what}</a></p>` : '';
  const filters = filterWords(view.filters as Record<string, unknown>[]);
  return studyPage({
    study,
    viewer,
    tab: 'builder',
    step: 'review',
    flash,
    body: html`
    ${
      !editable
        ? html`<div class="flash flash-notice" role="status"><p>This study is ${study.row.status} and can no longer be edited or launched; it is shown read-only.</p></div>`
        : ''
    }
    <section class="card" aria-labelledby="brief-heading">
      <h2 id="brief-heading">Brief</h2>
      <dl class="pairs">
        <dt>Title</dt><dd>${values.title}</dd>
        <dt>Internal title</dt><dd>${values.internal_title || '—'}</dd>
        <dt>Description</dt><dd class="prose">${values.description || '—'}</dd>
        <dt>Participants</dt><dd>${view.num_participants}</dd>
        <dt>Estimated duration</dt><dd>${plural(view.estimated_duration_minutes, 'minute')}</dd>
        <dt>Recruitment window</dt><dd>${values.expected_days_to_complete || '—'} days <span class="muted">(recruitment ends ${when(view.ending_at)}; moves to launch + window)</span></dd>
        <dt>Time for the work</dt><dd>${values.max_minutes_per_submission || 'default'} minutes</dd>
        <dt>Automatic approval</dt><dd>${values.auto_approve_after_days ? `after ${values.auto_approve_after_days} days` : 'never'}</dd>
        <dt>Created</dt><dd>${when(view.created_at)}</dd>
      </dl>
      ${edit('brief', 'Edit the brief')}
    </section>
    <section class="card" aria-labelledby="audience-heading">
      <h2 id="audience-heading">Audience</h2>
      <dl class="pairs">
        <dt>Filters</dt><dd>${filters.length === 0 ? 'everyone on the panel' : html`<ul class="review-list">${filters.map((words) => html`<li>${words}</li>`)}</ul>`}</dd>
        <dt>Devices</dt><dd>${view.device_types.length ? view.device_types.join(', ').replaceAll('_', ' ') : 'any'}</dd>
        <dt>Applicant review</dt><dd>${view.customer_screening_review.replaceAll('_', ' ')}</dd>
      </dl>
      ${edit('audience', 'See the audience')}
    </section>
    <section class="card" aria-labelledby="screener-heading">
      <h2 id="screener-heading">Screener</h2>
      ${screenerReadOnly(study)}
      ${edit('screener', 'Edit the screener question by question')}
    </section>
    <section class="card" aria-labelledby="tasks-heading">
      <h2 id="tasks-heading">Tasks</h2>
      ${tasksReadOnly(study)}
      ${edit('tasks', 'See the tasks: the completion URL for your survey tool')}
    </section>
    ${fundingSection(study, viewer)}
    <section class="card" aria-labelledby="launch-heading">
      <h2 id="launch-heading">Launch</h2>
      <p>Launching charges ${view.pricing ? money(view.pricing.total_cost_cents) : 'the total'} and starts recruiting ${plural(view.num_participants, 'participant')}. Recruitment runs ${plural(study.row.expected_days_to_complete ?? 7, 'day')} from launch.</p>
      ${
        acting
          ? html`<form method="post" action="/dashboard/studies/${id}/launch" data-confirm="Launch this study and charge ${view.pricing ? money(view.pricing.total_cost_cents) : 'its cost'}?">
          ${csrfField(viewer)}
          <button type="submit" class="primary">Launch study</button>
        </form>
        <form method="post" action="/dashboard/studies/${id}/preview" class="separated">
          ${csrfField(viewer)}
          <p class="hint">See the study and its screener exactly as a participant would, as a test participant: nothing is charged, no place is taken.</p>
          <button type="submit">Preview as a participant</button>
        </form>
        <form method="post" action="/dashboard/studies/${id}/delete" class="separated" data-confirm="Delete this draft? This cannot be undone.">
          ${csrfField(viewer)}
          <p class="hint">A draft was never charged; deleting it removes it from every list.</p>
          <button type="submit" class="danger-outline">Delete draft</button>
        </form>`
          : ''
      }
    </section>`,
  });
}

/** The brief step of a saved draft: what PATCH may change, the problems beside their fields. */
function briefPage(
  study: Study,
  viewer: Viewer,
  values: BuilderValues,
  flash: Flash | undefined,
  issues: Issue[] = [],
) {
  const acting = study.row.status === 'draft' && can(viewer, 'write');
  return studyPage({
    study,
    viewer,
    tab: 'builder',
    step: 'brief',
    crumb: { label: 'Brief' },
    flash,
    body: html`<section class="card" aria-labelledby="step-heading">
      <h2 id="step-heading">Brief</h2>
      ${acting ? briefForm(study, viewer, values, issues) : briefReadOnly(values)}
    </section>`,
  });
}

/**
 * The audience step of a saved draft: its filters in words and the count now. The filters and
 * the price were fixed together when the draft was created
 * (docs/decisions/0065-opportunity-create-and-read-shapes.md): PATCH does not take filters.
 */
function audiencePage(study: Study, viewer: Viewer, flash: Flash | undefined) {
  const { view } = study;
  const filters = filterWords(view.filters as Record<string, unknown>[]);
  return studyPage({
    study,
    viewer,
    tab: 'builder',
    step: 'audience',
    crumb: { label: 'Audience' },
    flash,
    body: html`<section class="card" aria-labelledby="step-heading">
      <h2 id="step-heading">Audience</h2>
      ${
        filters.length === 0
          ? html`<p>Everyone on the panel may take part: the draft has no filter.</p>`
          : html`<ul class="review-list">${filters.map((words) => html`<li>${words}</li>`)}</ul>`
      }
      <p>${audienceWords(study.audience)}</p>
      <p class="hint">The audience and the price were set together when the draft was saved, and stay as they are. To recruit another audience, start a new study from this one: its brief, audience, tasks and screener fill the new form, and this draft stays until you delete it.</p>
      ${
        study.row.status === 'draft' && can(viewer, 'write')
          ? html`<p><a href="/dashboard/studies/new?from=${encodeURIComponent(study.row.id)}">Start a new study from this one</a></p>`
          : ''
      }
      <div class="actions"><a href="${draftStepPath(study.row.id, 'screener')}">Next: screener</a></div>
    </section>`,
  });
}

/** The builder of a draft: edit, see price and funding, launch, delete. */
export function builderPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  /** A draft's step page, or its study's own page once it is launched. */
  const draftPage =
    (draw: (study: Study, viewer: Viewer, flash: Flash | undefined) => Html) =>
    async ({ viewer, params, flash }: PageContext) => {
      const study = await loadStudy(db, context, viewer, params.opportunityId!);
      // A launched study has no builder (docs/dashboard-urls.md): its own page is submissions.
      if (study.paths.draft_editor === null) return { redirect: study.paths.study! };
      return draw(study, viewer, flash);
    };
  router.page('/studies/:opportunityId/builder', draftPage(reviewPage));
  router.page(
    '/studies/:opportunityId/brief',
    draftPage((study, viewer, flash) => briefPage(study, viewer, currentValues(study), flash)),
  );
  router.page('/studies/:opportunityId/audience', draftPage(audiencePage));

  // The brief's form posts to /brief; /builder takes the same fields, as it did before the steps.
  for (const path of ['/studies/:opportunityId/brief', '/studies/:opportunityId/builder']) {
    router.action(
      path,
      {
        permission: 'write',
        back: ({ params }) => draftStepPath(params.opportunityId!, 'brief'),
      },
      async ({ viewer, params, form, now }) => {
        const study = await loadStudy(db, context, viewer, params.opportunityId!);
        const current = currentValues(study);
        const { patch, issues } = patchFromForm(form, current);
        const failed = (message: string, list: Issue[]) => {
          const placed = list.filter((issue) =>
            BRIEF_FIELD_NAMES.some((name) => problemsFor([issue], [name]).length > 0),
          );
          return {
            status: 400,
            html: briefPage(
              study,
              viewer,
              { ...current, ...typed(form) },
              {
                kind: 'error',
                message,
                issues: list
                  .filter((issue) => !placed.includes(issue))
                  .map((issue) => issue.message),
              },
              list,
            ),
          };
        };
        if (issues.length > 0) return failed('The changes were not saved', issues);
        if (Object.keys(patch).length === 0) {
          return { redirect: study.paths.draft_editor!, notice: 'Nothing changed.' };
        }
        const refused = await saveDraftEdit(db, { viewer, study, patch, now });
        if (refused) return failed(refused.message, refused.issues);
        return { redirect: study.paths.draft_editor!, notice: 'Saved.' };
      },
    );
  }

  router.action(
    '/studies/:opportunityId/launch',
    {
      permission: 'write',
      back: ({ params }) =>
        `/dashboard/studies/${encodeURIComponent(params.opportunityId!)}/builder`,
    },
    async ({ viewer, params, now }) => {
      const row = await launchOpportunity(db, {
        actor: sessionActor(viewer.session),
        organizationId: viewer.organization.id,
        opportunityId: params.opportunityId!,
        financeUrl: financeUrl(context.config.publicUrl),
        now,
      });
      const paths = studyPaths({
        id: row.id,
        projectId: row.project_id,
        status: row.status,
        organizationSlug: viewer.organization.slug,
      });
      return {
        redirect: paths.study!,
        notice: `Launched “${row.title}”: ${money(row.total_cost_cents)} charged, recruiting until ${row.ending_at?.slice(0, 10) ?? 'the window ends'}.`,
      };
    },
  );

  // A preview opens the participant app as a fresh test participant
  // (docs/decisions/0080-previews-with-test-participants.md), through the same use case as POST
  // .../preview.
  router.action(
    '/studies/:opportunityId/preview',
    {
      permission: 'write',
      back: ({ params }) =>
        `/dashboard/studies/${encodeURIComponent(params.opportunityId!)}/builder`,
    },
    async ({ viewer, params, now }) => {
      const preview = await createPreview(db, {
        organizationId: viewer.organization.id,
        opportunityId: params.opportunityId!,
        publicUrl: context.config.publicUrl,
        now,
      });
      return { redirect: new URL(preview.url).pathname };
    },
  );

  router.action(
    '/studies/:opportunityId/delete',
    {
      permission: 'write',
      back: ({ params }) =>
        `/dashboard/studies/${encodeURIComponent(params.opportunityId!)}/builder`,
    },
    async ({ viewer, params }) => {
      const row = await deleteDraft(db, {
        organizationId: viewer.organization.id,
        opportunityId: params.opportunityId!,
        actor: sessionActor(viewer.session),
      });
      return { redirect: projectPath(row.project_id), notice: `Deleted the draft “${row.title}”.` };
    },
  );
}

/** The fields of the brief's form, whose problems are shown beside them. */
const BRIEF_FIELD_NAMES: (keyof BuilderValues)[] = [
  'title',
  'internal_title',
  'description',
  'expected_days_to_complete',
  'max_minutes_per_submission',
  'auto_approve_after_days',
  'screening_questions',
  'quotas',
  'cross_quotas',
];

function typed(form: Record<string, string>): Partial<BuilderValues> {
  const keys = BRIEF_FIELD_NAMES;
  return Object.fromEntries(keys.filter((k) => form[k] !== undefined).map((k) => [k, form[k]]));
}
