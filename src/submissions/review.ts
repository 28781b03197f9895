import {
  countTakenPlaces,
  freePlaces,
  isDue,
  nextTaskOpening,
  PLACE_TAKING_STATUSES,
  quotaCounterKeys,
  type SubmissionLifecycleStatus,
  statusCounterKey,
} from '../admission/index.ts';
import { type AuditActor, recordActorEvent } from '../audit/index.ts';
import { recordLedgerEntry } from '../finance/index.ts';
import { queueMail } from '../mail/index.ts';
import type { OpportunityRow } from '../opportunities/index.ts';
import { localizedOpportunity, lockOpportunity, opportunityParts } from '../opportunities/index.ts';
import { findParticipant } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import type { CrossQuota, Quota } from '../screening/index.ts';
import { quotaAdmission } from '../screening/index.ts';
import { invitationMail } from './invitation-mail.ts';
import { changeSubmissionStatus } from './status-change.ts';
import {
  findOwnedSubmission,
  lockSubmission,
  readCounterValues,
  reviewSubmittedTasks,
  submissionTasksFor,
} from './store.ts';
import {
  type PayFrequency,
  planApprove,
  planDecline,
  planInvite,
  planReject,
} from './submission-status.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { remainingTaskCountAfterApproval } from './task-progress.ts';
import { progressInput, submissionTaskProgress } from './task-progress-store.ts';
import { heldPlaceDeadline, placeTakenDeadline, refundClosedPlace } from './work.ts';

interface Held {
  opportunity: OpportunityRow;
  submission: SubmissionRow;
}

/**
 * Runs a customer decision in one transaction holding the opportunity, then the submission: the
 * order every change to places takes, so decisions, applications and work never interleave on
 * one opportunity.
 */
export async function decide<T>(
  db: Db,
  organizationId: string,
  submissionId: string,
  change: (trx: Db, held: Held) => Promise<T>,
  audit?: { actor?: AuditActor; action: string; details?: Record<string, unknown> },
): Promise<T> {
  const seen = await findOwnedSubmission(db, organizationId, submissionId);
  if (!seen) throw new NotFoundError('Submission', submissionId);
  return db.transaction().execute(async (trx) => {
    const opportunity = await lockOpportunity(trx, organizationId, seen.opportunity_id);
    const submission = await lockSubmission(trx, submissionId);
    if (!opportunity || !submission) throw new NotFoundError('Submission', submissionId);
    const changed = await change(trx, { opportunity, submission });
    if (audit) {
      await recordActorEvent(trx, audit.actor, {
        organizationId,
        action: audit.action,
        subjectType: 'submission',
        subjectId: submissionId,
        details: audit.details,
      });
    }
    return changed;
  });
}

function refuseUnless<S extends string>(
  plan: { ok: true; to: S } | { ok: false; message: string },
): S {
  if (!plan.ok) throw new ConflictError(plan.message);
  return plan.to;
}

/** Cells that cap: a maximum target, and the maximum half of an exact one. */
function capsOnly(quotas: readonly Quota[], crossQuotas: readonly CrossQuota[]) {
  return {
    quotas: quotas.map((quota) => ({
      ...quota,
      targets: quota.targets
        .filter((target) => target.type !== 'minimum')
        .map((target) => ({ ...target, type: 'maximum' as const })),
    })),
    crossQuotas: crossQuotas
      .filter((cell) => cell.quota_type !== 'minimum')
      .map((cell) => ({ ...cell, quota_type: 'maximum' as const })),
  };
}

/**
 * POST /submissions/{id}/invite: the applicant takes a place. The customer's choice overrides the
 * minimum-target planning that screens applicants out automatically, but not a full place list or
 * a full maximum or exact quota cell (a ConflictError either way).
 */
