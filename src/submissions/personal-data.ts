import type { Db } from '../platform/db/database.ts';
import type { FileStore } from '../platform/storage/index.ts';
import type { SubmissionTaskRow } from './submission-tasks.table.ts';
import type { SubmissionRow } from './submissions.table.ts';

/**
 * What submissions hold about one participant, read for an export and scrubbed by an erasure
 * (docs/participant-data.md). The rules of what goes are the caller's (src/participants/erase.ts).
 */

export interface HeldSubmission {
  submission: SubmissionRow;
  opportunityTitle: string;
  /** The opportunity's screener as stored (JSON text), to tell option answers from written ones. */
  screener: string;
  tasks: SubmissionTaskRow[];
}

export async function submissionsHeldFor(db: Db, participantId: string): Promise<HeldSubmission[]> {
  const rows = await db
    .selectFrom('submissions as s')
    .innerJoin('opportunities as o', 'o.id', 's.opportunity_id')
    .selectAll('s')
    .select(['o.title as opportunity_title', 'o.screening_questions as screener'])
    .where('s.participant_id', '=', participantId)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  if (rows.length === 0) return [];
  const tasks = await db
    .selectFrom('submission_tasks')
    .selectAll()
    .where(
      'submission_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('submission_id')
    .orderBy('sequence')
    .execute();
  return rows.map(({ opportunity_title, screener, ...submission }) => ({
    submission,
    opportunityTitle: opportunity_title,
    screener,
    tasks: tasks.filter((task) => task.submission_id === submission.id),
  }));
}

/** Submissions of this participant holding a place for work (the ones an erasure returns). */
export async function heldPlacesOf(db: Db, participantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('submissions')
    .select('id')
    .where('participant_id', '=', participantId)
    .where('status', 'in', ['screen_passed', 'in_progress'])
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Rewrites one submission's content in the caller's transaction: the screener answers given, no
 * network fingerprint; its tasks keep their status and times, without notes or files.
 */
export async function scrubSubmission(
  trx: Db,
  submissionId: string,
  screeningAnswers: string,
): Promise<void> {
  await trx
    .updateTable('submissions')
    .set({ screening_answers: screeningAnswers, network_fingerprint: null })
    .where('id', '=', submissionId)
    .execute();
  await trx
    .updateTable('submission_tasks')
    .set({ notes: null, files: '[]' })
    .where('submission_id', '=', submissionId)
    .execute();
}

/**
 * Erases every uploaded file of these submissions from the uploads store: `<submission>/` holds
 * them all (uploads.ts), so a second run, or one after a crash between the database and the store,
 * still finds what is left. On disk each file is overwritten with zeros and flushed before it is
 * unlinked (platform/storage/disk-store.ts; docs/participant-data.md says where that is not enough).
 */
export async function removeUploadsOf(
  store: FileStore,
  submissionIds: readonly string[],
): Promise<number> {
  let removed = 0;
  for (const id of submissionIds) removed += await store.eraseUnder(`${id}/`);
  return removed;
}
