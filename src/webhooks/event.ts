import type { BonusEvent } from '../bonuses/index.ts';
import type { FeasibilityEvent } from '../feasibility/index.ts';
import type { MessageEvent } from '../messages/index.ts';
import type { OpportunityEvent } from '../opportunities/index.ts';
import type { PayoutRunEvent } from '../payout-runs/index.ts';
import type { SessionEvent } from '../sessions/index.ts';
import type { SubmissionEvent } from '../submissions/index.ts';

/**
 * Every event Cohort writes to its outbox, one payload type per event type: each feature declares
 * its own in `<feature>/events.ts`, and webhooks, the outbox's reader, delivers their union.
 */
export type CohortEvent =
  | SubmissionEvent
  | OpportunityEvent
  | FeasibilityEvent
  | BonusEvent
  | PayoutRunEvent
  | MessageEvent
  | SessionEvent;

export type CohortEventType = CohortEvent['type'];

/**
 * The payload of every delivery (docs/webhooks.md, "What a delivery looks like"): `data` depends on
 * `type`. Receivers deduplicate on `id`, since a retry after a lost response delivers the same
 * event again and ordering per subscription is not promised.
 */
export interface WebhookEvent<Data = unknown> {
  id: string;
  type: string;
  created_at: string;
  data: Data;
}

/** Every type a subscription may name: the ping, and every event Cohort writes to its outbox. */
export type WebhookEventType = 'webhook.ping' | CohortEventType;

/**
 * The same types as a list, in the order GET /v2/hooks/event-types shows them; keyed by the type,
 * so a type added to CohortEvent and not listed here (or listed and not an event) fails to compile.
 */
const LISTED: Record<WebhookEventType, true> = {
  'webhook.ping': true,
  'submission.status.change': true,
  'opportunity.status.change': true,
  'applicant.created': true,
  'feasibility.status.change': true,
  'bonus.paid': true,
  'payout_run.completed': true,
  'message.received': true,
  'session.cancelled': true,
  'attendance.recorded': true,
};

export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = Object.keys(
  LISTED,
) as WebhookEventType[];
