import { sessionActor } from '../../audit/index.ts';
import {
  awaitingReview,
  liveStudies,
  opportunityStatusCounts,
  projectOverview,
} from '../../briefing/index.ts';
import { monthlyStatement } from '../../finance/index.ts';
import {
  listOpportunities,
  type OpportunityStatus,
  PUBLIC_OPPORTUNITY_STATUSES,
  pauseOpportunity,
  publicOpportunityStatus,
  resumeOpportunity,
} from '../../opportunities/index.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { toPage } from '../../platform/http/pagination.ts';
import { badge, money, plural, when } from '../../platform/web/format.ts';
import { html } from '../../platform/web/html.ts';
import {
  createProject,
  findProjectWithOpportunityCount,
  listProjects,
  projectNames,
} from '../../projects/index.ts';
import { csrfField, page } from '../layout.ts';
import { projectPath } from '../paths.ts';
import type { DashboardRouter } from '../router.ts';
import { can, safeNext } from '../session.ts';
import { awaitingReviewCard, liveStudiesCard, spendingCard } from './home-progress.ts';
import { nextPageLink, studiesTable } from './studies-table.ts';

const PAGE_SIZE = 25;
/** Live studies and studies awaiting review the home page shows. */
const LIVE_SHOWN = 8;

/** Home, projects, a project's studies, every study; pause and resume. */
export function organizationPages(router: DashboardRouter, context: AppContext) {
  const { db } = context.database;

  router.page('/', async ({ viewer, flash, now }) => {
    const organization = viewer.organization;
    const [overview, counts, recent, live, awaiting, statement] = await Promise.all([
      projectOverview(db, organization.id, 10),
      opportunityStatusCounts(db, organization.id),
      listOpportunities(db, organization.id, { limit: 5 }),
      liveStudies(db, organization.id, LIVE_SHOWN),
      awaitingReview(db, organization.id, LIVE_SHOWN),
      monthlyStatement(db, organization.id),
    ]);
    const byStatus = new Map<string, number>();
    for (const { status, count } of counts) {
      const shown = publicOpportunityStatus(status as OpportunityStatus);
      byStatus.set(shown, (byStatus.get(shown) ?? 0) + count);
    }
    const available = organization.balance_cents + organization.overdraft_limit_cents;
    return page({
      title: organization.name,
      viewer,
      section: 'home',
      flash,
      body: html`
      ${liveStudiesCard(viewer, live, now)}
      <div class="grid halves">
        ${awaitingReviewCard(viewer, awaiting)}
        ${spendingCard(statement, now)}
      </div>
      <div class="grid">
        <section class="card" aria-labelledby="balance-heading">
          <h2 id="balance-heading">Balance</h2>
          <p class="figure">${money(organization.balance_cents)}</p>
          <dl class="pairs">
            <dt>Overdraft limit</dt><dd>${money(organization.overdraft_limit_cents)}</dd>
            <dt>Available for launches</dt><dd>${money(available)}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="counts-heading">
          <h2 id="counts-heading">Studies by status</h2>
          <dl class="pairs">${PUBLIC_OPPORTUNITY_STATUSES.map(
            (status) => html`<dt>${badge(status)}</dt><dd>${byStatus.get(status) ?? 0}</dd>`,
          )}</dl>
          <p><a href="/dashboard/studies">All studies</a></p>
        </section>
      </div>
      <section class="card" aria-labelledby="projects-heading">
        <h2 id="projects-heading">Projects</h2>
        ${
          overview.projects.length === 0
            ? html`<p class="empty">No projects yet.</p>`
            : html`<div class="table-wrap" role="region" tabindex="0" aria-label="Projects"><table class="data"><thead><tr><th scope="col">Project</th><th scope="col" class="num">Studies</th></tr></thead>
              <tbody>${overview.projects.map(
                (project) =>
                  html`<tr><th scope="row"><a href="${projectPath(project.id)}">${project.name}</a></th><td class="num">${project.opportunity_count}</td></tr>`,
              )}</tbody></table></div>`
        }
        ${overview.more ? html`<p><a href="/dashboard/projects">All projects</a></p>` : ''}
      </section>
      <section class="card" aria-labelledby="recent-heading">
        <h2 id="recent-heading">Recent studies</h2>
        ${studiesTable(viewer, recent.slice(0, 5), '/dashboard')}
      </section>`,
    });
  });

  router.page('/projects', async ({ viewer, query, flash }) => {
    const rows = await listProjects(db, viewer.organization.id, {
      limit: PAGE_SIZE,
      cursor: query.cursor,
    });
    const projects = toPage(
      rows,
      PAGE_SIZE,
      (row) => [row.name, row.id],
      (row) => row,
    );
    return page({
      title: 'Projects',
      viewer,
      section: 'projects',
      flash,
      crumbs: [{ label: 'Home', href: '/dashboard' }, { label: 'Projects' }],
      body: html`
      <section class="card">
        ${
          projects.data.length === 0
            ? html`<p class="empty">No projects yet.</p>`
            : html`<div class="table-wrap" role="region" tabindex="0" aria-label="Projects"><table class="data"><thead><tr><th scope="col">Project</th><th scope="col">Slug</th><th scope="col">Created</th></tr></thead>
              <tbody>${projects.data.map(
                (project) =>
                  html`<tr><th scope="row"><a href="${projectPath(project.id)}">${project.name}</a></th><td><code>${project.slug}</code></td><td>${when(project.created_at)}</td></tr>`,
              )}</tbody></table></div>`
        }
        ${nextPageLink('/dashboard/projects', projects.pagination.next_cursor)}
      </section>
      ${
        can(viewer, 'write')
          ? html`<section class="card narrow" aria-labelledby="new-project">
          <h2 id="new-project">New project</h2>
          <form method="post" action="/dashboard/projects" class="stack">
            ${csrfField(viewer)}
            <label for="project-name">Name</label>
            <input id="project-name" name="name" required minlength="1" maxlength="200">
            <button type="submit" class="primary">Create project</button>
          </form>
        </section>`
          : ''
      }`,
    });
  });

  router.action(
    '/projects',
    { permission: 'write', back: () => '/dashboard/projects' },
    async ({ viewer, form }) => {
      const name = (form.name ?? '').trim();
      if (!name) return { redirect: '/dashboard/projects', notice: 'A project needs a name.' };
      const project = await createProject(db, {
        organizationId: viewer.organization.id,
        input: { name },
        actor: sessionActor(viewer.session),
      });
      return { redirect: projectPath(project.id), notice: `Created project ${project.name}.` };
    },
  );

  router.page('/projects/:projectId', async ({ viewer, params, query, flash }) => {
    const project = await findProjectWithOpportunityCount(
      db,
      viewer.organization.id,
      params.projectId!,
    );
    if (!project) throw new NotFoundError('Project', params.projectId!);
    const rows = await listOpportunities(db, viewer.organization.id, {
      limit: PAGE_SIZE,
      cursor: query.cursor,
      projectId: project.id,
    });
    const studies = toPage(
      rows,
      PAGE_SIZE,
      (row) => [row.id],
      (row) => row,
    );
    const here = projectPath(project.id);
    return page({
      title: project.name,
      viewer,
      section: 'projects',
      flash,
      crumbs: [
        { label: 'Home', href: '/dashboard' },
        { label: 'Projects', href: '/dashboard/projects' },
        { label: project.name },
      ],
      subtitle: html`<span>${plural(project.opportunity_count, 'study', 'studies')}</span> · <span>slug <code>${project.slug}</code></span>`,
      body: html`<section class="card">
        ${project.description ? html`<p>${project.description}</p>` : ''}
        ${can(viewer, 'write') ? html`<p><a class="button primary" href="/dashboard/studies/new?project=${encodeURIComponent(project.id)}">New study in this project</a></p>` : ''}
        ${studiesTable(viewer, studies.data, here)}
        ${nextPageLink(here, studies.pagination.next_cursor)}
        <p class="hint">The same list through the API: <code>GET /v2/opportunities?projectId=${project.id}</code></p>
      </section>`,
    });
  });

  router.page('/studies', async ({ viewer, query, flash }) => {
    const rows = await listOpportunities(db, viewer.organization.id, {
      limit: PAGE_SIZE,
      cursor: query.cursor,
    });
    const studies = toPage(
      rows,
      PAGE_SIZE,
      (row) => [row.id],
      (row) => row,
    );
    const names = await projectNames(
      db,
      viewer.organization.id,
      studies.data.map((row) => row.project_id),
    );
    return page({
      title: 'Studies',
      viewer,
      section: 'studies',
      flash,
      crumbs: [{ label: 'Home', href: '/dashboard' }, { label: 'Studies' }],
      body: html`<section class="card">
        ${can(viewer, 'write') ? html`<p><a class="button primary" href="/dashboard/studies/new">New study</a></p>` : ''}
        ${studiesTable(viewer, studies.data, '/dashboard/studies', names)}
        ${nextPageLink('/dashboard/studies', studies.pagination.next_cursor)}
      </section>`,
    });
  });

  const backOf = (form: Record<string, string>) => safeNext(form._back ?? '/dashboard/studies');

  router.action(
    '/studies/:opportunityId/pause',
    { permission: 'write', back: ({ form }) => backOf(form) },
    async ({ viewer, params, form }) => {
      const row = await pauseOpportunity(db, {
        actor: sessionActor(viewer.session),
        organizationId: viewer.organization.id,
        opportunityId: params.opportunityId!,
      });
      return {
        redirect: backOf(form),
        notice: `Paused “${row.title}”: it takes no new applicants.`,
      };
    },
  );

  router.action(
    '/studies/:opportunityId/resume',
    { permission: 'write', back: ({ form }) => backOf(form) },
    async ({ viewer, params, form }) => {
      const row = await resumeOpportunity(db, {
        actor: sessionActor(viewer.session),
        organizationId: viewer.organization.id,
        opportunityId: params.opportunityId!,
      });
      return {
        redirect: backOf(form),
        notice: `Resumed “${row.title}”: it is ${publicOpportunityStatus(row.status as OpportunityStatus)}.`,
      };
    },
  );
}
