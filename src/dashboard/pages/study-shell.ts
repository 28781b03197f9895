import { readCounters } from '../../admission/index.ts';
import { type AudienceSize, audienceSize } from '../../audience/index.ts';
import type {
  OpportunityResponse,
  OpportunityRow,
  OpportunityStatus,
} from '../../opportunities/index.ts';
import {
  findOpportunity,
  opportunityRowToOpportunity,
  planLaunch,
} from '../../opportunities/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badge, money } from '../../platform/web/format.ts';
import { type Html, html, type Renderable } from '../../platform/web/html.ts';
import type { ProjectRow } from '../../projects/index.ts';
import { findProject } from '../../projects/index.ts';
import { page } from '../layout.ts';
import { projectPath, studyPaths } from '../paths.ts';
import type { Flash, Viewer } from '../session.ts';
import { draftStepPath, type StepKey, stepFrame, stepNav } from './builder-steps.ts';
import { audienceWords, builderSummary, type Missing } from './builder-summary.ts';
import { studySessionsPath } from './session-paths.ts';

export interface Study {
  row: OpportunityRow;
  /** The contract's full form, exactly as GET /v2/opportunities/{id} answers. */
  view: OpportunityResponse;
  project: ProjectRow | undefined;
  /** The opportunity's counters (status, quota cells, screening), empty before launch. */
  counters: Readonly<Record<string, number>>;
  paths: ReturnType<typeof studyPaths>;
  /** A draft's audience count now, for the builder's summary; undefined once launched. */
  audience?: AudienceSize;
}

/** The panel a draft's filters describe, as POST /v2/audience/size counts it. */
async function draftAudience(db: Db, organizationId: string, row: OpportunityRow, now: Date) {
  try {
    return await audienceSize(db, { organizationId, filters: JSON.parse(row.filters), now });
  } catch (error) {
    if (error instanceof ValidationError) return undefined;
    throw error;
  }
}

/** One of the organization's live studies, or a 404 (another organization's id included). */
export async function loadStudy(
  db: Db,
  context: AppContext,
  viewer: Viewer,
  opportunityId: string,
): Promise<Study> {
  const organization = viewer.organization;
  const row = await findOpportunity(db, organization.id, opportunityId);
  if (!row) throw new NotFoundError('Opportunity', opportunityId);
  const [counters, project] = await Promise.all([
    row.launched_at === null ? ({} as Record<string, number>) : readCounters(db, row.id),
    findProject(db, organization.id, row.project_id),
  ]);
  const view = opportunityRowToOpportunity(row, {
    publicUrl: context.config.publicUrl,
    organizationSlug: organization.slug,
    balanceCents: organization.balance_cents,
    overdraftLimitCents: organization.overdraft_limit_cents,
    counters,
  });
  const paths = studyPaths({
    id: row.id,
    projectId: row.project_id,
    status: row.status,
    organizationSlug: organization.slug,
  });
  const audience =
    paths.draft_editor === null
      ? undefined
      : await draftAudience(db, organization.id, row, new Date(context.clock()));
  return { row, view, project, counters, paths, audience };
}

/**
 * What a draft still lacks before its launch, in the launch use case's terms: a status that may
 * launch (planLaunch) and the funding computed for it (the view's `funding`); and what it may go
 * without (a screener, an audience filter).
 */
function draftSummary(study: Study) {
  const { view, row } = study;
  const missing: Missing[] = [];
  const plan = planLaunch({ status: row.status as OpportunityStatus });
  if (!plan.ok) missing.push({ label: plan.message });
  if (view.funding && !view.funding.affordable) {
    missing.push({
      label: `Credit: the balance is ${money(view.funding.shortfall_cents)} short`,
      href: '/dashboard/finance',
    });
  }
  const optional: Missing[] = [];
  if (view.screening_questions.length === 0) {
    optional.push({
      label: 'Screener questions',
      step: 'screener',
      href: draftStepPath(row.id, 'screener'),
    });
  }
  if (view.filters.length === 0) {
    optional.push({
      label: 'Audience filters: everyone may take part',
      step: 'audience',
      href: draftStepPath(row.id, 'audience'),
    });
  }
  const pricing = view.pricing;
  return builderSummary({
    price: pricing
      ? html`${money(pricing.cost_per_participant_cents)} per participant, <strong>${money(pricing.total_cost_cents)}</strong> in all, charged at launch${
          view.funding
            ? view.funding.affordable
              ? html` <span class="badge badge-good">covered</span>`
              : html` <span class="badge badge-bad">short by ${money(view.funding.shortfall_cents)}</span>`
            : ''
        }`
      : 'Not priced yet.',
    audience: audienceWords(study.audience),
    missing,
    optional,
    ready: 'Nothing: launch it from “Review and launch”.',
  });
}

