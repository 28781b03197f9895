import type { Db } from '../platform/db/database.ts';
import {
  admissionCaps,
  type OverallScreeningOutcome,
  quotaAdmission,
  quotaCellsFor,
  type ScreeningAnswer,
  screeningStatCounters,
} from '../screening/index.ts';
import { admissionShard, allotment, type PlaceTerms, placeCaps } from './counter-shards.ts';
import {
  type AdmissionCounters,
  bumpCountersThenCommit,
  bumpCountersWithinThenCommit,
  type CounterBound,
  type CountersAhead,
  counterShards,
  lockAdmissionCounters,
  type Placement,
  seenAdmissionCounters,
  statusCounterKey,
} from './counters.ts';
import { freePlaces, PLACES_HELD_KEY, RECRUITING_KEY } from './places.ts';
import { quotaCounterKeys } from './quota-cells.ts';

/** What an admission needs to know of its opportunity, read once from its row by the caller. */
export interface AdmissionTerms extends PlaceTerms {
  opportunityId: string;
  /** The customer decides on every qualified applicant (customer_screening_review: manual_review). */
  manualReview: boolean;
}

/** An applicant as the screener graded them. */
export interface Applicant {
  outcome: OverallScreeningOutcome;
  answers: ScreeningAnswer[];
}

export type RoutedStatus = 'screen_passed' | 'screened_out' | 'awaiting_decision';

/** Where an application goes, and what it takes there. */
export interface Route {
  status: RoutedStatus;
  quotaCells: string[];
  closedReason: string | null;
  /** Places free before this application, when it was admitted against them. */
  placesRemaining?: number;
}

/**
 * The submission's side of an admission, which the caller writes (submissions/apply.ts): the row
 * and its event. The row is written before the counters are locked: two applications of one person
 * at once wait on its unique index, and would deadlock with the other order.
 */
export interface AdmissionWrites<Row extends { status: string }> {
  /** Writes the submission on its route (screened out, as a placeholder, when routing waits). */
  write(route: Route): Promise<Row>;
  /** Moves the placeholder to the route the locked counters gave. */
  reroute(placeholder: Row, route: Route): Promise<Row>;
}

/** The route taken on unlocked counters is not the one the locked counters give: make it again. */
export class RouteChanged extends Error {}

/**
 * A qualified applicant found every place held: the opportunity is fulfilled, though its status may
 * not say so yet (the change is made after the admission that took the last place commits), so the
 * applicant gets the answer the status will give, and nothing is recorded.
 */
export class NoPlaceLeft extends Error {}

/** The opportunity stopped recruiting (its `recruiting` flag is 0 under the places counter). */
export class NotRecruiting extends Error {}

export const SCREENED_OUT: Route = { status: 'screened_out', quotaCells: [], closedReason: null };

/**
 * A participant's admission, in the caller's transaction
 * (docs/decisions/0141-admissions-without-the-opportunitys-lock.md). Routed first on counters read
 * without a lock: an applicant who fails the screener, waits for a decision, or is turned away
 * takes nothing, so committed counts are enough. One routed to a place has its submission written,
 * then takes the place last: where maximum targets alone apply, in one guarded upsert sent with the
 * commit, in a shard where its counters had room (docs/decisions/0143-counter-shards.md); else, or
 * when no shard had, by locking every shard of the places counter and the quota cells and deciding
 * again on what they hold. If the place is no longer there, RouteChanged undoes the transaction, to
 * be made again with `lockFirst`, routed on the locked counters from the start. The counters'
 * statement carries the commit (bumpCountersThenCommit): nothing may follow it in the transaction.
 * `ahead`: the counters as read before the transaction (admissionCountersAhead), routed on instead
 * of reading them in it.
 */
