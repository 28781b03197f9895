/** What other features may use of finance: everything else in this folder is its own. */

export { addCredit } from './add-credit.ts';
export { ledgerEntriesOfParticipant, listLedgerEntries, recordLedgerEntry } from './ledger.ts';
export { ledgerCsv } from './ledger-csv.ts';
export type { LedgerEntryRow, LedgerKind } from './ledger-entries.table.ts';
export type { MonthStatement } from './month-statement.ts';
export { monthlyStatement } from './statement.ts';
