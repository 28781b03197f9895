/**
 * One serving process that may hold Idempotency-Key leases, with its heartbeat. Times are
 * milliseconds of the database's clock (lease-holder.ts).
 */
export interface ServerProcessesTable {
  /** `host:pid:random`, as the process's leases name it in idempotency_keys.holder. */
  id: string;
  started_at: number;
  heartbeat_at: number;
}
