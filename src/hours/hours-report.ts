import type { Db } from '../platform/db/database.ts';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { aggregateHoursRows, type HoursReport } from './aggregate.ts';
import { ownsOpportunity, readDailyHours } from './store.ts';
import { candidateDatesForWindow, parseHoursWindow } from './window.ts';

/**
 * GET /v2/opportunities/{id}/hours (docs/hours.md): the pre-aggregated per-day rows of every date
 * that can open inside the window in any zone, then kept per row by its own timezone and summed
 * into the hours report. Nothing reads raw time entries.
 */
export async function readHoursReport(
  db: Db,
  input: {
    organizationId: string;
    opportunityId: string;
    from: unknown;
    to: unknown;
    now: number;
  },
): Promise<HoursReport> {
  const window = parseHoursWindow(input.from, input.to);
  if (!window.ok) throw new ValidationError('The hours window is invalid', window.issues);
  if (!(await ownsOpportunity(db, input.organizationId, input.opportunityId))) {
    throw new NotFoundError('Opportunity', input.opportunityId);
  }
  const { firstDate, lastDate } = candidateDatesForWindow(window.fromMs, window.toMs);
  const rows = await readDailyHours(db, {
    opportunityId: input.opportunityId,
    firstDate,
    lastDate,
  });
  return aggregateHoursRows({ rows, window, asOf: input.now });
}
