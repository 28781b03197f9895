import type { SubmissionLifecycleStatus, SubmissionStatus } from '../admission/index.ts';
import { moveTo, refuse, type Transition } from '../platform/transition.ts';

export type PayFrequency = 'one_time' | 'hourly' | 'per_task';

type Plan = Transition<SubmissionLifecycleStatus>;

function notAwaitingDecision(action: string, status: SubmissionLifecycleStatus): Plan {
  return refuse(`Only an applicant awaiting a decision can be ${action}; this one is ${status}`);
}

export function planInvite(status: SubmissionLifecycleStatus): Plan {
  return status === 'awaiting_decision'
    ? moveTo('screen_passed')
    : notAwaitingDecision('invited', status);
}

/** Contract 3.2: decline of anything not awaiting a decision, already decided included, is 409. */
export function planDecline(status: SubmissionLifecycleStatus): Plan {
  return status === 'awaiting_decision'
    ? moveTo('screened_out')
    : notAwaitingDecision('declined', status);
}

/** The participant starts work (docs/decisions/0031-submission-lifecycle.md). */
export function planStart(status: SubmissionLifecycleStatus): Plan {
  if (status === 'screen_passed') return moveTo('in_progress');
  return refuse(`Only a screen_passed submission can be started; this one is ${status}`);
}

/**
 * The participant submits one task. The caller says whether the task is available now and how
 * many other tasks would still be available afterwards: submitting the last available task
 * sends the submission to review.
 */
export function planSubmitTask(input: {
  status: SubmissionLifecycleStatus;
  taskStatus: string;
  /** Tasks other than this one that are available to do now. */
  otherAvailableCount: number;
}): Plan {
  if (input.status !== 'in_progress') {
    return refuse(
      `Tasks can be submitted only while in_progress; this submission is ${input.status}`,
    );
  }
  if (input.taskStatus !== 'available') {
    return refuse(`This task is ${input.taskStatus} and cannot be submitted`);
  }
  return moveTo(input.otherAvailableCount > 0 ? 'in_progress' : 'awaiting_review');
}

/**
 * The participant gives the place back (return, or its older name abandon:
 * docs/decisions/0085-returns-and-replacement.md); work already submitted for review cannot be
 * withdrawn.
 */
export function planAbandon(status: SubmissionLifecycleStatus): Plan {
  if (status === 'screen_passed' || status === 'in_progress') return moveTo('abandoned');
  return refuse(`A submission that is ${status} cannot be returned`);
}

/** The time limit passed while the place was held for work: abandoned, reason timed_out. */
export function planTimeOut(status: SubmissionLifecycleStatus): Plan {
  if (status === 'screen_passed' || status === 'in_progress') return moveTo('abandoned');
  return refuse(`A submission that is ${status} does not time out`);
}

/**
 * The researcher asks for the place back: only a place held for work can be returned. Not a move
 * (the status stays); the participant decides.
 */
export function planRequestReturn(status: SubmissionLifecycleStatus): Plan {
  if (status === 'screen_passed' || status === 'in_progress') return moveTo(status);
  return refuse(
    `Only a submission holding a place for work (screen_passed or in_progress) can be asked to return it; this one is ${status}`,
  );
}

/**
 * Contract 3.2: approved when all work is now accepted, in_progress when tasks remain or the
 * opportunity pays hourly or per task (payment then comes through payout runs).
 */
export function planApprove(input: {
  status: SubmissionLifecycleStatus;
  /** Tasks not yet approved once the submitted ones are (locked gated tasks included). */
  remainingTaskCount: number;
  payFrequency: PayFrequency;
}): Plan {
  if (input.status !== 'awaiting_review') {
    return refuse(`Only a submission awaiting review can be approved; this one is ${input.status}`);
  }
  if (input.remainingTaskCount > 0 || input.payFrequency !== 'one_time') {
    return moveTo('in_progress');
  }
  return moveTo('approved');
}

export function planReject(status: SubmissionLifecycleStatus): Plan {
  if (status === 'awaiting_review') return moveTo('rejected');
  return refuse(`Only a submission awaiting review can be rejected; this one is ${status}`);
}

/**
 * Stop and expiry (docs/decisions/0030-opportunity-lifecycle.md): invitations not yet started are
 * withdrawn (the submission becomes abandoned) and waiting applicants are declined. Work already
 * under way continues; those submissions refuse, and the caller leaves them as they are.
 */
export function planWithdrawOnStop(status: SubmissionLifecycleStatus): Plan {
  if (status === 'screen_passed') return moveTo('abandoned');
  if (status === 'awaiting_decision') return moveTo('screened_out');
  return refuse(`A submission that is ${status} is not withdrawn by a stop`);
}

/** Statuses no move leaves. */
export const FINAL_SUBMISSION_STATUSES: readonly SubmissionStatus[] = [
  'screened_out',
  'approved',
  'rejected',
  'abandoned',
];
