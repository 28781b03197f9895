import {
  type AdmissionTerms,
  admissionCountersAhead,
  admit,
  type CountersAhead,
  NoPlaceLeft,
  NotRecruiting,
  type Route,
  RouteChanged,
  testRoute,
} from '../admission/index.ts';
import {
  admissionTerms,
  answersInStudyLanguage,
  findOpportunityForParticipant,
  isRecruiting,
  type OpportunityRow,
  type OpportunityStatus,
  opportunityParts,
  participantLanguage,
  readPlacesState,
  refreshPlacesStatusAfter,
} from '../opportunities/index.ts';
import type { ParticipantRow } from '../participants/index.ts';
import { eligibilityOf, isVisibleTo, readsGroups } from '../participants/index.ts';
import { lockNameWithNext } from '../platform/db/advisory-lock.ts';
import type { Db } from '../platform/db/database.ts';
import { inEarlyReleaseTransaction } from '../platform/db/early-release.ts';
import { instanceSecret } from '../platform/db/instance-secrets.ts';
import { isUniqueViolation } from '../platform/db/unique-violation.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import {
  type ApplicationAnswerInput,
  gradeApplication,
  type OverallScreeningOutcome,
  type ScreeningAnswer,
} from '../screening/index.ts';
import { writeSubmissionEvent } from './events.ts';
import { submissionTexts } from './locales/index.ts';
import { type ApplicationClient, networkFingerprint, sharedNetworkSince } from './quality-flags.ts';
import {
  type AppliedSubmission,
  insertApplicationWithNext,
  participantApplications,
  updateSubmissionStatus,
} from './store.ts';
import { placeTakenDeadline } from './work.ts';

export type ApplicationResult =
  | { status: 'screen_passed' | 'screened_out'; submission_id: string }
  | { status: 'awaiting_decision'; applicant_id: string };

export const opportunityNotFound = (id: string) =>
  new NotFoundError('Opportunity', id, [
    { message: `No opportunity with id ${id} is open to this participant` },
  ]);

const alreadyApplied = (id: string) =>
  new ConflictError(submissionTexts.phrase('alreadyApplied'), [
    { message: `One application per participant: see GET /v2/participant/submissions for ${id}` },
  ]);

const notRecruiting = (opportunity: Pick<OpportunityRow, 'id' | 'status'>) =>
  new ConflictError(submissionTexts.phrase('notRecruiting'), [
    { message: `Opportunity ${opportunity.id} is ${opportunity.status}; applications are closed` },
  ]);

/**
 * POST /participant/opportunities/{id}/applications
 * (docs/decisions/0058-applications-routing-and-counters.md): grade the answers, then, in one
 * transaction, admit against quotas and free places (admission/), route, and count. Grading needs
 * no lock: a launched opportunity's screener never changes.
 *
 * A preview's test participant (docs/decisions/0080-previews-with-test-participants.md) applies the
 * same way, in any status of its opportunity, but its submission is `test`: routed by the screener
 * alone, it takes no place or quota cell, and counts and announces nothing. `client`, where the
 * application came from, flags applications sharing a network
 * (docs/decisions/0083-shared-network-flags.md). `groupsOf` reads the participant's groups
 * (participant-groups/, a feature above this one) for an opportunity whose audience names some.
 */
export async function applyToOpportunity(
  db: Db,
  input: {
    participant: ParticipantRow;
    opportunityId: string;
    answers: readonly ApplicationAnswerInput[];
    now: Date;
    client?: ApplicationClient;
    groupsOf: (db: Db, participantId: string) => Promise<ReadonlySet<string>>;
  },
): Promise<ApplicationResult> {
  const { participant, opportunityId } = input;
  // Asked together: on PostgreSQL the batched lookups due in one turn share a message, one round
  // trip and one commit (docs/decisions/0193-statements-in-one-message-prepared-once.md), the
  // admission's counters among them (docs/decisions/0200-applications-in-one-message.md).
  const [opportunity, applications, counters] = await Promise.all([
    findOpportunityForParticipant(db, opportunityId),
    participantApplications(db, participant.id),
    admissionCountersAhead(db, opportunityId),
  ]);
  const applied = applications.has(opportunityId);
  if (
    !opportunity ||
    !isVisibleTo(
      opportunity,
      applied,
      eligibilityOf(
        participant,
        applications,
        input.now,
        readsGroups(opportunity) ? await input.groupsOf(db, participant.id) : undefined,
      ),
    )
  ) {
    throw opportunityNotFound(opportunityId);
  }
  if (applied) throw alreadyApplied(opportunityId);
  const test = participant.is_test === 1;
  if (!test && !isRecruiting(opportunity.status as OpportunityStatus)) {
    throw notRecruiting(opportunity);
  }

  // Graded by position (docs/decisions/0163-study-translations.md): an option named in the
  // participant's language reads back as the study's own text first.
  const graded = gradeApplication(
    opportunityParts(opportunity).questions,
    answersInStudyLanguage(opportunity, participantLanguage(participant), input.answers),
  );
  if (!graded.ok)
    throw new ValidationError(submissionTexts.phrase('doesNotFitScreener'), graded.issues);
  const fingerprint =
    !test && input.client
      ? networkFingerprint(await instanceSecret(db, 'network_fingerprint'), input.client)
      : null;
  const application: Application = {
    opportunity,
    terms: admissionTerms(opportunity),
    participant,
    outcome: graded.outcome,
    answers: graded.answers,
    now: input.now,
    fingerprint,
    counters,
  };

  try {
    let recorded: Recorded;
    try {
      recorded = await record(db, application, false);
    } catch (error) {
      if (!(error instanceof RouteChanged)) throw error;
      // The counters moved between the read and the lock (PostgreSQL, a study filling): made
      // again, deciding on the locked counters this time.
      recorded = await record(db, application, true);
    }
    // The last place taken fills the opportunity: a change of its status, made once the admission
    // has released the places counter.
    if (recorded.mayHaveFilled) await refreshPlacesStatusAfter(db, opportunity);
    return resultOf(recorded.row);
  } catch (error) {
    // The same person applying twice at once: the unique constraint lets one through.
    if (isUniqueViolation(error)) throw alreadyApplied(opportunityId);
    if (error instanceof NoPlaceLeft) {
      // Made here too, should the applicant who took the last place have stopped before it.
      await refreshPlacesStatusAfter(db, opportunity);
      throw notRecruiting({ id: opportunityId, status: 'fulfilled' });
    }
    if (error instanceof NotRecruiting)
      throw notRecruiting(await readPlacesState(db, opportunityId));
    throw error;
  }
}

