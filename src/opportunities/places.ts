/** Submission statuses that hold a place (docs/decisions.md, "Opportunity lifecycle"). */
export const PLACE_TAKING_STATUSES = [
  'screen_passed',
  'in_progress',
  'awaiting_review',
  'approved',
] as const;

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
