import { type Static, type TSchema, Type } from 'typebox';
import { PUBLIC_OPPORTUNITY_STATUSES } from '../opportunities/index.ts';
import type { DocumentedWebhook } from '../platform/http/openapi.ts';
import { type CohortEvent, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './event.ts';
import { EVENT_TYPE_DESCRIPTIONS } from './event-types.ts';

/**
 * The body of every delivery, one schema per event type, for the OpenAPI document's `webhooks`
 * (and so the SDK's types). The data types are the features' own (`<feature>/events.ts`); the
 * checks at the end of this file fail to compile when a schema and its event drift apart.
 */

const Timestamp = Type.String({ format: 'date-time' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

function envelope<T extends string, D extends TSchema>(type: T, data: D, description: string) {
  return Type.Object(
    {
      id: Type.String({ description: 'The event id (evt_...): deduplicate on it' }),
      type: Type.Literal(type),
      created_at: Timestamp,
      data,
    },
    { description },
  );
}

export const WebhookPingEvent = envelope(
  'webhook.ping',
  Type.Object({ subscription_id: Type.String() }),
  'Sent once when a subscription is confirmed',
);

export const SubmissionStatusChangeEvent = envelope(
  'submission.status.change',
  Type.Object({
    submission_id: Type.String(),
    opportunity_id: Type.String(),
    participant_id: Type.String(),
    previous_status: NullableString,
    status: Type.String(),
  }),
  'A submission changed status; a new application has previous_status null',
);

export const OpportunityStatusChangeEvent = envelope(
  'opportunity.status.change',
  Type.Object({
    opportunity_id: Type.String(),
    previous_status: Type.Enum(PUBLIC_OPPORTUNITY_STATUSES),
    status: Type.Enum(PUBLIC_OPPORTUNITY_STATUSES),
  }),
  'An opportunity changed status (as the API shows statuses)',
);

export const ApplicantCreatedEvent = envelope(
  'applicant.created',
  Type.Object({
    applicant_id: Type.String(),
    opportunity_id: Type.String(),
    participant_id: Type.String(),
    screening_outcome: NullableString,
  }),
  'A participant qualified and waits for your invite or decline',
);

export const FeasibilityStatusChangeEvent = envelope(
  'feasibility.status.change',
  Type.Object({
    feasibility_request_id: Type.String(),
    previous_status: NullableString,
    status: Type.String(),
  }),
  'A feasibility request was received or moved',
);

export const BonusPaidEvent = envelope(
  'bonus.paid',
  Type.Object({
    bonus_id: Type.String(),
    opportunity_id: Type.String(),
    submission_id: Type.String(),
    participant_id: Type.String(),
    amount_cents: Type.Integer(),
    fee_cents: Type.Integer(),
    reason: NullableString,
  }),
  'A bonus was paid (one event per bonus)',
);

export const PayoutRunCompletedEvent = envelope(
  'payout_run.completed',
  Type.Object({
    payout_run_id: Type.String(),
    opportunity_id: Type.String(),
    pay_frequency: Type.Union([Type.Literal('hourly'), Type.Literal('per_task')]),
    until: Timestamp,
    total_cents: Type.Integer(),
    line_count: Type.Integer(),
  }),
  'A payout run paid its lines',
);

export const MessageReceivedEvent = envelope(
  'message.received',
  Type.Object({
    message_id: Type.String(),
    submission_id: Type.String(),
    opportunity_id: Type.String(),
    participant_id: Type.String(),
    body: Type.String({ description: 'Plain text: never render it as HTML' }),
    created_at: Timestamp,
  }),
  'A participant wrote to you about their submission',
);

export const SessionCancelledEvent = envelope(
  'session.cancelled',
  Type.Object({
    session_id: Type.String(),
    opportunity_id: Type.String(),
    lab_id: Type.Union([Type.String(), Type.Null()]),
    starts_at: Timestamp,
    submission_ids: Type.Array(Type.String()),
  }),
  'A lab session was cancelled: everyone enrolled was mailed and their seats went back',
);

export const AttendanceRecordedEvent = envelope(
  'attendance.recorded',
  Type.Object({
    session_id: Type.String(),
    opportunity_id: Type.String(),
    entries: Type.Array(
      Type.Object({
        submission_id: Type.String(),
        participant_id: Type.String(),
        status: Type.Union([
          Type.Literal('participated'),
          Type.Literal('showed_up_not_needed'),
          Type.Literal('no_show'),
          Type.Literal('excused'),
        ]),
      }),
    ),
  }),
  'Attendance was recorded on a lab session',
);

/** The outbox's events' schemas, keyed by the type (the ping is sent apart from the outbox). */
const OUTBOX_EVENT_SCHEMAS = {
  'submission.status.change': SubmissionStatusChangeEvent,
  'opportunity.status.change': OpportunityStatusChangeEvent,
  'applicant.created': ApplicantCreatedEvent,
  'feasibility.status.change': FeasibilityStatusChangeEvent,
  'bonus.paid': BonusPaidEvent,
  'payout_run.completed': PayoutRunCompletedEvent,
  'message.received': MessageReceivedEvent,
  'session.cancelled': SessionCancelledEvent,
  'attendance.recorded': AttendanceRecordedEvent,
} as const;

/** Every type's schema, keyed by the type: a type without a schema does not compile. */
export const WEBHOOK_EVENT_SCHEMAS: Record<WebhookEventType, TSchema> = {
  'webhook.ping': WebhookPingEvent,
  ...OUTBOX_EVENT_SCHEMAS,
};

/** The document's `webhooks` section (src/platform/http/openapi.ts): one entry per event type. */
export const WEBHOOK_DOCUMENTATION: readonly DocumentedWebhook[] = WEBHOOK_EVENT_TYPES.map(
  (type) => ({
    type,
    description: EVENT_TYPE_DESCRIPTIONS[type],
    payload: WEBHOOK_EVENT_SCHEMAS[type],
  }),
);

// Each schema's data is exactly its event's data, both ways: a field added to either side alone
// does not compile.
type DataOf<T extends CohortEvent['type']> = Extract<CohortEvent, { type: T }>['data'];
type SchemaData<T extends CohortEvent['type']> = Static<(typeof OUTBOX_EVENT_SCHEMAS)[T]>['data'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemasMatchEvents: { [T in CohortEvent['type']]: Same<SchemaData<T>, DataOf<T>> } = {
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
void schemasMatchEvents;
