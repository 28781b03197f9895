export interface RateLimitsTable {
  key_id: string;
  accepted_count: number;
  /** Unix milliseconds of the last accepted request. */
  last_accepted_at: number;
  /** Whether the request that last wrote this row was accepted; read back by the same statement. */
  last_decision_accepted: number;
}
