/**
 * The events the bonuses feature writes to the outbox (src/platform/events/outbox.ts); their data
 * is what webhook receivers get (docs/webhooks.md, "What a delivery looks like").
 */

/** A bonus was paid to a submission's participant (one event per bonus). */
export interface BonusPaidEvent {
  type: 'bonus.paid';
  data: {
    bonus_id: string;
    opportunity_id: string;
    submission_id: string;
    participant_id: string;
    amount_cents: number;
    fee_cents: number;
    reason: string | null;
  };
}

export type BonusEvent = BonusPaidEvent;
