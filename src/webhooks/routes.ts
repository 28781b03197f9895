import { apiKeyActor } from '../audit/index.ts';
import { NotFoundError } from '../platform/errors.ts';
import { customerOf } from '../platform/http/auth.ts';
import type { AppContext } from '../platform/http/context.ts';
import { errorResponses } from '../platform/http/error-schemas.ts';
import { PageQuery, toPage } from '../platform/http/pagination.ts';
import type { App } from '../platform/http/types.ts';
import { findDelivery, listDeliveries } from './deliveries.store.ts';
import { eventTypeList } from './event-types.ts';
import { recoverFailedDeliveries, retryDelivery } from './replay.ts';
import {
  ConfirmBody,
  CreatedWebhookSubscription,
  CreateSubscriptionBody,
  DeletedSubscription,
  DeliveryParams,
  EventTypeList,
  ListDeliveriesQuery,
  RecoverBody,
  RecoverResponse,
  SecretResponse,
  SubscriptionParams,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookSubscription,
  WebhookSubscriptionList,
} from './schemas.ts';
import { findSubscription, listSubscriptions, subscriptionExists } from './subscriptions.store.ts';
import {
  confirmWebhookSubscription,
  createWebhookSubscription,
  deleteWebhookSubscription,
  rotateWebhookSecret,
} from './subscriptions.ts';
import { deliveryRowToDelivery, subscriptionRowToSubscription } from './views.ts';

const tags = ['Webhooks'];

/** Subscriptions, the delivery log, and replays (docs/decisions/0113-webhook-secrets-sealed-at-rest.md). */
export function hookRoutes(app: App, { database, config, clock }: AppContext) {
  const { db } = database;
  const EVENT_TYPES = { data: eventTypeList() };

  app.get(
    '/hooks/event-types',
    {
      schema: {
        tags,
        summary: 'Every event type a subscription can receive, with what its data holds',
        response: { 200: EventTypeList, ...errorResponses() },
      },
    },
    async () => EVENT_TYPES,
  );

  app.post(
    '/hooks/subscriptions',
    {
      schema: {
        tags,
        summary: 'Create a subscription (unconfirmed); the secret is shown only here',
        body: CreateSubscriptionBody,
        response: { 200: CreatedWebhookSubscription, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { subscription, secret } = await createWebhookSubscription(
        db,
        organization.id,
        request.body,
        { settings: config, now: clock(), actor: apiKeyActor(customerOf(request).key) },
      );
      return { ...subscriptionRowToSubscription(subscription), secret };
    },
  );

  app.get(
    '/hooks/subscriptions',
    {
      schema: {
        tags,
        summary: 'List subscriptions, newest first (deleted ones omitted)',
        querystring: PageQuery,
        response: { 200: WebhookSubscriptionList, ...errorResponses('BAD_REQUEST') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const limit = request.query.limit ?? 25;
      const rows = await listSubscriptions(db, organization.id, {
        limit,
        cursor: request.query.cursor,
      });
      return toPage(rows, limit, (row) => [row.id], subscriptionRowToSubscription);
    },
  );

  app.get(
    '/hooks/subscriptions/:subscriptionId',
    {
      schema: {
        tags,
        summary: 'Read a subscription',
        params: SubscriptionParams,
        response: { 200: WebhookSubscription, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { subscriptionId } = request.params;
      const row = await findSubscription(db, organization.id, subscriptionId);
      if (!row) throw new NotFoundError('Webhook subscription', subscriptionId);
      return subscriptionRowToSubscription(row);
    },
  );

  app.post(
    '/hooks/subscriptions/:subscriptionId',
    {
      schema: {
        tags,
        summary: 'Confirm: send a signed webhook.ping now; a 2xx answer confirms (and re-enables)',
        params: SubscriptionParams,
        body: ConfirmBody,
        response: {
          200: WebhookSubscription,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'PRECONDITION_FAILED'),
        },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const row = await confirmWebhookSubscription(
        db,
        organization.id,
        request.params.subscriptionId,
        { settings: config, clock, actor: apiKeyActor(customerOf(request).key) },
      );
      return subscriptionRowToSubscription(row);
    },
  );

  app.post(
    '/hooks/subscriptions/:subscriptionId/secret',
    {
      schema: {
        tags,
        summary:
          'Rotate the signing secret; every later attempt, queued ones too, uses the new one',
        params: SubscriptionParams,
        response: { 200: SecretResponse, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const secret = await rotateWebhookSecret(db, organization.id, request.params.subscriptionId, {
        settings: config,
        now: clock(),
        actor: apiKeyActor(customerOf(request).key),
      });
      return { secret };
    },
  );

  app.delete(
    '/hooks/subscriptions/:subscriptionId',
    {
      schema: {
        tags,
        summary: 'Delete: sending stops at once, queued retries included; deliveries stay readable',
        params: SubscriptionParams,
        response: { 200: DeletedSubscription, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { subscriptionId } = request.params;
      await deleteWebhookSubscription(db, organization.id, subscriptionId, {
        now: clock(),
        actor: apiKeyActor(customerOf(request).key),
      });
      return { id: subscriptionId, deleted: true as const };
    },
  );

  app.post(
    '/hooks/subscriptions/:subscriptionId/recover',
    {
      schema: {
        tags,
        summary: 'Send again every failed delivery of the subscription created since a time',
        params: SubscriptionParams,
        body: RecoverBody,
        response: {
          200: RecoverResponse,
          ...errorResponses('BAD_REQUEST', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { subscriptionId } = request.params;
      const result = await recoverFailedDeliveries(
        db,
        organization.id,
        subscriptionId,
        request.body.since,
        new Date(clock()),
        apiKeyActor(customerOf(request).key),
      );
      return { subscription_id: subscriptionId, ...result };
    },
  );

  app.get(
    '/hooks/events',
    {
      schema: {
        tags,
        summary: 'The delivery log, newest first; filter by subscription_id and status',
        querystring: ListDeliveriesQuery,
        response: { 200: WebhookDeliveryList, ...errorResponses('BAD_REQUEST', 'NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { limit = 25, cursor, subscription_id, status } = request.query;
      if (
        subscription_id !== undefined &&
        !(await subscriptionExists(db, organization.id, subscription_id))
      ) {
        throw new NotFoundError('Webhook subscription', subscription_id);
      }
      const rows = await listDeliveries(db, organization.id, {
        limit,
        cursor,
        subscriptionId: subscription_id,
        status,
      });
      return toPage(rows, limit, (row) => [row.id], deliveryRowToDelivery);
    },
  );

  app.get(
    '/hooks/events/:deliveryId',
    {
      schema: {
        tags,
        summary: 'Read one delivery',
        params: DeliveryParams,
        response: { 200: WebhookDelivery, ...errorResponses('NOT_FOUND') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const { deliveryId } = request.params;
      const row = await findDelivery(db, organization.id, deliveryId);
      if (!row) throw new NotFoundError('Webhook delivery', deliveryId);
      return deliveryRowToDelivery(row);
    },
  );

  app.post(
    '/hooks/events/:deliveryId/retry',
    {
      schema: {
        tags,
        summary: 'Send a delivery again now ({deliveryId} is a delivery id from GET /hooks/events)',
        params: DeliveryParams,
        response: { 200: WebhookDelivery, ...errorResponses('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const { organization } = customerOf(request);
      const row = await retryDelivery(
        db,
        organization.id,
        request.params.deliveryId,
        new Date(clock()),
        apiKeyActor(customerOf(request).key),
      );
      return deliveryRowToDelivery(row);
    },
  );
}
