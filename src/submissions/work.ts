import {
  autoApproveAt,
  isDue,
  type SubmissionLifecycleStatus,
  unenrolledPlaceDeadline,
  workDeadline,
} from '../admission/index.ts';
import { recordLedgerEntry } from '../finance/index.ts';
import type { OpportunityRow } from '../opportunities/index.ts';
import {
  closedPlaceRefundCents,
  fileUploadSettings,
  findOpportunityForParticipant,
  lockOpportunity,
  opportunityParts,
  timeLimitsOf,
} from '../opportunities/index.ts';
import type { Db } from '../platform/db/database.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import type { Phrase } from '../platform/i18n/catalog.ts';
import { checkUploadedFiles } from './file-upload.ts';
import { submissionTexts } from './locales/index.ts';
import { changeSubmissionStatus } from './status-change.ts';
import {
  findParticipantSubmission,
  insertSubmissionTask,
  lockSubmission,
  submissionTasksFor,
} from './store.ts';
import { planAbandon, planStart, planSubmitTask, planTimeOut } from './submission-status.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { submissionTaskProgress } from './task-progress-store.ts';

export const submissionNotFound = (id: string) =>
  new NotFoundError('Submission', id, [{ message: `You have no submission with id ${id}` }]);

/** A file as stored for a file_upload task (submission_tasks.files). */
export interface StoredFile {
  id: string;
  name: string;
  mime_type: string;
  size_bytes: number;
  /** Relative to the uploads directory. */
  path: string;
}

interface Held {
  opportunity: OpportunityRow;
  submission: SubmissionRow;
}

/**
 * Runs a participant's change to their own submission in one transaction holding the opportunity
 * and then the submission (the same order as every other change to places, so no deadlock).
 *
 * A place held past its time limit is timed out first, whether or not the job has come by yet
 * (docs/decisions/0084-time-limits.md): the time-out commits and the change is refused.
 */
async function withOwnSubmission<T>(
  db: Db,
  participantId: string,
  submissionId: string,
  now: Date,
  change: (trx: Db, held: Held) => Promise<T>,
): Promise<T> {
  const seen = await findParticipantSubmission(db, participantId, submissionId);
  if (!seen) throw submissionNotFound(submissionId);
  const outcome = await db.transaction().execute(async (trx) => {
    const opportunity = await lockOpportunity(trx, seen.organization_id, seen.opportunity_id);
    const submission = await lockSubmission(trx, submissionId);
    if (!opportunity || !submission) throw submissionNotFound(submissionId);
    if (await timeOutHeld(trx, { opportunity, submission }, now)) {
      return { timedOut: submission.deadline_at! };
    }
    return { value: await change(trx, { opportunity, submission }) };
  });
  if ('timedOut' in outcome) {
    throw new ConflictError(submissionTexts.phrase('timeLimitPassed'), [
      {
        message: `It timed out at ${outcome.timedOut} and its place went back to recruitment (abandoned, abandoned_reason timed_out)`,
      },
    ]);
  }
  return outcome.value;
}

/**
 * Times out a submission held by its caller (opportunity, then submission, locked) when its time
 * limit has passed: abandoned with reason timed_out, the place freed for the next applicant, or
 * refunded when the opportunity has closed. Answers whether it did; anything not due is left.
 */
export async function timeOutHeld(trx: Db, held: Held, now: Date): Promise<boolean> {
  const { opportunity, submission } = held;
  if (!isDue(submission.deadline_at, now)) return false;
  const plan = planTimeOut(submission.status as SubmissionLifecycleStatus);
  if (!plan.ok) return false;
  await changeSubmissionStatus(trx, submission, plan.to, {
    abandoned_reason: 'timed_out',
    closed_reason: `timed out: the time limit passed at ${submission.deadline_at}`,
  });
  await refundClosedPlace(trx, opportunity, submission, plan.to);
  return true;
}

/**
 * The plan's refusal as a 409; `said` gives it in a participant's language, used only while its
 * English is the plan's own message, so the API's text never changes.
 */
function refuseUnless<S extends string>(
  plan: { ok: true; to: S } | { ok: false; message: string },
  said?: () => Phrase,
): S {
  if (!plan.ok) {
    const phrase = said?.();
    throw new ConflictError(phrase?.english === plan.message ? phrase : plan.message);
  }
  return plan.to;
}

/**
 * The limits a multipart upload is streamed under, before the submission is checked whole: not
 * found for someone else's submission or an unknown task, invalid when the task takes no files.
 */
