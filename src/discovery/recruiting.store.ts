import type { OpportunityRow } from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';

/** What discovery matches a participant against: the audience columns of a recruiting study. */
export type RecruitingAudience = Pick<
  OpportunityRow,
  'id' | 'filters' | 'required_accounts' | 'num_participants' | 'scheduled'
>;

/**
 * Recruiting opportunities, newest first, before `beforeId`: the columns isEligible reads and the
 * places, nothing else. Discovery matches hundreds of them per page and shows a page's worth, so
 * the whole rows (the screener, tasks, translations, description) are read for those alone
 * (opportunitiesByIds); reading them for every row scanned was most of a request's time with
 * 2,000 live studies (docs/decisions/0175-discovery-and-applications-at-scale.md). Through
 * opportunities_status_id.
 */
export async function recruitingAudiences(
  db: Db,
  page: { beforeId?: string; limit: number },
): Promise<RecruitingAudience[]> {
  let query = db
    .selectFrom('opportunities')
    .select(['id', 'filters', 'required_accounts', 'num_participants', 'scheduled'])
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null);
  if (page.beforeId) query = query.where('id', '<', page.beforeId);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/**
 * The whole rows of these opportunities, in the order of `ids`, those still recruiting: a study
 * that stopped between the scan and this read is left out, as a later scan would leave it.
 */
export async function recruitingByIds(db: Db, ids: readonly string[]): Promise<OpportunityRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('opportunities')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
