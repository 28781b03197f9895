/**
 * The events the feasibility feature writes to the outbox (src/platform/events/outbox.ts); their
 * data is what webhook receivers get (docs/webhooks.md, "What a delivery looks like").
 */

/** A feasibility request was received (`previous_status` null) or moved. */
export interface FeasibilityStatusChangeEvent {
  type: 'feasibility.status.change';
  data: {
    feasibility_request_id: string;
    previous_status: string | null;
    status: string;
  };
}

export type FeasibilityEvent = FeasibilityStatusChangeEvent;
