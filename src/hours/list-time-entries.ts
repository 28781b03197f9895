import type { Db } from '../platform/db/database.ts';
import { submissionNotFound } from './record-time-entry.ts';
import { listTimeEntries, participantOwnsSubmission } from './time-entries.store.ts';
import type { TimeEntryRow } from './time-entries.table.ts';

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
