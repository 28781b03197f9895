import { PostgresAdapter } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { keysetPage } from '../platform/db/keyset.ts';
import { newId } from '../platform/ids.ts';
import type { TimeEntryRow } from './time-entries.table.ts';

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Holds the participant's row until the transaction ends, so two entries of one person are checked
 * for overlap one after the other and cannot both slip in. FOR NO KEY UPDATE rather than FOR UPDATE:
 * it does not block the key-share locks that inserts referencing the participant take (their
 * applications go on meanwhile). SQLite transactions already hold the single write lock. Returns
 * the tracker timezone as it is now, the one the entry's days are counted in.
 */
export async function lockParticipantForTracking(
  trx: Db,
  participantId: string,
): Promise<{ id: string; timezone: string } | undefined> {
  const query = trx
    .selectFrom('participants')
    .select(['id', 'timezone'])
    .where('id', '=', participantId);
  return (isPostgres(trx) ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

export interface TrackedSubmission {
  id: string;
  opportunity_id: string;
  status: string;
  started_at: string | null;
  /** 1 for a preview's test submission, whose time stays out of the hours report. */
  test: number;
}

/**
 * The participant's own submission, share-locked on PostgreSQL so its status cannot change (to
 * awaiting_review, abandoned) between the in-progress check and the entry's commit. Another
 * participant's submission is not found, exactly like an unknown id.
 */
export async function findSubmissionForTracking(
  trx: Db,
  participantId: string,
  submissionId: string,
): Promise<TrackedSubmission | undefined> {
  const query = trx
    .selectFrom('submissions')
    .select(['id', 'opportunity_id', 'status', 'started_at', 'test'])
    .where('id', '=', submissionId)
    .where('participant_id', '=', participantId);
  return (isPostgres(trx) ? query.forShare() : query).executeTakeFirst();
}

export interface RecordedSpan {
  started_at: string;
  ended_at: string;
}

/**
 * The person's entries that can overlap [startedAt, endedAt), on any submission, in two range reads
 * of time_entries_participant. A person's entries never overlap one another (this check keeps it
 * so), so ordered by start they are also ordered by end: of the entries starting before
 * `startedAt` only the latest can reach into the new one, and every other candidate starts inside
 * it. Nothing else is read however long the person's history.
 */
export async function entriesThatCouldOverlap(
  trx: Db,
  participantId: string,
  startedAt: string,
  endedAt: string,
): Promise<RecordedSpan[]> {
  const before = await trx
    .selectFrom('time_entries')
    .select(['started_at', 'ended_at'])
    .where('participant_id', '=', participantId)
    .where('started_at', '<', startedAt)
    .orderBy('started_at', 'desc')
    .limit(1)
    .execute();
  const inside = await trx
    .selectFrom('time_entries')
    .select(['started_at', 'ended_at'])
    .where('participant_id', '=', participantId)
    .where('started_at', '>=', startedAt)
    .where('started_at', '<', endedAt)
    .orderBy('started_at')
    .execute();
  return [...before, ...inside];
}

export async function insertTimeEntry(
  trx: Db,
  entry: {
    participantId: string;
    submissionId: string;
    opportunityId: string;
    startedAt: string;
    endedAt: string;
    seconds: number;
    now: string;
  },
): Promise<TimeEntryRow> {
  return trx
    .insertInto('time_entries')
    .values({
      id: newId('timeEntry'),
      participant_id: entry.participantId,
      submission_id: entry.submissionId,
      opportunity_id: entry.opportunityId,
      started_at: entry.startedAt,
      ended_at: entry.endedAt,
      seconds: entry.seconds,
      created_at: entry.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A person's entries, latest first, optionally on one submission. A person's entries never
 * overlap, so `started_at` alone is a unique keyset and each page is one range of
 * time_entries_participant.
 */
export async function listTimeEntries(
  db: Db,
  page: { participantId: string; submissionId?: string; cursor?: string; limit: number },
): Promise<TimeEntryRow[]> {
  let query = db
    .selectFrom('time_entries')
    .selectAll()
    .where('participant_id', '=', page.participantId);
  if (page.submissionId) query = query.where('submission_id', '=', page.submissionId);
  return keysetPage(query, 'started_at', 'desc', page).execute();
}

export async function participantOwnsSubmission(
  db: Db,
  participantId: string,
  submissionId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('submissions')
    .select('id')
    .where('id', '=', submissionId)
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every time entry of one participant, oldest first (a participant's data export). */
export async function timeEntriesOfParticipant(db: Db, participantId: string) {
  return db
    .selectFrom('time_entries')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('started_at')
    .orderBy('id')
    .execute();
}
