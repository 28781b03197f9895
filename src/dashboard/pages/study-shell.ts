import { readCounters } from '../../admission/index.ts';
import type { OpportunityResponse, OpportunityRow } from '../../opportunities/index.ts';
import { findOpportunity, opportunityRowToOpportunity } from '../../opportunities/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badge } from '../../platform/web/format.ts';
import { type Html, html, type Renderable } from '../../platform/web/html.ts';
import type { ProjectRow } from '../../projects/index.ts';
import { findProject } from '../../projects/index.ts';
import { page } from '../layout.ts';
import { projectPath, studyPaths } from '../paths.ts';
import type { Flash, Viewer } from '../session.ts';
import { studySessionsPath } from './session-paths.ts';

export interface Study {
  row: OpportunityRow;
  /** The contract's full form, exactly as GET /v2/opportunities/{id} answers. */
  view: OpportunityResponse;
  project: ProjectRow | undefined;
  /** The opportunity's counters (status, quota cells, screening), empty before launch. */
  counters: Readonly<Record<string, number>>;
  paths: ReturnType<typeof studyPaths>;
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
  return { row, view, project, counters, paths };
}

type Tab = 'builder' | 'submissions' | 'recruitment' | 'task' | 'sessions' | 'settings';

function tabs(study: Study, current: Tab): Html {
  const entries: [Tab, string, string | null][] = [
    ['builder', 'Builder', study.paths.draft_editor],
    ['submissions', 'Submissions', study.paths.submissions],
    ['recruitment', 'Recruitment', study.paths.recruitment],
    ['task', 'Tasks', study.paths.task],
    ['sessions', 'Sessions', studySessionsPath(study.row.id)],
    ['settings', 'Settings', study.paths.settings],
  ];
  return html`<nav class="tabs" aria-label="Study pages"><ul>${entries
    .filter(([, , href]) => href !== null)
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
  body: Renderable;
}): Html {
  const { study } = input;
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
    tabs: tabs(study, input.tab),
    body: input.body,
  });
}