export async function inviteApplicant(
  db: Db,
  input: {
    organizationId: string;
    submissionId: string;
    now: Date;
    publicUrl: string;
    actor?: AuditActor;
  },
): Promise<SubmissionRow> {
  return decide(
    db,
    input.organizationId,
    input.submissionId,
    async (trx, held) => {
      const { opportunity, submission } = held;
      const to = refuseUnless(planInvite(submission.status as SubmissionLifecycleStatus));
      // A test applicant takes no place: invited in any status, past full places and quotas, and
      // not mailed (docs/decisions/0081-test-work-changes-nothing.md).
      if (submission.test) {
        return changeSubmissionStatus(trx, submission, to, {
          decided_at: input.now.toISOString(),
          deadline_at: placeTakenDeadline(opportunity, input.now),
        });
      }
      if (!['active', 'paused', 'fulfilled'].includes(opportunity.status)) {
        throw new ConflictError(
          `The opportunity is ${opportunity.status}; it no longer takes participants`,
        );
      }
      const parts = opportunityParts(opportunity);
      const caps = capsOnly(parts.quotas, parts.crossQuotas);
      const counts = await readCounterValues(trx, opportunity.id, [
        ...PLACE_TAKING_STATUSES.map(statusCounterKey),
        ...quotaCounterKeys(caps.quotas, caps.crossQuotas),
      ]);
      const byStatus = Object.fromEntries(
        PLACE_TAKING_STATUSES.map((s) => [s, counts[statusCounterKey(s)] ?? 0]),
      );
      const placesRemaining = freePlaces(opportunity.num_participants, countTakenPlaces(byStatus));
      if (placesRemaining === 0) {
        throw new ConflictError('No place is free on this opportunity', [
          {
            message: `All ${opportunity.num_participants} places are taken; a place frees when a submission is rejected or abandoned`,
          },
        ]);
      }
      const admission = quotaAdmission({
        ...caps,
        counts,
        answers: JSON.parse(submission.screening_answers),
        placesRemaining,
      });
      if (!admission.admitted) {
        throw new ConflictError('A quota this applicant falls in is full', [
          { message: admission.reason ?? 'quota full' },
        ]);
      }
      const invited = await changeSubmissionStatus(trx, submission, to, {
        decided_at: input.now.toISOString(),
        deadline_at: placeTakenDeadline(opportunity, input.now),
      });
      // The applicant hears of it by mail, sent if and only if the invitation commits.
      const participant = await findParticipant(trx, submission.participant_id);
      if (participant) {
        await queueMail(trx, {
          kind: 'invitation',
          ...invitationMail({
            to: participant.email,
            name: participant.name,
            studyTitle: localizedOpportunity(opportunity, participant.language).title,
            publicUrl: input.publicUrl,
            submissionId: submission.id,
            language: participant.language,
          }),
        });
      }
      return invited;
    },
    { actor: input.actor, action: 'submission.applicant_invited' },
  );
}

/** POST /submissions/{id}/decline: screened_out; a ConflictError when not awaiting a decision. */
export async function declineApplicant(
  db: Db,
  input: { organizationId: string; submissionId: string; now: Date; actor?: AuditActor },
): Promise<SubmissionRow> {
  return decide(
    db,
    input.organizationId,
    input.submissionId,
    (trx, { submission }) => {
      const to = refuseUnless(planDecline(submission.status as SubmissionLifecycleStatus));
      return changeSubmissionStatus(trx, submission, to, { decided_at: input.now.toISOString() });
    },
    { actor: input.actor, action: 'submission.applicant_declined' },
  );
}

/**
 * POST /submissions/{id}/approve (docs/decisions/0059-review-of-applicants-and-submissions.md): the
 * submitted tasks are approved; with nothing left to do the submission is approved and the
 * participant paid the incentive, which the launch charge already took from the organization (so
 * the organization amount is 0). With gated tasks left, or on an hourly or per-task opportunity, it
 * goes back to in_progress, and the time limit runs again from when the next task opens.
 *
 * `automatic`: the auto-approval job's approval of work left awaiting review past its time
 * (docs/decisions/0086-auto-approval.md), the same in every respect but that the ledger and
 * the submission say so; a ConflictError when, under the lock, it is no longer due.
 */
