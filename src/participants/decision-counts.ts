/**
 * A participant's record of decisions (docs/decisions/0168-reputation.md): how many of their
 * submissions were approved, how many were decided (approved or rejected), and the approval rate,
 * the percent of decided ones approved, rounded down, or null before a first decision. Kept in the
 * transaction of each status change (submissions' status-change.ts), so the `integer--approval_rate`
 * and `integer--approved_submissions` filters read columns rather than count submissions.
 */

export interface DecisionCounts {
  approved: number;
  decided: number;
}

/** The counts a status change moves, each -1, 0 or +1: leaving a decision takes it back. */
export function decisionDelta(from: string, to: string): DecisionCounts {
  const approved = (to === 'approved' ? 1 : 0) - (from === 'approved' ? 1 : 0);
  const decided = (isDecided(to) ? 1 : 0) - (isDecided(from) ? 1 : 0);
  return { approved, decided };
}

const isDecided = (status: string) => status === 'approved' || status === 'rejected';

/** Percent approved of decided, rounded down; null with no decision (no bound on it matches). */
export function approvalRate(counts: DecisionCounts): number | null {
  return counts.decided > 0 ? Math.floor((counts.approved * 100) / counts.decided) : null;
}

/** The counts of a set of statuses, as a recount from submissions finds them. */
export function countDecisions(statuses: Iterable<string>): DecisionCounts {
  const counts = { approved: 0, decided: 0 };
  for (const status of statuses) {
    const delta = decisionDelta('none', status);
    counts.approved += delta.approved;
    counts.decided += delta.decided;
  }
  return counts;
}
