import type { OpportunityRow } from '../opportunities/index.ts';
import {
  bumpCounters,
  countTakenPlaces,
  findOpportunityForParticipant,
  freePlaces,
  isRecruiting,
  lockOpportunity,
  type OpportunityStatus,
  opportunityParts,
  PLACE_TAKING_STATUSES,
  refreshPlacesStatus,
  statusCounterKey,
} from '../opportunities/index.ts';
import type { ParticipantRow } from '../participants/index.ts';
import { eligibilityOf, isVisibleTo } from '../participants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { writeEvent } from '../platform/events/outbox.ts';
import {
  type ApplicationAnswerInput,
  type CrossQuota,
  crossQuotaCellKey,
  gradeApplication,
  type OverallScreeningOutcome,
  type Quota,
  quotaAdmission,
  quotaCellKey,
  quotaCellsFor,
  type ScreeningAnswer,
  screeningStatCounters,
} from '../screening/index.ts';
import type { SubmissionEvent } from './events.ts';
import {
  findApplication,
  insertSubmission,
  isUniqueViolation,
  participantApplications,
  readCounterValues,
} from './store.ts';
import type { SubmissionRow } from './submissions.table.ts';

export type ApplicationStatus = 'screen_passed' | 'screened_out' | 'awaiting_decision';

export type ApplicationResult =
  | { status: 'screen_passed' | 'screened_out'; submission_id: string }
  | { status: 'awaiting_decision'; applicant_id: string };

export const opportunityNotFound = (id: string) =>
  new NotFoundError('Opportunity', id, [
    { message: `No opportunity with id ${id} is open to this participant` },
  ]);

const alreadyApplied = (id: string) =>
  new ConflictError('You already applied to this opportunity', [
    { message: `One application per participant: see GET /v2/participant/submissions for ${id}` },
  ]);

const notRecruiting = (opportunity: Pick<OpportunityRow, 'id' | 'status'>) =>
  new ConflictError('This opportunity is not recruiting', [
    { message: `Opportunity ${opportunity.id} is ${opportunity.status}; applications are closed` },
  ]);

/**
 * POST /participant/opportunities/{id}/applications (docs/decisions.md, "Applications"): grade the
 * answers, then, in one transaction holding the opportunity, admit against quotas and free places,
 * route, and count. Grading needs no lock: a launched opportunity's screener never changes.
 */
export async function applyToOpportunity(
  db: Db,
  input: {
    participant: ParticipantRow;
    opportunityId: string;
    answers: readonly ApplicationAnswerInput[];
    now: Date;
  },
): Promise<ApplicationResult> {
  const { participant, opportunityId } = input;
  const opportunity = await findOpportunityForParticipant(db, opportunityId);
  const applications = await participantApplications(db, participant.id);
  const applied = applications.has(opportunityId);
  if (
    !opportunity ||
    !isVisibleTo(opportunity, applied, eligibilityOf(participant, applications, input.now))
  ) {
    throw opportunityNotFound(opportunityId);
  }
  if (applied) throw alreadyApplied(opportunityId);
  if (!isRecruiting(opportunity.status as OpportunityStatus)) throw notRecruiting(opportunity);

  const parts = opportunityParts(opportunity);
  const graded = gradeApplication(parts.questions, input.answers);
  if (!graded.ok)
    throw new ValidationError('The application does not fit the screener', graded.issues);

  try {
    return await db.transaction().execute(async (trx) => {
      const locked = await lockOpportunity(trx, opportunity.organization_id, opportunityId);
      if (!locked) throw opportunityNotFound(opportunityId);
      if (!isRecruiting(locked.status as OpportunityStatus)) throw notRecruiting(locked);
      if (await findApplication(trx, opportunityId, participant.id))
        throw alreadyApplied(opportunityId);
      const route = await routeApplication(trx, locked, graded.outcome, graded.answers);
      const submission = await insertSubmission(trx, {
        organization_id: locked.organization_id,
        opportunity_id: locked.id,
        participant_id: participant.id,
        status: route.status,
        screening_outcome: graded.outcome,
        screening_answers: JSON.stringify(graded.answers),
        quota_cells: JSON.stringify(route.quotaCells),
        started_at: null,
        submitted_at: null,
        decided_at: route.status === 'awaiting_decision' ? null : input.now.toISOString(),
        rejection_category: null,
        rejection_reason: null,
        closed_reason: route.closedReason,
        paid_cents: 0,
      });
      await recordApplication(trx, submission, graded.answers, route);
      return route.status === 'awaiting_decision'
        ? { status: route.status, applicant_id: submission.id }
        : { status: route.status, submission_id: submission.id };
    });
  } catch (error) {
    // The same person applying twice at once: the unique constraint lets one through.
    if (isUniqueViolation(error)) throw alreadyApplied(opportunityId);
    throw error;
  }
}

