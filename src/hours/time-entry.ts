import { type Issue, phraseIssue } from '../platform/errors.ts';
import { timeEntryTexts } from './locales/index.ts';
import { readTimestamp, type StoredInstant, storedInstantMs } from './timestamp.ts';

export interface TimeEntryCheck {
  /** From the client (`started_at`, `ended_at`): ISO 8601 timestamps with Z or an offset. */
  startedAt: unknown;
  endedAt: unknown;
  now: number;
  /** When work on the submission started (its move to in_progress); null if it never did. */
  workStartedAt: StoredInstant | null;
  /** Whether the submission is in_progress right now. */
  submissionInProgress: boolean;
  /** The same person's entries already recorded, on any submission: one person works once. */
  existing: { startedAt: StoredInstant; endedAt: StoredInstant }[];
}

export type { Issue };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The rules of POST /v2/participant/time-entries (docs/hours.md, "Time entry rules"), every
 * broken one listed:
 * started_at before ended_at, nothing in the future, nothing before the submission's work
 * started, only while the submission is in progress, and no overlap with the person's other
 * entries. Entries that only touch ([9:00, 10:00) then [10:00, 11:00)) do not overlap.
 * Ownership of the submission is the caller's check: it needs the database.
 */
export function validateTimeEntry(check: TimeEntryCheck): Issue[] {
  const issues: Issue[] = [];
  if (!check.submissionInProgress) {
    issues.push(phraseIssue(timeEntryTexts.phrase('notInProgress')));
  }
  const started = readTimestamp(check.startedAt, 'started_at', { allowDate: false });
  const ended = readTimestamp(check.endedAt, 'ended_at', { allowDate: false });
  if (!started.ok) issues.push({ message: started.message });
  if (!ended.ok) issues.push({ message: ended.message });

  const now = check.now;
  if (started.ok && started.ms > now) {
    issues.push(
      phraseIssue(timeEntryTexts.phrase('startedInFuture', { at: iso(started.ms), now: iso(now) })),
    );
  }
  if (ended.ok && ended.ms > now) {
    issues.push(
      phraseIssue(timeEntryTexts.phrase('endedInFuture', { at: iso(ended.ms), now: iso(now) })),
    );
  }
  if (started.ok && check.workStartedAt !== null) {
    const workStartedMs = storedInstantMs(check.workStartedAt);
    if (started.ms < workStartedMs) {
      issues.push(
        phraseIssue(
          timeEntryTexts.phrase('beforeWorkStarted', {
            at: iso(started.ms),
            workStarted: iso(workStartedMs),
          }),
        ),
      );
    }
  }
  if (!started.ok || !ended.ok) return issues;
  if (ended.ms <= started.ms) {
    issues.push(phraseIssue(timeEntryTexts.phrase('endBeforeStart')));
    return issues;
  }
  const overlapping = check.existing
    .map((entry) => ({
      startMs: storedInstantMs(entry.startedAt),
      endMs: storedInstantMs(entry.endedAt),
    }))
    .filter((entry) => entry.startMs < ended.ms && started.ms < entry.endMs)
    .sort((a, b) => a.startMs - b.startMs);
  for (const entry of overlapping) {
    issues.push(
      phraseIssue(
        timeEntryTexts.phrase('overlaps', { from: iso(entry.startMs), to: iso(entry.endMs) }),
      ),
    );
  }
  return issues;
}