export async function uploadLimitsFor(
  db: Db,
  input: { participantId: string; submissionId: string; sequence: number },
): Promise<{ maxFiles: number; maxFileSizeBytes: number }> {
  const { submissionId, sequence } = input;
  const row = await findParticipantSubmission(db, input.participantId, submissionId);
  if (!row) throw submissionNotFound(submissionId);
  const opportunity = await findOpportunityForParticipant(db, row.opportunity_id);
  const task =
    opportunity && opportunityParts(opportunity).tasks.find((t) => t.sequence === sequence);
  if (!task) throw taskNotFound(submissionId, sequence);
  if (task.task_type !== 'file_upload') {
    throw new ValidationError(`Task ${sequence} is ${task.task_type}; send JSON {"notes": "..."}`);
  }
  const settings = fileUploadSettings(task);
  return { maxFiles: settings.max_files, maxFileSizeBytes: settings.max_file_size_bytes };
}

const taskNotFound = (submissionId: string, sequence: number) =>
  new NotFoundError('Task', String(sequence), [
    { message: `Submission ${submissionId} has no task ${sequence}` },
  ]);

/** screen_passed to in_progress, on a submission held by withOwnSubmission. */
function startHeld(trx: Db, submission: SubmissionRow, now: Date): Promise<SubmissionRow> {
  const to = refuseUnless(planStart(submission.status as SubmissionLifecycleStatus), () =>
    submissionTexts.phrase('cannotStart', { status: submission.status }),
  );
  return changeSubmissionStatus(trx, submission, to, { started_at: now.toISOString() });
}

/** screen_passed to in_progress (docs/decisions/0031-submission-lifecycle.md). */
export async function startSubmission(
  db: Db,
  input: { participantId: string; submissionId: string; now: Date },
): Promise<SubmissionRow> {
  return withOwnSubmission(
    db,
    input.participantId,
    input.submissionId,
    input.now,
    (trx, { submission }) => startHeld(trx, submission, input.now),
  );
}

/** One task's work as the participant hands it in. */
interface TaskWork {
  sequence: number;
  notes: string | null;
  /** Present for file_upload tasks: already written to storage by the caller. */
  files?: StoredFile[];
  now: Date;
}

/** Hands in one task of a submission held by withOwnSubmission (see submitTask). */
async function submitHeld(
  trx: Db,
  { opportunity, submission }: Held,
  work: TaskWork,
): Promise<SubmissionRow> {
  const parts = opportunityParts(opportunity);
  const rows = (await submissionTasksFor(trx, [submission.id])).get(submission.id) ?? [];
  const progress = submissionTaskProgress(parts.tasks, rows, work.now);
  const task = progress.find((t) => t.sequence === work.sequence);
  if (!task) throw taskNotFound(submission.id, work.sequence);
  const to = refuseUnless(
    planSubmitTask({
      status: submission.status as SubmissionLifecycleStatus,
      taskStatus: task.status,
      otherAvailableCount: progress.filter(
        (t) => t.sequence !== work.sequence && t.status === 'available',
      ).length,
    }),
    () =>
      submission.status === 'in_progress'
        ? submissionTexts.phrase('taskNotAvailable', { status: task.status })
        : submissionTexts.phrase('submitOnlyInProgress', { status: submission.status }),
  );
  const files = work.files ?? [];
  if (task.task.task_type === 'file_upload') {
    const issues = checkUploadedFiles(
      fileUploadSettings(task.task),
      files.map((f) => ({ mimeType: f.mime_type, sizeBytes: f.size_bytes, name: f.name })),
    );
    if (issues.length > 0)
      throw new ValidationError(submissionTexts.phrase('filesDoNotFit'), issues);
  } else if (files.length > 0) {
    throw new ValidationError(`Task ${work.sequence} is ${task.task.task_type}; it takes no files`);
  }
  await insertSubmissionTask(trx, {
    submissionId: submission.id,
    sequence: work.sequence,
    notes: work.notes,
    files,
  });
  if (to === submission.status) return submission;
  return changeSubmissionStatus(trx, submission, to, {
    submitted_at: work.now.toISOString(),
    // The review clock starts (docs/decisions/0085-returns-and-replacement.md).
    auto_approve_at: autoApproveAt(work.now, opportunity.auto_approve_after_days),
  });
}

/** A second hand-in of one task, racing past the checks, meets the table's unique key. */
async function refusingResubmission<T>(sequence: number, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError(
        submissionTexts.phrase('taskAlreadySubmitted', { sequence: String(sequence) }),
      );
    }
    throw error;
  }
}