export async function admit<Row extends { status: string }>(
  trx: Db,
  terms: AdmissionTerms,
  applicant: Applicant,
  lockFirst: boolean,
  writes: AdmissionWrites<Row>,
  ahead?: CountersAhead,
): Promise<{ row: Row; mayHaveFilled: boolean }> {
  const cells = quotaCounterKeys(terms.quotas, terms.crossQuotas);
  let route: Route;
  let row: Row;
  let locked: AdmissionCounters | undefined;
  if (lockFirst) {
    const placeholder = await writes.write(SCREENED_OUT);
    locked = await lockForAdmission(trx, terms.opportunityId, cells);
    route = routeApplication(terms, applicant, locked.counts);
    row = await writes.reroute(placeholder, route);
  } else {
    const seen = await seenAdmissionCounters(trx, terms.opportunityId, cells, ahead);
    route = routeApplication(terms, applicant, seen.counts);
    row = await writes.write(route);
    if (route.status === 'screen_passed') {
      const caps = admissionCaps(terms.quotas, terms.crossQuotas, applicant.answers);
      const shard =
        caps && admissionShard(cappedSeen(seen, terms, caps), counterShards(trx), Math.random());
      if (caps && shard !== undefined) {
        return {
          row,
          mayHaveFilled: await admitWithin(trx, terms, applicant, row, route, caps, shard),
        };
      }
      locked = await lockForAdmission(trx, terms.opportunityId, cells);
      const confirmed = routeApplication(terms, applicant, locked.counts);
      if (confirmed.status !== route.status) throw new RouteChanged();
      route = confirmed;
    }
  }
  // A place taken here goes where its counters have room: this transaction holds every shard.
  const placement: Placement | undefined = locked && {
    caps: placeCaps(terms),
    values: locked.byShard,
  };
  await bumpCountersThenCommit(
    trx,
    terms.opportunityId,
    applicationCounters(row.status, applicant, route),
    placement,
  );
  return {
    row,
    mayHaveFilled: route.status === 'screen_passed' && route.placesRemaining === 1,
  };
}

/**
 * A test participant's route (docs/decisions/0080-previews-with-test-participants.md): the
 * screener's verdict and the routing setting alone, since a test takes no place and no quota cell
 * (so a preview also works on a draft or a full study).
 */
export function testRoute(
  terms: Pick<AdmissionTerms, 'manualReview'>,
  outcome: OverallScreeningOutcome,
): Route {
  if (outcome === 'failed') return SCREENED_OUT;
  return {
    status: outcome === 'passed' && !terms.manualReview ? 'screen_passed' : 'awaiting_decision',
    quotaCells: [],
    closedReason: null,
  };
}

/** The capped counters an admission bumps, with their shard values as read (admissionShard). */
function cappedSeen(
  seen: AdmissionCounters,
  terms: AdmissionTerms,
  caps: ReadonlyMap<string, number>,
) {
  return [[PLACES_HELD_KEY, terms.numParticipants] as const, ...caps].map(([key, cap]) => ({
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
 * look at every shard. Returns whether it took the shard's last place.
 */
async function admitWithin(
  trx: Db,
  terms: AdmissionTerms,
  applicant: Applicant,
  row: { status: string },
  route: Route,
  caps: ReadonlyMap<string, number>,
  shard: number,
): Promise<boolean> {
  const shards = counterShards(trx);
  const places = allotment(terms.numParticipants, shards, shard);
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
    terms.opportunityId,
    applicationCounters(row.status, applicant, route),
    bounds,
    shard,
  );
  if (!after) throw new RouteChanged();
  return after.get(PLACES_HELD_KEY) === places;
}

/** The admission counters, locked (lockAdmissionCounters), of an opportunity still recruiting. */
async function lockForAdmission(trx: Db, opportunityId: string, cells: readonly string[]) {
  const held = await lockAdmissionCounters(trx, opportunityId, cells);
  // Every status change sets `recruiting` under the places counter (setOpportunityStatus).
  if (held.counts[RECRUITING_KEY] !== 1) throw new NotRecruiting();
  return held;
}

/**
 * The counters of a new application: its status, its answers' statistics and, with a place, its
 * quota cells. Every applicant bumps the same status and statistics rows.
 */
function applicationCounters(status: string, applicant: Applicant, route: Route): string[] {
  return [
    statusCounterKey(status),
    ...screeningStatCounters(applicant.answers),
    ...(status === 'screen_passed' ? route.quotaCells : []),
  ];
}

/**
 * Routing (docs/screening.md, "Quotas") on the admission counters: failed applicants are screened
 * out; qualified ones must fit the quotas and the places left; then auto_invite invites a passed
 * applicant and everyone else qualified waits for the customer's decision.
 */
function routeApplication(
  terms: AdmissionTerms,
  { outcome, answers }: Applicant,
  counts: Readonly<Record<string, number>>,
): Route {
  if (outcome === 'failed') return SCREENED_OUT;
  const placesRemaining = freePlaces(terms.numParticipants, counts[PLACES_HELD_KEY] ?? 0);
  if (placesRemaining === 0) throw new NoPlaceLeft();
  const admission = quotaAdmission({
    quotas: terms.quotas,
    crossQuotas: terms.crossQuotas,
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
  const quotaCells = quotaCellsFor(answers, terms.quotas, terms.crossQuotas);
  if (outcome === 'passed' && !terms.manualReview) {
    return { status: 'screen_passed', quotaCells, closedReason: null, placesRemaining };
  }
  return { status: 'awaiting_decision', quotaCells, closedReason: null };
}
