/**
 * The events the messages feature writes to the outbox (src/platform/events/outbox.ts); their data
 * is what webhook receivers get (docs/webhooks.md, "What a delivery looks like").
 */

/** A participant wrote to the organization about their submission. */
export interface MessageReceivedEvent {
  type: 'message.received';
  data: {
    message_id: string;
    submission_id: string;
    opportunity_id: string;
    participant_id: string;
    body: string;
    created_at: string;
  };
}

export type MessageEvent = MessageReceivedEvent;
