import { domainEvent } from '../platform/events/domain-event.ts';
import type { PublicOpportunityStatus } from './opportunity-status.ts';

/**
 * The events the opportunities feature writes to the outbox (src/platform/events/outbox.ts);
 * their data is what webhook receivers get (docs/webhooks.md, "What a delivery looks like").
 */

/** An opportunity changed status, in the statuses the API shows. */
export interface OpportunityStatusChangeEvent {
  type: 'opportunity.status.change';
  data: {
    opportunity_id: string;
    previous_status: PublicOpportunityStatus;
    status: PublicOpportunityStatus;
  };
}

export type OpportunityEvent = OpportunityStatusChangeEvent;

/**
 * An opportunity is closing (stopped or expired), in the transaction that closes it, under its
 * lock: what has not started is withdrawn (submissions/ subscribes) before the refund is counted,
 * so the refund sees the places the withdrawals freed.
 */
export const opportunityClosing = domainEvent<{
  opportunityId: string;
  reason: string;
  /** When it closed, on the clock of the use case that closed it. */
  at: string;
}>('opportunity.closing');

/** Which opportunity, and when, for the outreach events below. */
export interface OutreachMoment {
  opportunityId: string;
  organizationId: string;
  now: Date;
}

/**
 * An opportunity was launched, in the launch's transaction: invitations/ subscribes and starts
 * its outreach waves when it has a plan (docs/decisions/0166-outreach-and-digests.md).
 */
export const opportunityLaunched = domainEvent<OutreachMoment>('opportunity.launched');

/**
 * A launched opportunity's outreach plan was set or cleared, in the edit's transaction, under its
 * lock: invitations/ starts the waves if none run.
 */
export const outreachChanged = domainEvent<OutreachMoment>('opportunity.outreach_changed');
