import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { selectOwned } from '../platform/db/tenant.ts';
import type { BonusesTable, BonusRow } from './bonuses.table.ts';

const money = (row: BonusRow): BonusRow => ({
  ...row,
  amount_cents: Number(row.amount_cents),
  fee_cents: Number(row.fee_cents),
});

export async function insertBonuses(trx: Db, rows: readonly BonusesTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('bonuses')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/**
 * The bonuses one request paid on an opportunity since `since`, in the order it paid them
 * (bonuses_request_key; docs/decisions/0172-bonuses-keyed-in-the-database.md).
 */
export async function findBonusesPaidUnder(
  db: Db,
  where: { opportunityId: string; requestKey: string; since: string },
): Promise<BonusRow[]> {
  const rows = await db
    .selectFrom('bonuses')
    .selectAll()
    .where('opportunity_id', '=', where.opportunityId)
    .where('request_key', '=', where.requestKey)
    .where('created_at', '>=', where.since)
    .orderBy('id')
    .execute();
  return rows.map(money);
}

/** An opportunity's bonuses, newest first (bonuses_opportunity). */
export async function listOpportunityBonuses(
  db: Db,
  organizationId: string,
  page: { opportunityId: string; cursor?: string; limit: number },
): Promise<BonusRow[]> {
  const rows = await keysetPage(
    selectOwned(db, 'bonuses', organizationId)
      .selectAll()
      .where('opportunity_id', '=', page.opportunityId),
    'id',
    'desc',
    page,
  ).execute();
  return rows.map(money);
}

/** Every bonus of one submission, oldest first (bonuses_submission). */
export async function listSubmissionBonuses(db: Db, submissionId: string): Promise<BonusRow[]> {
  const rows = await db
    .selectFrom('bonuses')
    .selectAll()
    .where('submission_id', '=', submissionId)
    .orderBy('id')
    .execute();
  return rows.map(money);
}
