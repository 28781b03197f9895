import type { OpportunityRow } from '../opportunities/index.ts';
import {
  type AdmissionCounters,
  admissionShard,
  allotment,
  bumpCountersThenCommit,
  bumpCountersWithinThenCommit,
  type CounterBound,
  counterShards,
  findOpportunityForParticipant,
  freePlaces,
  isRecruiting,
  lockAdmissionCounters,
  type OpportunityStatus,
  opportunityParts,
  PLACES_HELD_KEY,
  type Placement,
  placeCaps,
  RECRUITING_KEY,
  readAdmissionCounters,
  readPlacesState,
  refreshPlacesStatusAfter,
  statusCounterKey,
} from '../opportunities/index.ts';
import { groupIdsOfParticipant } from '../participant-groups/index.ts';
import type { ParticipantRow } from '../participants/index.ts';
import { eligibilityOf, isVisibleTo, readsGroups } from '../participants/index.ts';
import { lockName } from '../platform/db/advisory-lock.ts';
import type { Db } from '../platform/db/database.ts';
import { inEarlyReleaseTransaction } from '../platform/db/early-release.ts';
import { instanceSecret } from '../platform/db/instance-secrets.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import {
  type ApplicationAnswerInput,
  admissionCaps,
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
import { writeSubmissionEvent } from './events.ts';
import {
  type ApplicationClient,
  networkFingerprint,
  sharedNetworkSince,
  withFlag,
} from './quality-flags.ts';
import {
  insertSubmission,
  isUniqueViolation,
  latestFromNetwork,
  participantApplications,
  setQualityFlags,
  updateSubmissionStatus,
} from './store.ts';
import type { SubmissionRow } from './submissions.table.ts';
import { heldPlaceDeadline } from './work.ts';

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
 *
 * A preview's test participant (docs/decisions.md, "Previews and test participants") applies the
 * same way, in any status of its opportunity, but its submission is `test`: routed by the screener
 * alone, it takes no place or quota cell, and counts and announces nothing. `client`, where the
 * application came from, flags applications sharing a network (docs/decisions.md, "One person,
 * one place").
 */
export async function applyToOpportunity(
  db: Db,
  input: {
    participant: ParticipantRow;
    opportunityId: string;
    answers: readonly ApplicationAnswerInput[];
    now: Date;
    client?: ApplicationClient;
  },
): Promise<ApplicationResult> {
  const { participant, opportunityId } = input;
  const opportunity = await findOpportunityForParticipant(db, opportunityId);
  const applications = await participantApplications(db, participant.id);
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
        readsGroups(opportunity) ? await groupIdsOfParticipant(db, participant.id) : undefined,
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

  const parts = opportunityParts(opportunity);
  const graded = gradeApplication(parts.questions, input.answers);
  if (!graded.ok)
    throw new ValidationError('The application does not fit the screener', graded.issues);
  const fingerprint =
    !test && input.client
      ? networkFingerprint(await instanceSecret(db, 'network_fingerprint'), input.client)
      : null;
  const application: Application = {
    opportunity,
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
    return recorded.result;
  } catch (error) {
    // The same person applying twice at once: the unique constraint lets one through.
    if (isUniqueViolation(error)) throw alreadyApplied(opportunityId);
    if (error instanceof NoPlaceLeft) {
      // Made here too, should the applicant who took the last place have stopped before it.
      await refreshPlacesStatusAfter(db, opportunity);
      throw notRecruiting({ id: opportunityId, status: 'fulfilled' });
    }
    throw error;
  }
}

/**
 * One transaction recording an application, answered once durable (inEarlyReleaseTransaction: on
 * PostgreSQL the rows it locks are released at the commit, before the commit's fsync; on the
 * embedded database, applications arriving together share one commit).
 */
function record(db: Db, application: Application, lockFirst: boolean): Promise<Recorded> {
  return inEarlyReleaseTransaction(db, (trx) =>
    application.participant.is_test === 1
      ? applyAsTest(trx, application)
      : admit(trx, application, lockFirst),
  );
}

/** An application being recorded: what its transaction needs besides the database. */
interface Application {
  opportunity: OpportunityRow;
  participant: ParticipantRow;
  outcome: OverallScreeningOutcome;
  answers: ScreeningAnswer[];
  now: Date;
  fingerprint: string | null;
}

interface Recorded {
  result: ApplicationResult;
  /** Whether this application took the last place, or the last of its shard's (counter-shards.ts). */
  mayHaveFilled: boolean;
}

/**
 * A participant's application, in its transaction (docs/decisions.md, "Admissions without the
 * opportunity's lock"). Routed first on counters read without a lock: an applicant who fails the
 * screener, waits for a decision, or is turned away takes nothing, so committed counts are enough.
 * One routed to a place writes its submission and event, then takes the place last: where maximum
 * targets alone apply, in one guarded upsert sent with the commit, in a shard where its counters
 * had room (admitWithin, docs/decisions.md "Counter shards"); else, or when no shard had, by
 * locking every shard of the places counter and the quota cells and deciding again on what they
 * hold. If the place is no longer there, the transaction is undone (RouteChanged) to be made
 * again with `lockFirst`, routed on the locked counters from the start. Either way the
 * submission's row is written before the counters are locked: two applications of one person at
 * once wait on its unique index, and would deadlock with the other order.
 */
async function admit(trx: Db, application: Application, lockFirst: boolean): Promise<Recorded> {
  const { opportunity } = application;
  const parts = opportunityParts(opportunity);
  const cells = quotaCounterKeys(parts.quotas, parts.crossQuotas);
  let route: Route;
  let submission: SubmissionRow;
  let locked: AdmissionCounters | undefined;
  if (lockFirst) {
    const placeholder = await insertApplication(trx, application, SCREENED_OUT);
    locked = await lockForAdmission(trx, opportunity.id, cells);
    route = routeApplication(application, locked.counts);
    submission = (await updateSubmissionStatus(
      trx,
      placeholder.id,
      placeholder.status,
      route.status,
      routedColumns(application, route),
    ))!;
    await announceApplication(trx, submission);
  } else {
    const seen = await readAdmissionCounters(trx, opportunity.id, cells);
    route = routeApplication(application, seen.counts);
    submission = await insertApplication(trx, application, route);
    await announceApplication(trx, submission);
    if (route.status === 'screen_passed') {
      const caps = admissionCaps(parts.quotas, parts.crossQuotas, application.answers);
      const shard =
        caps &&
        admissionShard(cappedSeen(seen, opportunity, caps), counterShards(trx), Math.random());
      if (caps && shard !== undefined) {
        return admitWithin(trx, application, submission, route, caps, shard);
      }
      locked = await lockForAdmission(trx, opportunity.id, cells);
      const confirmed = routeApplication(application, locked.counts);
      if (confirmed.status !== route.status) throw new RouteChanged();
      route = confirmed;
    }
  }
  // A place taken here goes where its counters have room: this transaction holds every shard.
  await countApplication(
    trx,
    submission,
    application,
    route,
    locked && { caps: placeCaps(opportunity), values: locked.byShard },
  );
  return {
    result: resultOf(submission),
    mayHaveFilled: route.status === 'screen_passed' && route.placesRemaining === 1,
  };
}

/** The capped counters an admission bumps, with their shard values as read (admissionShard). */
function cappedSeen(
  seen: AdmissionCounters,
  opportunity: OpportunityRow,
  caps: ReadonlyMap<string, number>,
) {
  return [[PLACES_HELD_KEY, opportunity.num_participants] as const, ...caps].map(([key, cap]) => ({
    cap,
    values: seen.byShard.get(key) ?? [],
  }));
}

/**
 * The admission of an applicant to a place where the rule is one bound per counter (maximum
 * targets only, admissionCaps), in one shard of the counters (counter-shards.ts): the place, the
 * quota cells and the counts in one guarded upsert, each capped counter within the shard's
 * allotment, then the commit. A bound that holds (no place left in the shard, a cell full there,
 * or no longer recruiting) undoes the transaction, to be made again on locked counters, which
 * look at every shard.
 */
async function admitWithin(
  trx: Db,
  application: Application,
  submission: SubmissionRow,
  route: Route,
  caps: ReadonlyMap<string, number>,
  shard: number,
): Promise<Recorded> {
  const shards = counterShards(trx);
  const places = allotment(application.opportunity.num_participants, shards, shard);
  // A shard's value may be below zero: a place is freed in whichever shard its change lands.
  const bounds = new Map<string, CounterBound>([
    [PLACES_HELD_KEY, { min: Number.MIN_SAFE_INTEGER, max: places }],
    [RECRUITING_KEY, { min: 1, max: 1 }],
  ]);
  for (const [cell, count] of caps) {
    bounds.set(cell, { min: Number.MIN_SAFE_INTEGER, max: allotment(count, shards, shard) });
  }
  const after = await bumpCountersWithinThenCommit(
    trx,
    submission.opportunity_id,
    applicationCounters(submission, application, route),
    bounds,
    shard,
  );
  if (!after) throw new RouteChanged();
  return { result: resultOf(submission), mayHaveFilled: after.get(PLACES_HELD_KEY) === places };
}

const SCREENED_OUT: Route = { status: 'screened_out', quotaCells: [], closedReason: null };

/** The admission counters, locked (lockAdmissionCounters), of an opportunity still recruiting. */
async function lockForAdmission(trx: Db, opportunityId: string, cells: readonly string[]) {
  const held = await lockAdmissionCounters(trx, opportunityId, cells);
  // Every status change sets `recruiting` under the places counter (setOpportunityStatus).
  if (held.counts[RECRUITING_KEY] !== 1) {
    throw notRecruiting(await readPlacesState(trx, opportunityId));
  }
  return held;
}

/** The route an admission took on unlocked counters is not the one the locked counters give. */
class RouteChanged extends Error {}

/** A test participant's application: routed by the screener alone, counted and announced nowhere. */
async function applyAsTest(trx: Db, application: Application): Promise<Recorded> {
  const submission = await insertApplication(trx, application, testRoute(application));
  return { result: resultOf(submission), mayHaveFilled: false };
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
 * one opportunity take turns, so of two at once the later sees the earlier.
 */
async function insertApplication(
  trx: Db,
  application: Application,
  route: Route,
): Promise<SubmissionRow> {
  const { opportunity, participant, fingerprint, now } = application;
  if (fingerprint) await lockName(trx, `network:${opportunity.id}:${fingerprint}`);
  const earlier = fingerprint
    ? await latestFromNetwork(trx, opportunity.id, fingerprint, sharedNetworkSince(now))
    : undefined;
  const submission = await insertSubmission(
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
  // earlier one (docs/decisions.md, "Launch stampede").
  if (earlier && !earlier.quality_flags.includes('shared_network')) {
    await setQualityFlags(trx, earlier.id, withFlag(earlier.quality_flags, 'shared_network'));
  }
  return submission;
}

/** The columns of a submission that its route decides. */
function routedColumns({ opportunity, now }: Application, route: Route) {
  return {
    quota_cells: JSON.stringify(route.quotaCells),
    decided_at: route.status === 'awaiting_decision' ? null : now.toISOString(),
    closed_reason: route.closedReason,
    // A place taken now starts its time limit (docs/decisions.md, "The life of a place").
    deadline_at: route.status === 'screen_passed' ? heldPlaceDeadline(opportunity, now) : null,
  };
}

/** The event of a new application: an applicant awaiting a decision, or a submission's status. */
async function announceApplication(trx: Db, submission: SubmissionRow): Promise<void> {
  if (submission.status === 'awaiting_decision') {
    await writeSubmissionEvent(trx, submission, {
      type: 'applicant.created',
      data: {
        applicant_id: submission.id,
        opportunity_id: submission.opportunity_id,
        participant_id: submission.participant_id,
        screening_outcome: submission.screening_outcome,
      },
    });
  } else {
    await writeSubmissionEvent(trx, submission, {
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
}

/**
 * The counters of a new application: its status, its answers' statistics and, with a place, its
 * quota cells. The transaction's last statement, sent with its commit (bumpCountersThenCommit):
 * every applicant bumps the same status and statistics rows.
 */
async function countApplication(
  trx: Db,
  submission: SubmissionRow,
  application: Application,
  route: Route,
  placement?: Placement,
): Promise<void> {
  await bumpCountersThenCommit(
    trx,
    submission.opportunity_id,
    applicationCounters(submission, application, route),
    placement,
  );
}

function applicationCounters(
  submission: SubmissionRow,
  application: Application,
  route: Route,
): string[] {
  return [
    statusCounterKey(submission.status),
    ...screeningStatCounters(application.answers),
    ...(submission.status === 'screen_passed' ? route.quotaCells : []),
  ];
}

/**
 * A test participant's route: the screener's verdict and the routing setting alone, since a test
 * takes no place and no quota cell (so a preview also works on a draft or a full study).
 */
function testRoute({ opportunity, outcome }: Application): Route {
  if (outcome === 'failed') return { status: 'screened_out', quotaCells: [], closedReason: null };
  const autoInvite = opportunity.customer_screening_review !== 'manual_review';
  return {
    status: outcome === 'passed' && autoInvite ? 'screen_passed' : 'awaiting_decision',
    quotaCells: [],
    closedReason: null,
  };
}

/**
 * A qualified applicant found every place held: the opportunity is fulfilled, though its status may
 * not say so yet (the change is made after the admission that took the last place commits), so the
 * applicant gets the answer the status will give, 409 not recruiting, and nothing is recorded.
 */
class NoPlaceLeft extends Error {}

interface Route {
  status: ApplicationStatus;
  quotaCells: string[];
  closedReason: string | null;
  /** Places free before this application, when it was admitted against them. */
  placesRemaining?: number;
}

/**
 * Routing (docs/screening.md, "Quotas") on the admission counters: failed applicants are screened
 * out; qualified ones must fit the quotas and the places left; then auto_invite invites a passed
 * applicant and everyone else qualified waits for the customer's decision.
 */
function routeApplication(
  { opportunity, outcome, answers }: Application,
  counts: Readonly<Record<string, number>>,
): Route {
  if (outcome === 'failed') return { status: 'screened_out', quotaCells: [], closedReason: null };
  const parts = opportunityParts(opportunity);
  const placesRemaining = freePlaces(opportunity.num_participants, counts[PLACES_HELD_KEY] ?? 0);
  if (placesRemaining === 0) throw new NoPlaceLeft();
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
