import { PostgresAdapter, sql } from 'kysely';
import { PLACES_HELD_KEY } from '../admission/index.ts';
import { type Awaitable, andThen } from '../platform/db/awaitable.ts';
import { batchedLookup } from '../platform/db/batched-lookup.ts';
import { isoNow } from '../platform/db/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { keptPerSource, prepared } from '../platform/db/prepared.ts';
import { selectOwned, updateOwned } from '../platform/db/tenant.ts';
import { decodeCursor } from '../platform/http/pagination.ts';
import type {
  NewOpportunityRow,
  OpportunityRow,
  OpportunityUpdate,
} from './opportunities.table.ts';
import type { OpportunityStatus } from './opportunity-status.ts';

export async function insertOpportunity(db: Db, row: NewOpportunityRow): Promise<OpportunityRow> {
  return db.insertInto('opportunities').values(row).returningAll().executeTakeFirstOrThrow();
}

const opportunityById = prepared((db, p: { organizationId: string; id: string }) =>
  selectOwned(db, 'opportunities', p.organizationId)
    .selectAll()
    .where('id', '=', p.id)
    .where('deleted_at', 'is', null),
);

/**
 * One live (not deleted) opportunity of the organization. Not async: on the embedded database the
 * row is here at once (src/platform/db/awaitable.ts).
 */
export function findOpportunity(
  db: Db,
  organizationId: string,
  id: string,
): Awaitable<OpportunityRow | undefined> {
  return andThen(opportunityById(db, { organizationId, id }), firstRow);
}

const firstRow = <Row>(rows: Row[]): Row | undefined => rows[0];

const anyOrganizationsOpportunity = prepared((db, p: { id: string }) =>
  db.selectFrom('opportunities').selectAll().where('id', '=', p.id).where('deleted_at', 'is', null),
);

/**
 * The participant side's read of one live opportunity, whichever organization owns it:
 * participants see studies across organizations. Customer-side reads use findOpportunity.
 */
export async function findOpportunityForParticipant(
  db: Db,
  id: string,
): Promise<OpportunityRow | undefined> {
  return anyOrganizationsOpportunityBatched(db, id);
}

const anyOrganizationsOpportunities = prepared((db, p: { ids: string[] }) =>
  db
    .selectFrom('opportunities')
    .selectAll()
    .where('id', '=', sql<string>`any(${p.ids}::text[])`)
    .where('deleted_at', 'is', null),
);

/** Concurrent reads share a statement on PostgreSQL (batched-lookup.ts), as a stampede's do. */
const anyOrganizationsOpportunityBatched = batchedLookup({
  one: (db, id: string) => andThen(anyOrganizationsOpportunity(db, { id }), firstRow),
  many: (db, ids: string[]) => anyOrganizationsOpportunities.compile(db, { ids }),
  nameOf: (id) => id,
  nameOfRow: (row) => row.id,
  // By the primary key, however many ids.
  genericPlan: true,
});