/**
 * Hands in one task. Submitting the last task available now sends the whole submission to review
 * (docs/decisions/0061-work-and-uploads.md); tasks behind a gate open once the customer approves
 * what they wait for.
 */
export async function submitTask(
  db: Db,
  input: TaskWork & { participantId: string; submissionId: string },
): Promise<SubmissionRow> {
  return refusingResubmission(input.sequence, () =>
    withOwnSubmission(db, input.participantId, input.submissionId, input.now, (trx, held) =>
      submitHeld(trx, held, input),
    ),
  );
}

/**
 * startSubmission, when the submission is still screen_passed, then submitTask, in one
 * transaction: a refused hand-in leaves the submission unstarted (completion codes,
 * complete-by-code.ts).
 */
export async function startAndSubmitTask(
  db: Db,
  input: TaskWork & { participantId: string; submissionId: string },
): Promise<SubmissionRow> {
  return refusingResubmission(input.sequence, () =>
    withOwnSubmission(db, input.participantId, input.submissionId, input.now, async (trx, held) => {
      const submission =
        held.submission.status === 'screen_passed'
          ? await startHeld(trx, held.submission, input.now)
          : held.submission;
      return submitHeld(trx, { opportunity: held.opportunity, submission }, input);
    }),
  );
}

/**
 * The participant gives the place back (POST /participant/submissions/{id}/return): abandoned with
 * reason returned. The place goes back to recruitment at once; after a stop or an expiry nobody
 * can take it, so its cost goes back to the organization
 * (docs/decisions/0085-returns-and-replacement.md).
 */
export async function returnSubmission(
  db: Db,
  input: { participantId: string; submissionId: string; now: Date },
): Promise<SubmissionRow> {
  return withOwnSubmission(
    db,
    input.participantId,
    input.submissionId,
    input.now,
    async (trx, { opportunity, submission }) => {
      const to = refuseUnless(planAbandon(submission.status as SubmissionLifecycleStatus), () =>
        submissionTexts.phrase('cannotReturn', { status: submission.status }),
      );
      const updated = await changeSubmissionStatus(trx, submission, to, {
        abandoned_reason: 'returned',
        closed_reason: 'returned by the participant',
      });
      await refundClosedPlace(trx, opportunity, submission, to);
      return updated;
    },
  );
}

/**
 * POST /participant/submissions/{id}/abandon, the older name of a return: the same move, recorded
 * the same way (docs/decisions/0085-returns-and-replacement.md).
 */
export const abandonSubmission = returnSubmission;

/**
 * When a place this opportunity gives out at `from` times out
 * (docs/decisions/0085-returns-and-replacement.md): its limit, in force or by default; null where
 * no limit runs.
 */
export function heldPlaceDeadline(opportunity: OpportunityRow, from: Date): string | null {
  const limits = timeLimitsOf({ ...opportunity, tasks: opportunityParts(opportunity).tasks });
  return workDeadline({
    from,
    maxMinutes: limits.maxMinutesPerSubmission,
    payFrequency: opportunity.pay_frequency,
  });
}

/**
 * When a place this opportunity gives out at `from` (an applicant passing the screener, or
 * invited from the waiting list) times out. On a scheduled study it waits for an enrollment only
 * so long (docs/decisions/0185-enrolling-to-hold-a-place.md): enrolling in a session moves it on.
 */
export function placeTakenDeadline(opportunity: OpportunityRow, from: Date): string | null {
  const limit = heldPlaceDeadline(opportunity, from);
  return Number(opportunity.scheduled) === 1 ? unenrolledPlaceDeadline(limit, from) : limit;
}

/** closedPlaceRefundCents through the ledger: one place's cost when it can no longer be filled. */
export async function refundClosedPlace(
  trx: Db,
  opportunity: OpportunityRow,
  submission: SubmissionRow,
  to: string,
): Promise<void> {
  // A test submission never held a paid place (docs/decisions/0081-test-work-changes-nothing.md).
  if (submission.test) return;
  const refund = closedPlaceRefundCents({
    opportunityStatus: opportunity.status,
    from: submission.status,
    to,
    costPerParticipantCents: Number(opportunity.cost_per_participant_cents),
  });
  if (refund === 0) return;
  await recordLedgerEntry(trx, {
    organizationId: opportunity.organization_id,
    kind: 'rejection_refund',
    amountCents: refund,
    opportunityId: opportunity.id,
    submissionId: submission.id,
    participantId: submission.participant_id,
    memo: `Place refunded: submission ${to} after the opportunity closed (${opportunity.status})`,
  });
}
