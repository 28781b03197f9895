import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { type MonthStatement, statementFromSums } from './month-statement.ts';

/**
 * The invoice figures to date: per month, what was charged, refunded and credited, summed by the
 * database over the ledger (participant payouts move no organization money and sum to zero).
 */
export async function monthlyStatement(db: Db, organizationId: string): Promise<MonthStatement[]> {
  const month = sql<string>`substr(created_at, 1, 7)`;
  const rows = await db
    .selectFrom('ledger_entries')
    .select([
      month.as('month'),
      'kind',
      (eb) => eb.fn.sum<number>('amount_cents').as('amount_cents'),
    ])
    .where('organization_id', '=', organizationId)
    .groupBy([month, 'kind'])
    .execute();
  return statementFromSums(
    rows.map((row) => ({
      month: row.month,
      kind: row.kind,
      amount_cents: Number(row.amount_cents),
    })),
  );
}
