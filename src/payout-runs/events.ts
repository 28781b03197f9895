/**
 * The events the payout runs feature writes to the outbox (src/platform/events/outbox.ts); their
 * data is what webhook receivers get (docs/webhooks.md, "What a delivery looks like").
 */

/** A payout run paid its lines (and charged the organization their total). */
export interface PayoutRunCompletedEvent {
  type: 'payout_run.completed';
  data: {
    payout_run_id: string;
    opportunity_id: string;
    pay_frequency: 'hourly' | 'per_task';
    until: string;
    total_cents: number;
    line_count: number;
  };
}

export type PayoutRunEvent = PayoutRunCompletedEvent;
