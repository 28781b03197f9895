import { apiKeyActor } from '../audit/index.ts';
import { andThen } from '../platform/db/awaitable.ts';
import { keptPerSource, rowMapper } from '../platform/db/prepared.ts';
import { NotFoundError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { keptJsonCompiler } from '../platform/http/kept-json.ts';
import { toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { createProject } from './create.ts';
import { projectRowToProject } from './project-view.ts';
import type { ProjectRow } from './projects.table.ts';
import { renameProject } from './rename.ts';
import {
  CreateProjectBody,
  ListProjectsQuery,
  Project,
  ProjectDetail,
  ProjectList,
  ProjectParams,
  RenameProjectBody,
} from './schemas.ts';
import { findProjectWithOpportunityCount, listProjects, type ProjectWithCount } from './store.ts';

export function projectRoutes(app: App, { database, config }: AppContext) {
  const { db } = database;
  const toProject = (row: Parameters<typeof projectRowToProject>[0]) =>
    projectRowToProject(row, config.publicUrl);
  const toListed = rowMapper(toProject);
  const toDetail = rowMapper((row: ProjectWithCount) => ({
    ...toProject(row),
    opportunity_count: row.opportunity_count,
    ...(row.description !== null ? { description: row.description } : {}),
  }));
  // A page of shared rows is built once (and its JSON written once, keptJsonCompiler).
  const toListPage = keptPerSource((rows: ProjectRow[], limit: number) =>
    toPage(rows, limit, (row) => [row.name, row.id], toListed),
  );

  app.get(
    '/projects',
    {
      serializerCompiler: keptJsonCompiler,
      schema: {
        tags: ['Projects'],
        summary: 'List projects, alphabetical by name',
        querystring: ListProjectsQuery,
        response: { 200: ProjectList, ...errorResponses('BAD_REQUEST') },
      },
    },
    // Not async, as the single read below: on the embedded database the page is here at once.
    (request) => {
      const { organization } = customerOf(request);
      const limit = request.query.limit ?? 25;
      return andThen(
        listProjects(db, organization.id, { limit, cursor: request.query.cursor }),
        (rows) => toListPage(rows, limit),
      );
    },
  );

  app.post(
    '/projects',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Create a project (a repeated name makes another project)',
        body: CreateProjectBody,
        response: { 200: Project, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization, key } = customerOf(request);
      return toProject(
        await createProject(db, {
          organizationId: organization.id,
          input: request.body,
          actor: apiKeyActor(key),
        }),
      );
    },
  );

  app.get(
    '/projects/:projectId',
    {
      serializerCompiler: keptJsonCompiler,
      schema: {
        tags: ['Projects'],
        summary: 'Read a project with its opportunity count',
        params: ProjectParams,
        response: { 200: ProjectDetail, ...errorResponses('NOT_FOUND') },
      },
    },
    // Not async: on the embedded database the row is here at once and the answer goes out in the
    // same turn (src/platform/db/awaitable.ts).
    (request) => {
      const { organization } = customerOf(request);
      const { projectId } = request.params;
      return andThen(findProjectWithOpportunityCount(db, organization.id, projectId), (row) => {
        if (!row) throw new NotFoundError('Project', projectId);
        return toDetail(row);
      });
    },
  );

  app.patch(
    '/projects/:projectId',
    {
      schema: {
        tags: ['Projects'],
        summary: 'Rename a project (slug and dashboard_url stay the same)',
        params: ProjectParams,
        body: RenameProjectBody,
        response: { 200: Project, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization, key } = customerOf(request);
      return toProject(
        await renameProject(db, {
          organizationId: organization.id,
          projectId: request.params.projectId,
          change: request.body,
          actor: apiKeyActor(key),
        }),
      );
    },
  );
}