export async function approveSubmission(
  db: Db,
  input: {
    organizationId: string;
    submissionId: string;
    now: Date;
    automatic?: boolean;
    actor?: AuditActor;
  },
): Promise<SubmissionRow> {
  return decide(
    db,
    input.organizationId,
    input.submissionId,
    async (trx, held) => {
      const { opportunity, submission } = held;
      if (input.automatic && !isDue(submission.auto_approve_at, input.now)) {
        throw new ConflictError(`Submission ${submission.id} is not due for automatic approval`);
      }
      const parts = opportunityParts(opportunity);
      const rows = (await submissionTasksFor(trx, [submission.id])).get(submission.id) ?? [];
      const to = refuseUnless(
        planApprove({
          status: submission.status as SubmissionLifecycleStatus,
          remainingTaskCount: remainingTaskCountAfterApproval(
            progressInput(parts.tasks, rows, input.now),
          ),
          payFrequency: opportunity.pay_frequency as PayFrequency,
        }),
      );
      const at = input.now.toISOString();
      await reviewSubmittedTasks(trx, submission.id, 'approved', at);
      if (to !== 'approved') {
        const after = (await submissionTasksFor(trx, [submission.id])).get(submission.id) ?? [];
        const opens = nextTaskOpening(
          input.now,
          submissionTaskProgress(parts.tasks, after, input.now),
        );
        return changeSubmissionStatus(trx, submission, to, {
          deadline_at: heldPlaceDeadline(opportunity, opens),
        });
      }
      const automatically = input.automatic
        ? `approved automatically after ${opportunity.auto_approve_after_days} days awaiting review`
        : null;
      // A test submission is never paid: no incentive, no ledger row.
      if (submission.test) {
        return changeSubmissionStatus(trx, submission, to, {
          decided_at: at,
          ...(automatically && { closed_reason: automatically }),
        });
      }
      const incentive = Number(opportunity.incentive_cents);
      const approved = await changeSubmissionStatus(trx, submission, to, {
        decided_at: at,
        paid_cents: Number(submission.paid_cents) + incentive,
        ...(automatically && { closed_reason: automatically }),
      });
      await recordLedgerEntry(trx, {
        organizationId: opportunity.organization_id,
        kind: 'participant_payout',
        amountCents: 0,
        opportunityId: opportunity.id,
        submissionId: submission.id,
        participantId: submission.participant_id,
        participantAmountCents: incentive,
        memo: automatically
          ? `Incentive for approved work on "${opportunity.title}" (${automatically}, as the opportunity's auto_approve_after_days says)`
          : `Incentive for approved work on "${opportunity.title}"`,
      });
      return approved;
    },
    { actor: input.actor, action: 'submission.approved' },
  );
}

/**
 * POST /submissions/{id}/reject: rejected, unpaid. The place frees; after the opportunity closed
 * it cannot be filled again, so its cost is refunded.
 */
export async function rejectSubmission(
  db: Db,
  input: {
    organizationId: string;
    submissionId: string;
    rejectionCategory: string | null;
    rejectionReason: string | null;
    now: Date;
    actor?: AuditActor;
  },
): Promise<SubmissionRow> {
  return decide(
    db,
    input.organizationId,
    input.submissionId,
    async (trx, held) => {
      const { opportunity, submission } = held;
      const to = refuseUnless(planReject(submission.status as SubmissionLifecycleStatus));
      const at = input.now.toISOString();
      await reviewSubmittedTasks(trx, submission.id, 'rejected', at);
      const rejected = await changeSubmissionStatus(trx, submission, to, {
        decided_at: at,
        rejection_category: input.rejectionCategory,
        rejection_reason: input.rejectionReason,
      });
      await refundClosedPlace(trx, opportunity, submission, to);
      return rejected;
    },
    {
      actor: input.actor,
      action: 'submission.rejected',
      details: { rejection_category: input.rejectionCategory },
    },
  );
}
