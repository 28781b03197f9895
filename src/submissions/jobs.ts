import { Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

/**
 * The submission job kinds, apart from their handlers (time-out.job.ts, auto-approve.job.ts): the
 * two clocks of a place (docs/decisions/0086-auto-approval.md). Each is one recurring job that
 * looks, every round, for what fell due by the server clock, so what fell due while no worker ran
 * is done when one starts.
 */

const NoPayload = Type.Object({}, { additionalProperties: false });

/** Places held for work past their opportunity's max_minutes_per_submission: timed out. */
export const submissionTimeOut = declareJob({
  kind: 'submissions.time-out',
  payload: NoPayload,
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  recurring: { payload: {} },
});

/** Work awaiting review past its opportunity's auto_approve_after_days: approved. */
export const submissionAutoApproval = declareJob({
  kind: 'submissions.auto-approve',
  payload: NoPayload,
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  recurring: { payload: {} },
});
