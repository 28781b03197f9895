import {
  isOpportunityStatus,
  PUBLIC_OPPORTUNITY_STATUSES,
  type PublicOpportunityStatus,
  publicOpportunityStatus,
} from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { selectOwned } from '../platform/db/tenant.ts';

export interface ProjectOverview {
  id: string;
  name: string;
  opportunity_count: number;
}

/** Projects with their live opportunity counts, in one grouped query. */
export async function projectOverview(db: Db, organizationId: string, limit: number) {
  const rows = await selectOwned(db, 'projects', organizationId)
    .leftJoin('opportunities as o', (join) =>
      join.onRef('o.project_id', '=', 'projects.id').on('o.deleted_at', 'is', null),
    )
    .select((eb) => [
      'projects.id',
      'projects.name',
      eb.fn.count<number>('o.id').as('opportunity_count'),
    ])
    .where('projects.deleted_at', 'is', null)
    .where('projects.internal', '=', 0)
    .groupBy(['projects.id', 'projects.name'])
    .orderBy('projects.name')
    .orderBy('projects.id')
    .limit(limit + 1)
    .execute();
  return {
    projects: rows
      .slice(0, limit)
      .map((r) => ({ ...r, opportunity_count: Number(r.opportunity_count) })),
    more: rows.length > limit,
  };
}

/**
 * Opportunity counts by the status clients read (preparing, expired and the other settled states
 * count as draft: docs/decisions/0030-opportunity-lifecycle.md), in the public order, excluding
 * deleted ones.
 */
export async function opportunityStatusCounts(db: Db, organizationId: string) {
  const rows = await selectOwned(db, 'opportunities', organizationId)
    .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .groupBy('status')
    .execute();
  const counts = new Map<PublicOpportunityStatus, number>();
  for (const row of rows) {
    const status = isOpportunityStatus(row.status) ? publicOpportunityStatus(row.status) : 'draft';
    counts.set(status, (counts.get(status) ?? 0) + Number(row.n));
  }
  return PUBLIC_OPPORTUNITY_STATUSES.filter((status) => counts.has(status)).map((status) => ({
    status,
    count: counts.get(status)!,
  }));
}
