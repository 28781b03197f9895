import type { OpportunityRow } from '../opportunities/index.ts';
import { audienceOf, type ParsedAudience } from '../participants/index.ts';
import { readInTurn } from '../platform/db/batched-lookup.ts';
import type { Db } from '../platform/db/database.ts';

/** What discovery matches a participant against: a recruiting study's audience, and its places. */
export interface RecruitingAudience extends ParsedAudience {
  num_participants: number;
}

/**
 * Recruiting opportunities, newest first, before `beforeId`, with what isEligible reads and the
 * places, nothing else. Discovery matches hundreds of them per page and shows a page's worth, so
 * the whole rows (the screener, tasks, translations, description) are read for those alone
 * (recruitingByIds); reading them for every row scanned was most of a request's time with 2,000
 * live studies (docs/decisions/0175-discovery-and-applications-at-scale.md). Through
 * opportunities_status_id.
 *
 * The audience (filters and required accounts) is written once, when the study is created, so it
 * is read and parsed once per process (parsedAudiences) and the scan reads the columns that can
 * change. Reading and decoding each scanned row's filters, then hashing the fresh text to find its
 * parsed value, was most of a discovery's CPU on PostgreSQL.
 */
export async function recruitingAudiences(
  db: Db,
  page: { beforeId?: string; limit: number },
): Promise<{ audiences: RecruitingAudience[]; nextBeforeId: string | undefined }> {
  let query = db
    .selectFrom('opportunities')
    .select(['id', 'num_participants', 'scheduled'])
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null);
  if (page.beforeId) query = query.where('id', '<', page.beforeId);
  const rows = await readInTurn(db, query.orderBy('id', 'desc').limit(page.limit).compile());
  const audiences = await parsedAudiences(
    db,
    rows.map((row) => row.id),
  );
  const scanned: RecruitingAudience[] = [];
  for (const [at, { id, num_participants, scheduled }] of rows.entries()) {
    const audience = audiences[at];
    // A study gone between the two reads is left out.
    if (audience) {
      scanned.push({
        id,
        num_participants,
        scheduled,
        filters: audience.filters,
        requiredAccounts: audience.requiredAccounts,
      });
    }
  }
  // A full batch may have more after it.
  return {
    audiences: scanned,
    nextBeforeId: rows.length === page.limit ? rows[rows.length - 1]!.id : undefined,
  };
}

type Audience = ReturnType<typeof audienceOf>;

/**
 * Audiences of this many studies are kept per database, the first read dropped first: twice the
 * 2,000 live studies issue 37 measures discovery with.
 */
const AUDIENCES_KEPT = 4_000;

const audiencesByDb = new WeakMap<Db, Map<string, Audience>>();

/**
 * The parsed audiences of these opportunities, in their order: those kept answered at once, the
 * rest read together (undefined for one no longer there).
 */
async function parsedAudiences(db: Db, ids: readonly string[]): Promise<(Audience | undefined)[]> {
  let kept = audiencesByDb.get(db);
  if (!kept) {
    kept = new Map();
    audiencesByDb.set(db, kept);
  }
  const found = ids.map((id) => kept.get(id));
  const missing = ids.filter((_, at) => found[at] === undefined);
  if (missing.length === 0) return found;
  const rows = await readInTurn(
    db,
    db
      .selectFrom('opportunities')
      .select(['id', 'filters', 'required_accounts'])
      .where('id', 'in', missing)
      .compile(),
  );
  const read = new Map(rows.map((row) => [row.id, audienceOf(row)]));
  for (const [id, audience] of read) kept.set(id, audience);
  for (const id of kept.keys()) {
    if (kept.size <= AUDIENCES_KEPT) break;
    kept.delete(id);
  }
  return ids.map((id, at) => found[at] ?? read.get(id));
}

/**
 * The whole rows of these opportunities, in the order of `ids`, those still recruiting: a study
 * that stopped between the scan and this read is left out, as a later scan would leave it.
 */
export async function recruitingByIds(db: Db, ids: readonly string[]): Promise<OpportunityRow[]> {
  if (ids.length === 0) return [];
  const rows = await readInTurn(
    db,
    db
      .selectFrom('opportunities')
      .selectAll()
      .where('id', 'in', [...ids])
      .where('status', '=', 'active')
      .where('deleted_at', 'is', null)
      .compile(),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
