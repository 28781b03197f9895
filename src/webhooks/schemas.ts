import { type Static, Type } from 'typebox';
import { PageQuery, Pagination } from '../platform/http/pagination.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Timestamp = Type.String({ format: 'date-time' });

export const WebhookSubscription = Type.Object({
  id: Type.String({ examples: ['whk_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  target_url: Type.String(),
  event_types: Type.Array(Type.String(), { examples: [['submission.status.change']] }),
  is_enabled: Type.Boolean({ description: 'false once disabled (see disabled_reason)' }),
  confirmed_at: Nullable(Timestamp),
  disabled_at: Nullable(Timestamp),
  disabled_reason: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const CreatedWebhookSubscription = Type.Object({
  ...WebhookSubscription.properties,
  secret: Type.String({
    description: 'The signing secret; shown only here and on rotation',
    examples: ['whsec_3q2+7w0n4hV2bZQk2k9yH8mC0xq5w7m3R6cQ8yJmQ0A='],
  }),
});

export const WebhookSubscriptionList = Type.Object({
  data: Type.Array(WebhookSubscription),
  pagination: Pagination,
});

export const CreateSubscriptionBody = Type.Object(
  {
    target_url: Type.String({ minLength: 1, description: 'https or http URL receiving POSTs' }),
    event_types: Type.Array(Type.String({ minLength: 1 }), {
      minItems: 1,
      description: 'Event types to receive; GET /v2/hooks/event-types lists them',
    }),
  },
  { additionalProperties: false },
);

export const ConfirmBody = Type.Object(
  {},
  { additionalProperties: false, description: 'Must be the JSON object {}' },
);

export const SubscriptionParams = Type.Object({ subscriptionId: Type.String() });

export const SecretResponse = Type.Object({ secret: Type.String() });

export const DeletedSubscription = Type.Object({
  id: Type.String(),
  deleted: Type.Literal(true),
});

export const RecoverBody = Type.Object(
  {
    since: Type.String({
      minLength: 1,
      description: 'ISO 8601 time; failed deliveries created at or after it are sent again',
    }),
  },
  { additionalProperties: false },
);

export const RecoverResponse = Type.Object({
  subscription_id: Type.String(),
  since: Timestamp,
  requeued: Type.Integer({ description: 'Failed deliveries queued for an attempt now' }),
});

export const DeliveryStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('delivered'),
  Type.Literal('failed'),
]);

export const WebhookDelivery = Type.Object({
  id: Type.String({ examples: ['dlv_01jh3k4m5n6p7q8r9s0t1v2w3x'] }),
  subscription_id: Type.String(),
  event_id: Type.String({ description: 'Also the X-Service-Event-Id header: deduplicate on it' }),
  event_type: Type.String(),
  payload: Type.Object(
    {
      id: Type.String(),
      type: Type.String(),
      created_at: Timestamp,
      data: Type.Unknown(),
    },
    { description: 'The body sent, parsed' },
  ),
  status: DeliveryStatus,
  attempts: Type.Integer(),
  last_attempt_at: Nullable(Timestamp),
  next_attempt_at: Nullable(Timestamp),
  last_response_status: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Nullable(
    Type.String({ description: 'Why the last attempt failed (a timeout, a status, ...)' }),
  ),
  created_at: Timestamp,
});

export const WebhookDeliveryList = Type.Object({
  data: Type.Array(WebhookDelivery),
  pagination: Pagination,
});

export const ListDeliveriesQuery = Type.Object({
  ...PageQuery.properties,
  subscription_id: Type.Optional(Type.String({ minLength: 1 })),
  status: Type.Optional(DeliveryStatus),
});

export const DeliveryParams = Type.Object({ deliveryId: Type.String() });

export const EventTypeList = Type.Object({
  data: Type.Array(Type.Object({ type: Type.String(), description: Type.String() })),
});

export type WebhookSubscriptionResponse = Static<typeof WebhookSubscription>;
export type WebhookDeliveryResponse = Static<typeof WebhookDelivery>;