interface Route {
  status: ApplicationStatus;
  quotaCells: string[];
  closedReason: string | null;
  /** Places free before this application, when it was admitted against them. */
  placesRemaining?: number;
}

/**
 * Routing (docs/screening.md, "Quotas"), read under the opportunity's lock: failed applicants are
 * screened out; qualified ones must fit the quotas and the places left; then auto_invite invites a
 * passed applicant and everyone else qualified waits for the customer's decision.
 */
async function routeApplication(
  trx: Db,
  opportunity: OpportunityRow,
  outcome: OverallScreeningOutcome,
  answers: ScreeningAnswer[],
): Promise<Route> {
  if (outcome === 'failed') return { status: 'screened_out', quotaCells: [], closedReason: null };
  const parts = opportunityParts(opportunity);
  const counts = await readCounterValues(trx, opportunity.id, [
    ...PLACE_TAKING_STATUSES.map(statusCounterKey),
    ...quotaCounterKeys(parts.quotas, parts.crossQuotas),
  ]);
  const byStatus = Object.fromEntries(
    PLACE_TAKING_STATUSES.map((status) => [status, counts[statusCounterKey(status)] ?? 0]),
  );
  const placesRemaining = freePlaces(opportunity.num_participants, countTakenPlaces(byStatus));
  const admission = quotaAdmission({
    quotas: parts.quotas,
    crossQuotas: parts.crossQuotas,
    counts,
    answers,
    placesRemaining,
  });
  if (!admission.admitted) {
    return {
      status: 'screened_out',
      quotaCells: [],
      closedReason: `quota: ${admission.reason ?? 'not admitted'}`,
    };
  }
  const quotaCells = quotaCellsFor(answers, parts.quotas, parts.crossQuotas);
  const autoInvite = opportunity.customer_screening_review !== 'manual_review';
  if (outcome === 'passed' && autoInvite) {
    return { status: 'screen_passed', quotaCells, closedReason: null, placesRemaining };
  }
  return { status: 'awaiting_decision', quotaCells, closedReason: null };
}

export function quotaCounterKeys(
  quotas: readonly Quota[],
  crossQuotas: readonly CrossQuota[],
): string[] {
  return [
    ...quotas.flatMap((quota) =>
      quota.targets.map((target) => quotaCellKey(quota.screening_question, target.value)),
    ),
    ...crossQuotas.map((crossQuota) => crossQuotaCellKey(crossQuota.label)),
  ];
}

/** The counters, events and places status of a new application, in its transaction. */
async function recordApplication(
  trx: Db,
  submission: SubmissionRow,
  answers: readonly ScreeningAnswer[],
  route: Route,
): Promise<void> {
  const takesPlace = submission.status === 'screen_passed';
  await bumpCounters(trx, submission.opportunity_id, [
    statusCounterKey(submission.status),
    ...screeningStatCounters(answers),
    ...(takesPlace ? route.quotaCells : []),
  ]);
  if (submission.status === 'awaiting_decision') {
    await writeEvent<SubmissionEvent>(trx, submission.organization_id, {
      type: 'applicant.created',
      data: {
        applicant_id: submission.id,
        opportunity_id: submission.opportunity_id,
        participant_id: submission.participant_id,
        screening_outcome: submission.screening_outcome,
      },
    });
  } else {
    await writeEvent<SubmissionEvent>(trx, submission.organization_id, {
      type: 'submission.status.change',
      data: {
        submission_id: submission.id,
        opportunity_id: submission.opportunity_id,
        participant_id: submission.participant_id,
        previous_status: null,
        status: submission.status,
      },
    });
  }
  // Taking a place can only change an active opportunity's status when it takes the last one.
  if (takesPlace && (route.placesRemaining ?? 0) <= 1) {
    await refreshPlacesStatus(trx, submission.opportunity_id);
  }
}
