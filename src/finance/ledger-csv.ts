import { csvLine } from '../platform/csv.ts';
import type { Db } from '../platform/db/database.ts';
import { listLedgerEntries } from './ledger.ts';

const PAGE = 500;

/**
 * The organization's ledger as CSV, newest first, read a page at a time: every movement with
 * the balance after it, so the file reconciles on its own.
 */
export function ledgerCsv(db: Db, organizationId: string) {
  async function* lines() {
    yield csvLine([
      'entry_id',
      'created_at',
      'kind',
      'amount_cents',
      'balance_after_cents',
      'opportunity_id',
      'submission_id',
      'participant_id',
      'participant_amount_cents',
      'memo',
    ]);
    let beforeId: string | undefined;
    for (;;) {
      const rows = await listLedgerEntries(db, organizationId, { limit: PAGE, beforeId });
      for (const row of rows.slice(0, PAGE)) {
        yield csvLine([
          row.id,
          row.created_at,
          row.kind,
          row.amount_cents,
          row.balance_after_cents,
          row.opportunity_id,
          row.submission_id,
          row.participant_id,
          row.participant_amount_cents,
          row.memo,
        ]);
      }
      if (rows.length <= PAGE) return;
      beforeId = rows[PAGE - 1]!.id;
    }
  }
  return { filename: `${organizationId}-ledger.csv`, lines: lines() };
}
