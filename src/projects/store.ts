import { type ExpressionBuilder, sql } from 'kysely';
import { type Awaitable, andThen } from '../platform/db/awaitable.ts';
import { batchedLookup } from '../platform/db/batched-lookup.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { prepared, rowMapper } from '../platform/db/prepared.ts';
import { selectOwned, updateOwned } from '../platform/db/tenant.ts';
import { decodeCursor } from '../platform/http/pagination.ts';
import { newId } from '../platform/ids.ts';
import { uniqueSlug } from '../platform/slug.ts';
import type { DB } from '../schema.ts';
import type { ProjectRow } from './projects.table.ts';
import { projectSortKey } from './sort-key.ts';

export async function insertProject(
  db: Db,
  organizationId: string,
  input: { name: string; description?: string | null },
): Promise<ProjectRow> {
  const now = isoNow();
  return db
    .insertInto('projects')
    .values({
      id: newId('project'),
      organization_id: organizationId,
      name: input.name,
      sort_key: projectSortKey(input.name),
      slug: uniqueSlug(input.name),
      description: input.description ?? null,
      internal: 0,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const projectById = prepared((db, p: { organizationId: string; id: string }) =>
  selectOwned(db, 'projects', p.organizationId)
    .selectAll()
    .where('id', '=', p.id)
    .where('deleted_at', 'is', null),
);

export async function findProject(db: Db, organizationId: string, id: string) {
  const [row] = await projectById(db, { organizationId, id });
  return row;
}

/** A project's live opportunities, counted beside its row. */
const liveOpportunityCount = (eb: ExpressionBuilder<DB, 'projects'>) =>
  eb
    .selectFrom('opportunities')
    .select(eb.fn.countAll<number>().as('n'))
    .whereRef('opportunities.project_id', '=', 'projects.id')
    .where('opportunities.deleted_at', 'is', null)
    .as('opportunity_count');

const projectWithCount = prepared((db, p: { organizationId: string; id: string }) =>
  selectOwned(db, 'projects', p.organizationId)
    .selectAll('projects')
    .select(liveOpportunityCount)
    .where('projects.id', '=', p.id)
    .where('projects.deleted_at', 'is', null),
);

/** Many (organization, project) pairs at once, on PostgreSQL: each pair is one tenant's own. */
const projectsWithCount = prepared((db, p: { organizationIds: string[]; ids: string[] }) =>
  db
    .selectFrom('projects')
    .selectAll('projects')
    .select(liveOpportunityCount)
    .where(
      sql<boolean>`(projects.organization_id, projects.id) in (select * from unnest(${p.organizationIds}::text[], ${p.ids}::text[]))`,
    )
    .where('projects.deleted_at', 'is', null),
);

type ProjectKey = { organizationId: string; id: string };

const projectWithCountBatched = batchedLookup({
  one: (db, key: ProjectKey) => andThen(projectWithCount(db, key), ([row]) => row),
  many: (db, keys: ProjectKey[]) =>
    projectsWithCount.compile(db, {
      organizationIds: keys.map((key) => key.organizationId),
      ids: keys.map((key) => key.id),
    }),
  nameOf: (key) => `${key.organizationId} ${key.id}`,
  nameOfRow: (row) => `${row.organization_id} ${row.id}`,
});

/**
 * The single-project read: the row and its live opportunity count in one statement. On PostgreSQL
 * concurrent reads share statements (batched-lookup.ts): GET /v2/projects/{id} went from 10,986 to
 * 19,987 req/s in one process, serve CPU 64 to 29 µs and PostgreSQL's 37 to 10 µs a request
 * (`node bench/scale-out.ts`,
 * docs/decisions/0134-postgresql-lookups-batched-per-event-loop-turn.md).
 */
export function findProjectWithOpportunityCount(
  db: Db,
  organizationId: string,
  id: string,
): Awaitable<ProjectWithCount | undefined> {
  return andThen(
    projectWithCountBatched(db, { organizationId, id }),
    (row) => row && withCount(row),
  );
}

const withCount = rowMapper(
  (row: Awaited<ReturnType<typeof projectWithCount>>[number]): ProjectWithCount => ({
    ...row,
    opportunity_count: Number(row.opportunity_count ?? 0),
  }),
);

export interface ProjectWithCount extends ProjectRow {
  opportunity_count: number;
}

const projectsByName = (db: Db, organizationId: string, take: number) =>
  selectOwned(db, 'projects', organizationId)
    .selectAll()
    .where('deleted_at', 'is', null)
    .where('internal', '=', 0)
    .orderBy('sort_key')
    .orderBy('id')
    .limit(take);

const firstProjectsPage = prepared((db, p: { organizationId: string; take: number }) =>
  projectsByName(db, p.organizationId, p.take),
);

const laterProjectsPage = prepared(
  (db, p: { organizationId: string; sortKey: string; id: string; take: number }) =>
    projectsByName(db, p.organizationId, p.take).where(
      sql<boolean>`(sort_key, id) > (${p.sortKey}, ${p.id})`,
    ),
);

/**
 * Alphabetical as a person reads it (sort-key.ts), then by id: a keyset scan of
 * projects_organization_sort_key. The cursor holds the last name and id, whose key is the stored
 * one, so it is exact. Prepared, so on the embedded database a page is a synchronous read like the
 * single-project one.
 */
export function listProjects(
  db: Db,
  organizationId: string,
  page: { limit: number; cursor?: string },
): Awaitable<ProjectRow[]> {
  const take = page.limit + 1;
  if (!page.cursor) return firstProjectsPage(db, { organizationId, take });
  const [name, id] = decodeCursor(page.cursor, 2);
  return laterProjectsPage(db, {
    organizationId,
    sortKey: projectSortKey(String(name)),
    id: String(id),
    take,
  });
}

export async function updateProjectName(
  db: Db,
  organizationId: string,
  id: string,
  change: { name: string; description?: string },
) {
  return updateOwned(db, 'projects', organizationId)
    .set({
      name: change.name,
      sort_key: projectSortKey(change.name),
      ...(change.description !== undefined ? { description: change.description } : {}),
      updated_at: isoNow(),
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Counts drafts too; deleted opportunities are gone from every count (docs/api/projects.md).
 */
export async function countProjectOpportunities(db: Db, organizationId: string, projectId: string) {
  const row = await selectOwned(db, 'opportunities', organizationId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Names of several projects in one query (the dashboard's studies list). */
export async function projectNames(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await selectOwned(db, 'projects', organizationId)
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