/**
 * One transaction recording an application, answered once durable (inEarlyReleaseTransaction: on
 * PostgreSQL the rows it locks are released at the commit, before the commit's fsync; on the
 * embedded database, applications arriving together share one commit).
 */
function record(db: Db, application: Application, lockFirst: boolean): Promise<Recorded> {
  return inEarlyReleaseTransaction(db, async (trx) => {
    if (application.participant.is_test === 1) {
      const route = testRoute(application.terms, application.outcome);
      return { row: await insertApplication(trx, application, route), mayHaveFilled: false };
    }
    return admit(
      trx,
      application.terms,
      application,
      lockFirst,
      {
        write: async (route) => {
          const submission = await insertApplication(trx, application, route);
          // A placeholder is announced once routed (reroute).
          if (!lockFirst) await announceApplication(trx, submission);
          return submission;
        },
        reroute: async (placeholder, route) => {
          const submission = (await updateSubmissionStatus(
            trx,
            placeholder.id,
            placeholder.status,
            route.status,
            routedColumns(application, route),
          ))!;
          await announceApplication(trx, submission);
          return submission;
        },
      },
      application.counters,
    );
  });
}

/** An application being recorded: what its transaction needs besides the database. */
interface Application {
  opportunity: OpportunityRow;
  terms: AdmissionTerms;
  participant: ParticipantRow;
  outcome: OverallScreeningOutcome;
  answers: ScreeningAnswer[];
  now: Date;
  fingerprint: string | null;
  /** The admission's counters as read before the transaction, if they were (PostgreSQL). */
  counters: CountersAhead | undefined;
}

interface Recorded {
  row: AppliedSubmission;
  /** Whether this application took the last place, or the last of its shard's (counter-shards.ts). */
  mayHaveFilled: boolean;
}

const resultOf = (submission: Pick<AppliedSubmission, 'id' | 'status'>): ApplicationResult =>
  submission.status === 'awaiting_decision'
    ? { status: 'awaiting_decision', applicant_id: submission.id }
    : {
        status: submission.status as 'screen_passed' | 'screened_out',
        submission_id: submission.id,
      };

/**
 * The submission of an application, with the shared-network flags the database works out
 * (insertApplicationWithNext). Applications from one network to one opportunity take turns (the
 * network's lock), so of two at once the later sees the earlier. On PostgreSQL the lock, the flags'
 * statements and the submission go with the admission's next statement, so a transaction whose
 * counters were read ahead is one message, its commit with it
 * (docs/decisions/0200-applications-in-one-message.md).
 */
async function insertApplication(
  trx: Db,
  application: Application,
  route: Route,
): Promise<AppliedSubmission> {
  const { opportunity, participant, fingerprint, now } = application;
  if (fingerprint) await lockNameWithNext(trx, `network:${opportunity.id}:${fingerprint}`);
  return insertApplicationWithNext(
    trx,
    {
      organization_id: opportunity.organization_id,
      opportunity_id: opportunity.id,
      participant_id: participant.id,
      status: route.status,
      screening_outcome: application.outcome,
      screening_answers: JSON.stringify(application.answers),
      started_at: null,
      submitted_at: null,
      rejection_category: null,
      rejection_reason: null,
      paid_cents: 0,
      test: participant.is_test === 1 ? 1 : 0,
      ...routedColumns(application, route),
    },
    // The one-hour look-up for shared networks reads created_at by the same clock.
    now,
    fingerprint ? { fingerprint, since: sharedNetworkSince(now) } : undefined,
  );
}

/** The columns of a submission that its route decides. */
function routedColumns({ opportunity, now }: Application, route: Route) {
  return {
    quota_cells: JSON.stringify(route.quotaCells),
    decided_at: route.status === 'awaiting_decision' ? null : now.toISOString(),
    closed_reason: route.closedReason,
    // A place taken now starts its time limit (docs/decisions/0085-returns-and-replacement.md).
    deadline_at: route.status === 'screen_passed' ? placeTakenDeadline(opportunity, now) : null,
  };
}

/** The event of a new application: an applicant awaiting a decision, or a submission's status. */
async function announceApplication(trx: Db, submission: AppliedSubmission): Promise<void> {
  if (submission.status === 'awaiting_decision') {
    await writeSubmissionEvent(
      trx,
      submission,
      {
        type: 'applicant.created',
        data: {
          applicant_id: submission.id,
          opportunity_id: submission.opportunity_id,
          participant_id: submission.participant_id,
          screening_outcome: submission.screening_outcome,
        },
      },
      { withNext: true },
    );
  } else {
    await writeSubmissionEvent(
      trx,
      submission,
      {
        type: 'submission.status.change',
        data: {
          submission_id: submission.id,
          opportunity_id: submission.opportunity_id,
          participant_id: submission.participant_id,
          previous_status: null,
          status: submission.status,
        },
      },
      { withNext: true },
    );
  }
}
