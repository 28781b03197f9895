import { csvLine } from '../platform/csv.ts';
import type { Db } from '../platform/db/database.ts';
import { readHoursReport } from './hours-report.ts';

/**
 * GET /v2/opportunities/{id}/hours.csv: the hours report of a window as CSV, one row per person
 * and local date (docs/hours.md). The report is bounded by its window (92 days at most), so it is
 * read whole, then written line by line.
 */
export async function hoursCsv(
  db: Db,
  input: { organizationId: string; opportunityId: string; from: unknown; to: unknown; now: number },
) {
  const report = await readHoursReport(db, input);
  async function* lines() {
    yield csvLine(['participant_id', 'submission_id', 'date', 'timezone', 'seconds', 'hours']);
    for (const row of report.data) {
      yield csvLine([
        row.participant_id,
        row.submission_id,
        row.date,
        row.timezone,
        row.seconds,
        row.hours,
      ]);
    }
  }
  return { filename: `${input.opportunityId}-hours.csv`, lines: lines() };
}
