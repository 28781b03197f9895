import { sql } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import { decisionDelta } from './decision-counts.ts';

/**
 * Moves a participant's counts by the status change of one of their submissions, in the caller's
 * transaction: one UPDATE that adds to what is stored and computes the rate from the new counts
 * (approvalRate's rule, integer division of non-negative numbers on both engines), so two decisions
 * on one person at once each add theirs and never overwrite the other's. Nothing for a change that
 * moves no count.
 */
export async function recordDecision(
  trx: Db,
  participantId: string,
  from: string,
  to: string,
): Promise<void> {
  const delta = decisionDelta(from, to);
  if (delta.approved === 0 && delta.decided === 0) return;
  // Literals rather than parameters: each is -1, 0 or 1, and PostgreSQL then types every sum as
  // the integer column it adds to.
  const approved = sql.lit(delta.approved);
  const decided = sql.lit(delta.decided);
  await trx
    .updateTable('participants')
    .set({
      approved_submissions: sql<number>`approved_submissions + ${approved}`,
      decided_submissions: sql<number>`decided_submissions + ${decided}`,
      approval_rate: sql<number | null>`case when decided_submissions + ${decided} > 0
        then ((approved_submissions + ${approved}) * 100) / (decided_submissions + ${decided})
        else null end`,
    })
    .where('id', '=', participantId)
    .execute();
}
