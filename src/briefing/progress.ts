import { sql } from 'kysely';
import { countTakenPlaces, PLACE_TAKING_STATUSES, statusCounterKey } from '../admission/index.ts';
import type { Db } from '../platform/db/database.ts';
import { selectOwned } from '../platform/db/tenant.ts';

/**
 * How an organization's studies are going, for the dashboard's home (issue 39, item 5): the live
 * studies with their places taken, and the work awaiting review. Read from the running counters
 * (src/admission/counters.ts), never by counting submissions.
 */
export interface LiveStudy {
  id: string;
  project_id: string;
  title: string;
  num_participants: number;
  launched_at: string | null;
  ending_at: string | null;
  expected_days_to_complete: number | null;
  places_taken: number;
  awaiting_review: number;
}

const AWAITING = statusCounterKey('awaiting_review');
const PLACE_KEYS = PLACE_TAKING_STATUSES.map(statusCounterKey);

/** Statuses whose submissions can still await review: launched and not yet settled. */
const REVIEWABLE = ['active', 'paused', 'fulfilled', 'stopped', 'completed', 'expired'];

/** The counters named, per opportunity, summed over their shards: one grouped query. */
async function countersOf(db: Db, ids: readonly string[], keys: readonly string[]) {
  const byId = new Map<string, Record<string, number>>();
  if (ids.length === 0) return byId;
  const rows = await db
    .selectFrom('opportunity_counters')
    .select(['opportunity_id', 'counter_key', sql<number | string>`sum(value)`.as('value')])
    .where('opportunity_id', 'in', ids)
    .where('counter_key', 'in', keys)
    .groupBy(['opportunity_id', 'counter_key'])
    .execute();
  for (const row of rows) {
    const counters = byId.get(row.opportunity_id) ?? {};
    counters[row.counter_key] = Number(row.value);
    byId.set(row.opportunity_id, counters);
  }
  return byId;
}

/** The newest live (active) studies, up to `limit`, with places taken and work awaiting review. */
export async function liveStudies(
  db: Db,
  organizationId: string,
  limit: number,
): Promise<{ studies: LiveStudy[]; more: boolean }> {
  // The (organization_id, status, id) index: newest first, ids being time-ordered.
  const rows = await selectOwned(db, 'opportunities', organizationId)
    .select([
      'id',
      'project_id',
      'title',
      'num_participants',
      'launched_at',
      'ending_at',
      'expected_days_to_complete',
    ])
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const shown = rows.slice(0, limit);
  const counters = await countersOf(
    db,
    shown.map((row) => row.id),
    [...PLACE_KEYS, AWAITING],
  );
  return {
    studies: shown.map((row) => {
      const counts = counters.get(row.id) ?? {};
      return {
        ...row,
        places_taken: countTakenPlaces(
          Object.fromEntries(PLACE_TAKING_STATUSES.map((s) => [s, counts[statusCounterKey(s)]])),
        ),
        awaiting_review: counts[AWAITING] ?? 0,
      };
    }),
    more: rows.length > limit,
  };
}

export interface AwaitingStudy {
  id: string;
  project_id: string;
  status: string;
  title: string;
  count: number;
}

/**
 * Submissions awaiting review over every launched study, and the studies holding the most, up to
 * `limit` of them.
 */
export async function awaitingReview(
  db: Db,
  organizationId: string,
  limit: number,
): Promise<{ total: number; studies: AwaitingStudy[] }> {
  const rows = await selectOwned(db, 'opportunities', organizationId)
    .innerJoin('opportunity_counters as c', 'c.opportunity_id', 'opportunities.id')
    .select([
      'opportunities.id',
      'opportunities.project_id',
      'opportunities.status',
      'opportunities.title',
      sql<number | string>`sum(c.value)`.as('count'),
    ])
    .where('opportunities.status', 'in', REVIEWABLE)
    .where('opportunities.deleted_at', 'is', null)
    .where('c.counter_key', '=', AWAITING)
    .groupBy([
      'opportunities.id',
      'opportunities.project_id',
      'opportunities.status',
      'opportunities.title',
    ])
    .execute();
  const studies = rows
    .map((row) => ({ ...row, count: Number(row.count) }))
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count || a.id.localeCompare(b.id));
  return {
    total: studies.reduce((sum, study) => sum + study.count, 0),
    studies: studies.slice(0, limit),
  };
}