/**
 * The step a draft's page belongs to, for pages that do not say (the screener editor and the
 * translations draw themselves through studyPage with the builder's tab and a crumb).
 */
function stepOf(tab: Tab, crumb: string | undefined): StepKey | undefined {
  if (tab === 'task') return 'tasks';
  if (tab !== 'builder') return undefined;
  if (crumb === 'Screener') return 'screener';
  if (crumb === 'Translations') return 'brief';
  return 'review';
}

type Tab = 'builder' | 'submissions' | 'recruitment' | 'task' | 'sessions' | 'settings';

function tabs(study: Study, current: Tab, except: readonly Tab[] = []): Html {
  const entries: [Tab, string, string | null][] = [
    ['builder', 'Builder', study.paths.draft_editor],
    ['submissions', 'Submissions', study.paths.submissions],
    ['recruitment', 'Recruitment', study.paths.recruitment],
    ['task', 'Tasks', study.paths.task],
    ['sessions', 'Sessions', studySessionsPath(study.row.id)],
    ['settings', 'Settings', study.paths.settings],
  ];
  return html`<nav class="tabs" aria-label="Study pages"><ul>${entries
    .filter(([key, , href]) => href !== null && !except.includes(key))
    .map(
      ([key, label, href]) =>
        html`<li><a href="${href}"${key === current ? html` aria-current="page"` : ''}>${label}</a></li>`,
    )}</ul></nav>`;
}

export function studyPage(input: {
  study: Study;
  viewer: Viewer;
  tab: Tab;
  flash?: Flash;
  crumb?: { label: string; href?: string };
  /** For a draft: which step of the builder the page is (docs/decisions/0182-builder-in-steps.md). */
  step?: StepKey;
  body: Renderable;
}): Html {
  const { study } = input;
  // A draft's pages are the builder's steps: the steps instead of the tabs, the summary beside.
  const draft = study.paths.draft_editor !== null;
  const tabLabel = {
    builder: 'Builder',
    submissions: 'Submissions',
    recruitment: 'Recruitment',
    task: 'Tasks',
    sessions: 'Sessions',
    settings: 'Settings',
  }[input.tab];
  return page({
    title: study.view.title,
    viewer: input.viewer,
    section: 'studies',
    flash: input.flash,
    crumbs: [
      { label: 'Home', href: '/dashboard' },
      study.project
        ? { label: study.project.name, href: projectPath(study.project.id) }
        : { label: 'Studies', href: '/dashboard/studies' },
      input.crumb
        ? {
            label: tabLabel,
            href:
              input.tab === 'sessions'
                ? studySessionsPath(study.row.id)
                : (study.paths[
                    input.tab === 'task'
                      ? 'task'
                      : input.tab === 'builder'
                        ? 'draft_editor'
                        : input.tab
                  ] ?? undefined),
          }
        : { label: tabLabel },
      ...(input.crumb ? [input.crumb] : []),
    ],
    subtitle: html`${badge(study.view.status)} <span class="muted">${study.row.internal_title ?? ''}</span> <code class="id">${study.row.id}</code>`,
    // A draft's other pages (its lab sessions) stay tabs under the steps; a page of those is
    // no step.
    tabs: draft
      ? html`${stepNav(input.step ?? stepOf(input.tab, input.crumb?.label), (key) => ({
          href: draftStepPath(study.row.id, key),
        }))}${tabs(study, input.tab, ['builder', 'task'])}`
      : tabs(study, input.tab),
    body: draft ? stepFrame(draftSummary(study), input.body) : input.body,
  });
}