/** The participant side's read of several opportunities (any organization's), by id. */
export async function findOpportunitiesForParticipant(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, OpportunityRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('opportunities')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Recruiting opportunities, newest first, from before `beforeId` (a keyset on opportunities_status_id). */
export async function listRecruitingOpportunities(
  db: Db,
  page: { beforeId?: string; limit: number },
): Promise<OpportunityRow[]> {
  let query = db
    .selectFrom('opportunities')
    .selectAll()
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null);
  if (page.beforeId) query = query.where('id', '<', page.beforeId);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/** The organization owning an opportunity (deleted or not), for jobs that carry only its id. */
export async function opportunityOrganizationId(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('opportunities')
    .select('organization_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.organization_id;
}

/** What the summary form needs; the JSON parts are never read for a list. */
export type OpportunitySummaryRow = Pick<
  OpportunityRow,
  | 'id'
  | 'title'
  | 'status'
  | 'num_participants'
  | 'cost_per_participant_cents'
  | 'total_cost_cents'
  | 'launched_at'
  | 'created_at'
  | 'project_id'
>;

const SUMMARY_COLUMNS = [
  'id',
  'title',
  'status',
  'num_participants',
  'cost_per_participant_cents',
  'total_cost_cents',
  'launched_at',
  'created_at',
  'project_id',
] as const;

type ListParams = Record<string, string | number>;

/**
 * One precompiled statement per shape of list request (how many statuses, with or without a
 * project, first page or later), built on first use: lists are as hot as single reads.
 */
const listShapes = new Map<
  string,
  ReturnType<typeof prepared<ListParams, OpportunitySummaryRow>>
>();

function listStatement(statusCount: number, byProject: boolean, after: boolean) {
  const shape = `${statusCount}:${byProject}:${after}`;
  let statement = listShapes.get(shape);
  if (!statement) {
    statement = prepared((db, p: ListParams) => {
      let query = selectOwned(db, 'opportunities', p.organizationId as string)
        .select([...SUMMARY_COLUMNS])
        .where('deleted_at', 'is', null);
      if (statusCount > 0) {
        const statuses = Array.from({ length: statusCount }, (_, i) => p[`status${i}`] as string);
        query = query.where('status', 'in', statuses);
      }
      if (byProject) query = query.where('project_id', '=', p.projectId as string);
      if (after) query = query.where('id', '<', p.after as string);
      return query.orderBy('id', 'desc').limit(p.limit as number);
    });
    listShapes.set(shape, statement);
  }
  return statement;
}

/**
 * Newest first: ids are time-ordered, so the keyset is the id alone, scanned backwards on
 * opportunities_organization (or opportunities_project with a project filter).
 */
export function listOpportunities(
  db: Db,
  organizationId: string,
  page: {
    limit: number;
    cursor?: string;
    statuses?: readonly OpportunityStatus[];
    projectId?: string;
  },
): Awaitable<OpportunitySummaryRow[]> {
  const params: ListParams = { organizationId, limit: page.limit + 1 };
  page.statuses?.forEach((status, i) => {
    params[`status${i}`] = status;
  });
  if (page.projectId) params.projectId = page.projectId;
  if (page.cursor) params.after = String(decodeCursor(page.cursor, 1)[0]);
  const statement = listStatement(page.statuses?.length ?? 0, !!page.projectId, !!page.cursor);
  return statement(db, params);
}

/** Each counter is the sum of its shards (counter-shards.ts). */
const countersOf = prepared((db, p: { opportunityId: string }) =>
  db
    .selectFrom('opportunity_counters')
    .select(['counter_key', sql<number | string>`sum(value)`.as('value')])
    .where('opportunity_id', '=', p.opportunityId)
    .groupBy('counter_key'),
);

/**
 * An opportunity's counters as a record (the same answer as readCounters in one precompiled
 * statement, since every read of a launched opportunity needs them). The record of a shared
 * result is made once and is the same object on every read until the counters change, so the
 * full form built from it can be kept too (opportunities/routes.ts).
 */
export function opportunityCounters(
  db: Db,
  opportunityId: string,
): Awaitable<Readonly<Record<string, number>>> {
  return andThen(countersOf(db, { opportunityId }), countersRecord);
}

const countersRecord = keptPerSource(
  (rows: readonly { counter_key: string; value: number | string | bigint }[]) => {
    const counters: Record<string, number> = {};
    for (const row of rows) counters[row.counter_key] = Number(row.value);
    return counters;
  },
);

/**
 * Compare-and-set edit of a draft: applies only while the opportunity is still a live draft, so an
 * edit racing a launch either lands before it or not at all.
 */
export async function updateDraft(
  db: Db,
  organizationId: string,
  id: string,
  changes: OpportunityUpdate,
): Promise<OpportunityRow | undefined> {
  return updateOwned(db, 'opportunities', organizationId)
    .set({ ...changes, updated_at: isoNow() })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Sets the outreach plan of a launched opportunity, as a compare-and-set on the statuses that
 * still take one (edit.ts); the only change PATCH makes after launch.
 */
export async function updateLaunchedOutreach(
  db: Db,
  organizationId: string,
  id: string,
  outreach: string | null,
  statuses: readonly OpportunityStatus[],
): Promise<OpportunityRow | undefined> {
  return updateOwned(db, 'opportunities', organizationId)
    .set({ outreach, updated_at: isoNow() })
    .where('id', '=', id)
    .where('status', 'in', statuses)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Soft delete, as a compare-and-set on the status the caller saw. */
export async function softDeleteOpportunity(
  db: Db,
  organizationId: string,
  id: string,
  expectedStatus: string,
): Promise<boolean> {
  const now = isoNow();
  const result = await updateOwned(db, 'opportunities', organizationId)
    .set({ deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The organization's opportunities not yet closed (drafts included) whose filters name `id` (a
 * participant group, before it is deleted). Filters are JSON text, so this is a text search over
 * one organization's rows; the id's quotes make it exact.
 */
export async function openOpportunitiesNaming(
  db: Db,
  organizationId: string,
  id: string,
): Promise<string[]> {
  const rows = await selectOwned(db, 'opportunities', organizationId)
    .select('id')
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['draft', 'preparing', 'active', 'paused', 'fulfilled'])
    // `_` in the id matches itself (LIKE's one-character wildcard includes it); `%` cannot occur.
    .where('filters', 'like', `%"${id.replace(/[%"\\]/g, '')}"%`)
    .execute();
  return rows.map((row) => row.id);
}

/** Which of these ids are the organization's own live opportunities (reference filters). */
export async function ownOpportunityIds(
  db: Db,
  organizationId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await selectOwned(db, 'opportunities', organizationId)
    .select('id')
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Reads a live opportunity of the organization and, on PostgreSQL, locks its row and then every
 * shard of its places-held counter (counter-shards.ts) until the transaction ends (SQLite
 * transactions already hold the single write lock). Every change to an opportunity's status or
 * places takes this lock first, then submissions, then the organization's row (through the ledger):
 * one order everywhere, so changes never deadlock one another. Applications take only the counter
 * (lockAdmissionCounters), after which no change can move a place, the status or the number of
 * places until they commit (docs/decisions/0141-admissions-without-the-opportunitys-lock.md).
 */
export async function lockOpportunity(trx: Db, organizationId: string, id: string) {
  const [row] = await opportunityLocked(trx, { organizationId, id });
  if (row && isPostgres(trx)) await placesHeldLocked(trx, { id });
  return row as OpportunityRow | undefined;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Compiled once per dialect: every application and status change takes it. */
const opportunityLocked = prepared((db, p: { organizationId: string; id: string }) => {
  const query = selectOwned(db, 'opportunities', p.organizationId)
    .selectAll()
    .where('id', '=', p.id)
    .where('deleted_at', 'is', null);
  return isPostgres(db) ? query.forUpdate() : query;
});

const placesHeldLocked = prepared((db, p: { id: string }) =>
  db
    .selectFrom('opportunity_counters')
    .select('value')
    .where('opportunity_id', '=', p.id)
    .where('counter_key', '=', PLACES_HELD_KEY)
    .orderBy('shard')
    .forUpdate(),
);

/**
 * Compare-and-set of an opportunity's status (with any columns that change with it): false when
 * the status is no longer `from`.
 */
export async function updateOpportunityStatus(
  db: Db,
  id: string,
  from: string,
  to: OpportunityStatus,
  changes: OpportunityUpdate = {},
): Promise<boolean> {
  const result = await db
    .updateTable('opportunities')
    .set({ ...changes, status: to, updated_at: isoNow() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the places rule reads of an opportunity. */
export async function readPlacesState(db: Db, id: string) {
  return db
    .selectFrom('opportunities')
    .select(['id', 'organization_id', 'status', 'num_participants'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/**
 * Takes the organization's row lock for the rest of the transaction (a no-op update: PostgreSQL
 * locks the row, SQLite already holds the database) and returns its money. Launches take it after
 * the opportunity's lock, so launches of different drafts of one organization run one after
 * another and each sees the balance the previous one left.
 */
export async function lockOrganization(trx: Db, organizationId: string) {
  const row = await trx
    .updateTable('organizations')
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', organizationId)
    .returning(['id', 'balance_cents', 'overdraft_limit_cents', 'platform_fee_cents', 'slug'])
    .executeTakeFirst();
  return row;
}
