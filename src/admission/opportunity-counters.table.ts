import type { Generated } from 'kysely';

/**
 * Running counts per opportunity, incremented in the transaction of each change, so launched
 * opportunities read their statistics without scanning submissions. Keys:
 * - `status:<submission status>`: submissions (and `status:awaiting_decision` applicants) by status
 * - quota and cross-quota cells, as src/screening's quotaCellKey / crossQuotaCellKey make them
 * - screening statistics, as src/screening's screeningStatCounters makes them
 *
 * A counter is the sum of its rows over `shard` (counter-shards.ts): concurrent applicants write
 * different rows.
 */
export interface OpportunityCountersTable {
  opportunity_id: string;
  counter_key: string;
  shard: Generated<number>;
  value: number;
}
