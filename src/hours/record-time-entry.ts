import type { Db } from '../platform/db/database.ts';
import { assertNoIssues, ConflictError, NotFoundError } from '../platform/errors.ts';
import { timeEntryTexts } from './locales/index.ts';
import { countedSeconds, type LocalDaySeconds, splitIntervalByLocalDay } from './split.ts';
import { addDailySeconds } from './store.ts';
import {
  entriesThatCouldOverlap,
  findSubmissionForTracking,
  insertTimeEntry,
  lockParticipantForTracking,
} from './time-entries.store.ts';
import type { TimeEntryRow } from './time-entries.table.ts';
import { validateTimeEntry } from './time-entry.ts';
import { readTimestamp } from './timestamp.ts';

export interface RecordedTimeEntry {
  entry: TimeEntryRow;
  /** The tracker timezone the days were counted in. */
  timezone: string;
  days: LocalDaySeconds[];
}

export const submissionNotFound = (id: string) =>
  new NotFoundError('Submission', id, [{ message: `You have no submission with id ${id}` }]);

/**
 * POST /v2/participant/time-entries. In one transaction: the person's row and the submission are
 * held, the entry is checked against the rules of docs/hours.md, inserted, and its seconds added
 * to the per-day rows of the hours report (split by the person's local days in their tracker
 * timezone as it is now).
 *
 * Order of refusals: another person's or an unknown submission is not found; a submission that is
 * not in progress a conflict (no times could be accepted, so they are not judged); then every
 * problem with the times in one ValidationError.
 */
export async function recordTimeEntry(
  db: Db,
  input: {
    participantId: string;
    submissionId: string;
    startedAt: string;
    endedAt: string;
    now: number;
  },
): Promise<RecordedTimeEntry> {
  return db.transaction().execute(async (trx) => {
    const participant = await lockParticipantForTracking(trx, input.participantId);
    if (!participant) throw submissionNotFound(input.submissionId);
    const submission = await findSubmissionForTracking(
      trx,
      input.participantId,
      input.submissionId,
    );
    if (!submission) throw submissionNotFound(input.submissionId);
    if (submission.status !== 'in_progress') {
      throw new ConflictError(timeEntryTexts.phrase('notInProgressNamed', { id: submission.id }), [
        {
          message: `Time can be recorded only while the submission is in progress; it is ${submission.status}`,
        },
      ]);
    }

    const started = readTimestamp(input.startedAt, 'started_at', { allowDate: false });
    const ended = readTimestamp(input.endedAt, 'ended_at', { allowDate: false });
    const existing =
      started.ok && ended.ok && ended.ms > started.ms
        ? await entriesThatCouldOverlap(trx, input.participantId, iso(started.ms), iso(ended.ms))
        : [];
    assertNoIssues(
      validateTimeEntry({
        startedAt: input.startedAt,
        endedAt: input.endedAt,
        now: input.now,
        workStartedAt: submission.started_at,
        submissionInProgress: true,
        existing: existing.map((e) => ({ startedAt: e.started_at, endedAt: e.ended_at })),
      }),
      timeEntryTexts.phrase('invalid'),
    );
    // validateTimeEntry accepted both instants, so the readings above are ok.
    if (!started.ok || !ended.ok) throw new Error('unreachable: validated instants');

    const now = iso(input.now);
    const days = splitIntervalByLocalDay(started.ms, ended.ms, participant.timezone);
    const entry = await insertTimeEntry(trx, {
      participantId: input.participantId,
      submissionId: submission.id,
      opportunityId: submission.opportunity_id,
      startedAt: iso(started.ms),
      endedAt: iso(ended.ms),
      seconds: countedSeconds(started.ms, ended.ms),
      now,
    });
    // A preview's test participant keeps its own entries, but its time is no one's hours
    // (docs/decisions/0080-previews-with-test-participants.md).
    if (!submission.test) {
      await addDailySeconds(trx, {
        opportunityId: submission.opportunity_id,
        participantId: input.participantId,
        submissionId: submission.id,
        timezone: participant.timezone,
        days,
        now,
      });
    }
    return { entry, timezone: participant.timezone, days };
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
