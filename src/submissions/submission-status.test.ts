import { describe, expect, it } from 'vitest';
import {
  SUBMISSION_LIFECYCLE_STATUSES,
  type SubmissionLifecycleStatus,
} from '../admission/index.ts';
import { isRejectionCategory, REJECTION_CATEGORIES } from './rejection-categories.ts';
import {
  type PayFrequency,
  planAbandon,
  planApprove,
  planDecline,
  planInvite,
  planReject,
  planRequestReturn,
  planStart,
  planSubmitTask,
  planTimeOut,
  planWithdrawOnStop,
} from './submission-status.ts';

type Table = Partial<Record<SubmissionLifecycleStatus, SubmissionLifecycleStatus>>;

function check(
  name: string,
  plan: (s: SubmissionLifecycleStatus) => { ok: boolean },
  allowed: Table,
) {
  describe(name, () => {
    it.each(SUBMISSION_LIFECYCLE_STATUSES.map((s) => [s, allowed[s] ?? null] as const))(
      'from %s -> %s',
      (from, to) => {
        const result = plan(from) as { ok: boolean; to?: string; code?: string; message?: string };
        if (to === null) {
          expect(result).toMatchObject({ ok: false, code: 'CONFLICT' });
          expect(result.message).toContain(from);
        } else {
          expect(result).toEqual({ ok: true, to });
        }
      },
    );
  });
}

check('invite', planInvite, { awaiting_decision: 'screen_passed' });
check('decline', planDecline, { awaiting_decision: 'screened_out' });
check('start', planStart, { screen_passed: 'in_progress' });
check('abandon', planAbandon, { screen_passed: 'abandoned', in_progress: 'abandoned' });
check('time out', planTimeOut, { screen_passed: 'abandoned', in_progress: 'abandoned' });
check('request a return (no move)', planRequestReturn, {
  screen_passed: 'screen_passed',
  in_progress: 'in_progress',
});
check('reject', planReject, { awaiting_review: 'rejected' });
check('withdraw on stop', planWithdrawOnStop, {
  screen_passed: 'abandoned',
  awaiting_decision: 'screened_out',
});
check(
  'submit the last available task',
  (status) => planSubmitTask({ status, taskStatus: 'available', otherAvailableCount: 0 }),
  {
    in_progress: 'awaiting_review',
  },
);
check(
  'submit one of several available tasks',
  (status) => planSubmitTask({ status, taskStatus: 'available', otherAvailableCount: 2 }),
  {
    in_progress: 'in_progress',
  },
);
check(
  'approve, all work accepted, one_time',
  (status) => planApprove({ status, remainingTaskCount: 0, payFrequency: 'one_time' }),
  {
    awaiting_review: 'approved',
  },
);
check(
  'approve with gated tasks remaining',
  (status) => planApprove({ status, remainingTaskCount: 1, payFrequency: 'one_time' }),
  {
    awaiting_review: 'in_progress',
  },
);

describe('approve on hourly and per-task opportunities', () => {
  it.each(['hourly', 'per_task'] as PayFrequency[])(
    '%s keeps the expert on the project',
    (payFrequency) => {
      expect(
        planApprove({ status: 'awaiting_review', remainingTaskCount: 0, payFrequency }),
      ).toEqual({ ok: true, to: 'in_progress' });
    },
  );
});

describe('submitting a task that is not available', () => {
  it.each(['locked', 'submitted', 'approved', 'rejected'])('refuses a %s task', (taskStatus) => {
    const result = planSubmitTask({ status: 'in_progress', taskStatus, otherAvailableCount: 0 });
    expect(result).toMatchObject({ ok: false, code: 'CONFLICT' });
  });
});

describe('rejection categories', () => {
  it('are the documented list exactly', () => {
    expect(REJECTION_CATEGORIES).toHaveLength(12);
    expect(isRejectionCategory('LOW_EFFORT')).toBe(true);
    expect(isRejectionCategory('low_effort')).toBe(false);
  });
});
