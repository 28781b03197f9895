import {
  type AdmissionTerms,
  admit,
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
import {
  type ApplicationClient,
  networkFingerprint,
  sharedNetworkSince,
  withFlag,
} from './quality-flags.ts';
import {
  insertSubmissionWithNext,
  latestFromNetwork,
  latestFromNetworkWithNext,
  participantApplications,
  setQualityFlags,
  updateSubmissionStatus,
} from './store.ts';
import type { SubmissionRow } from './submissions.table.ts';
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
  // Asked together: on PostgreSQL the two batched lookups due in one turn share a message, one
  // round trip and one commit (docs/decisions/0193-statements-in-one-message-prepared-once.md).
  const [opportunity, applications] = await Promise.all([
    findOpportunityForParticipant(db, opportunityId),
    participantApplications(db, participant.id),
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
    // On the first try the network's lock and look ride with the admission's counters read, its
    // first statement: the transaction is two round trips on PostgreSQL. On the second, the
    // admission writes its placeholder first, which needs the look's answer.
    const network = lockFirst ? undefined : await lookAtNetwork(trx, application);
    return admit(trx, application.terms, application, lockFirst, {
      write: async (route) => {
        const submission = await insertApplication(trx, application, route, network);
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
    });
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
}

interface Recorded {
  row: SubmissionRow;
  /** Whether this application took the last place, or the last of its shard's (counter-shards.ts). */
  mayHaveFilled: boolean;
}

const resultOf = (submission: SubmissionRow): ApplicationResult =>
  submission.status === 'awaiting_decision'
    ? { status: 'awaiting_decision', applicant_id: submission.id }
    : {
        status: submission.status as 'screen_passed' | 'screened_out',
        submission_id: submission.id,
      };

/**
 * The submission of an application and the shared-network flags. Applications from one network to
 * one opportunity take turns, so of two at once the later sees the earlier. On PostgreSQL the lock
 * goes with the read it guards, and the submission and its event with the admission's next
 * statement, in one round trip each (early-release.ts, sendWithNext;
 * docs/decisions/0176-applications-on-postgresql-in-two-transactions.md); on an admission's first
 * try the lock and the read ride with its counters read (lookAtNetwork; decision 0193), so the
 * transaction is two round trips, not eight.
 */
async function insertApplication(
  trx: Db,
  application: Application,
  route: Route,
  network?: NetworkLook,
): Promise<SubmissionRow> {
  const { opportunity, participant, fingerprint, now } = application;
  const earlier = network ? await network.latest : await lookAtNetworkNow(trx, application);
  const submission = await insertSubmissionWithNext(
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
      quality_flags: JSON.stringify(earlier ? ['shared_network'] : []),
      network_fingerprint: fingerprint,
      ...routedColumns(application, route),
    },
    // The one-hour look-up for shared networks reads created_at by the same clock.
    now,
  );
  // The earlier application is flagged too: the pair is the signal. Only the latest can still be
  // unflagged: applications from one network take turns (the lock above), and each flagged
  // every one before it within the hour, which lies within the latest's hour too. Reading all of
  // them made each application from a busy network (a lab, a benchmark's one client) read every
  // earlier one (docs/decisions/0137-shared-network-flags-written-once.md).
  if (earlier && !earlier.quality_flags.includes('shared_network')) {
    await setQualityFlags(trx, earlier.id, withFlag(earlier.quality_flags, 'shared_network'));
  }
  return submission;
}

/** The latest application from the same network in the hour, once the look is answered. */
interface NetworkLook {
  latest: Promise<{ id: string; quality_flags: string[] } | undefined>;
}

/**
 * The look for an earlier application from the same network, under the network's lock, both sent
 * with the transaction's next statement. Applications from one network to one opportunity take
 * turns, so of two at once the later sees the earlier.
 */
async function lookAtNetwork(trx: Db, application: Application): Promise<NetworkLook> {
  const { opportunity, fingerprint, now } = application;
  if (!fingerprint) return { latest: Promise.resolve(undefined) };
  await lockNameWithNext(trx, `network:${opportunity.id}:${fingerprint}`);
  return latestFromNetworkWithNext(trx, opportunity.id, fingerprint, sharedNetworkSince(now));
}

/** The same look answered before anything else is sent: for a placeholder written first. */
async function lookAtNetworkNow(trx: Db, application: Application) {
  const { opportunity, fingerprint, now } = application;
  if (!fingerprint) return undefined;
  await lockNameWithNext(trx, `network:${opportunity.id}:${fingerprint}`);
  return latestFromNetwork(trx, opportunity.id, fingerprint, sharedNetworkSince(now));
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
async function announceApplication(trx: Db, submission: SubmissionRow): Promise<void> {
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
