import type { Db } from '../../store/database.ts';
import type { TimeEntryRow } from '../../store/tables/time-entries.table.ts';
import { listTimeEntries, participantOwnsSubmission } from '../../store/time-entries.ts';
import { submissionNotFound } from './record-time-entry.ts';

/** GET /v2/participant/time-entries: the person's own entries, latest first, `limit + 1` rows. */
export async function listOwnTimeEntries(
  db: Db,
  page: { participantId: string; submissionId?: string; cursor?: string; limit: number },
): Promise<TimeEntryRow[]> {
  if (
    page.submissionId !== undefined &&
    !(await participantOwnsSubmission(db, page.participantId, page.submissionId))
  ) {
    throw submissionNotFound(page.submissionId);
  }
  return listTimeEntries(db, page);
}
