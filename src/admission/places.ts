/** Submission statuses that hold a place (docs/decisions/0030-opportunity-lifecycle.md). */
export const PLACE_TAKING_STATUSES = [
  'screen_passed',
  'in_progress',
  'awaiting_review',
  'approved',
] as const;

/**
 * The counter of places held: the sum of the place-taking status counters, kept beside them by
 * bumpCounters. Its rows are the ones an admission locks
 * (docs/decisions/0141-admissions-without-the-opportunitys-lock.md and
 * docs/decisions/0143-counter-shards.md): its own shard's in a guarded upsert, or all of them, the
 * gate every other increment of a place takes too. The four status rows it sums are bumped by every
 * status change, so locking them would make admissions wait on changes that move no place.
 */
export const PLACES_HELD_KEY = 'places_held';

/**
 * The flag that is 1 on every shard while the opportunity is active (admits applicants) and 0
 * otherwise, set by every status change (setOpportunityStatus) under the places counter's lock:
 * an admission reads its shard's in the statement that takes its place, so it needs no second
 * read of the opportunity while other applicants wait.
 */
export const RECRUITING_KEY = 'recruiting';

/** Counts places taken from per-status submission counts (missing statuses count 0). */
export function countTakenPlaces(counts: Partial<Record<string, number>>): number {
  return PLACE_TAKING_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
}

/** Places still open to applicants; never negative. */
export function freePlaces(numParticipants: number, taken: number): number {
  return Math.max(0, numParticipants - taken);
}

/** Whether a submission in this status holds one of the opportunity's places. */
export function holdsPlace(status: string): boolean {
  return (PLACE_TAKING_STATUSES as readonly string[]).includes(status);
}
