/**
 * The payload of every delivery (DESIGN section 3): `data` depends on `type`. Receivers
 * deduplicate on `id`, since a retry after a lost response delivers the same event again and
 * ordering per subscription is not promised.
 */
export interface WebhookEvent<Data = unknown> {
  id: string;
  type: string;
  created_at: string;
  data: Data;
}

export const WEBHOOK_EVENT_TYPES = [
  'webhook.ping',
  'submission.status.change',
  'opportunity.status.change',
  'applicant.created',
  'feasibility.status.change',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
