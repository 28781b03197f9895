import { Type } from 'typebox';
import { declareJob, exponentialBackoff } from '../platform/jobs/define.ts';

/**
 * The one recurring job of the weekly payout schedule (docs/decisions/0088-payout-runs.md): each
 * round pays the opportunities whose last run (or launch) is a week old, then waits an hour.
 */
export const weeklyPayoutRuns = declareJob({
  kind: 'payout-runs.weekly',
  payload: Type.Object({}, { additionalProperties: false }),
  maxAttempts: 20,
  backoffMs: exponentialBackoff,
  recurring: { payload: {} },
});
