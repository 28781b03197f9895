import type { Selectable } from 'kysely';

/**
 * A customer's webhook endpoint (docs/api/webhooks.md). Deleted ones stay, so their deliveries
 * read.
 */
export interface WebhookSubscriptionsTable {
  id: string;
  organization_id: string;
  target_url: string;
  /** JSON array of event type names. */
  event_types: string;
  /**
   * The signing secret, sealed with the installation key (secret-at-rest.ts): HMAC needs it in
   * clear, so it cannot be a hash, and a copy of the database alone must not reveal it.
   */
  secret: string;
  /** Set when the receiver answered the signed ping with a 2xx; only then are events sent. */
  confirmed_at: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** Start of the current unbroken run of failed attempts; null after any success. */
  failing_since: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export type WebhookSubscriptionRow = Selectable<WebhookSubscriptionsTable>;
