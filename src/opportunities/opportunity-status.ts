/**
 * Internal statuses of an opportunity. The contract shows six (2.2); the others are settled or
 * preparatory states that the contract says report as draft.
 */
export const OPPORTUNITY_STATUSES = [
  'draft',
  'preparing',
  'active',
  'paused',
  'fulfilled',
  'stopped',
  'completed',
  'cancelled',
  'expired',
  'failed',
] as const;
export type OpportunityStatus = (typeof OPPORTUNITY_STATUSES)[number];

export const PUBLIC_OPPORTUNITY_STATUSES = [
  'draft',
  'active',
  'fulfilled',
  'paused',
  'stopped',
  'completed',
] as const;
export type PublicOpportunityStatus = (typeof PUBLIC_OPPORTUNITY_STATUSES)[number];

/**
 * Settled states (cancelled, expired, failed) and opportunities still being prepared read as
 * draft, and an expired study is no exception (docs/decisions/0030-opportunity-lifecycle.md).
 */
export function publicOpportunityStatus(status: OpportunityStatus): PublicOpportunityStatus {
  switch (status) {
    case 'preparing':
    case 'cancelled':
    case 'expired':
    case 'failed':
      return 'draft';
    default:
      return status;
  }
}

/** The internal statuses a `status=` list filter matches (draft includes those being prepared). */
export function internalStatusesFor(status: PublicOpportunityStatus): OpportunityStatus[] {
  return OPPORTUNITY_STATUSES.filter((s) => publicOpportunityStatus(s) === status);
}

export function isOpportunityStatus(value: string): value is OpportunityStatus {
  return (OPPORTUNITY_STATUSES as readonly string[]).includes(value);
}

/** Launched: charged at launch, so PATCH and DELETE answer 409 (docs/api/opportunities.md). */
export function isLaunched(status: OpportunityStatus): boolean {
  return ['active', 'paused', 'fulfilled', 'stopped', 'completed', 'expired'].includes(status);
}

/** Whether the opportunity takes new applicants. */
export function isRecruiting(status: OpportunityStatus): boolean {
  return status === 'active';
}
