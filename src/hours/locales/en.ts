/**
 * The time entry problems a participant can meet in the app's time log (src/hours/time-entry.ts);
 * the English is the API's, word for word. Instants are ISO 8601 in UTC in every language, as the
 * API gives them.
 */
export const en = {
  invalid: 'The time entry is invalid',
  notInProgressNamed: 'Submission {id} is not in progress',
  notInProgress: 'Time can be recorded only while the submission is in progress',
  startedInFuture: 'started_at {at} is in the future (now {now})',
  endedInFuture: 'ended_at {at} is in the future (now {now})',
  beforeWorkStarted: 'started_at {at} is before work on this submission started ({workStarted})',
  endBeforeStart: 'ended_at must be after started_at',
  overlaps: 'Overlaps time already recorded from {from} to {to}',
} as const;
