import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPE_HEADER } from '../../src/webhooks/signature.ts';
import { engines } from '../support/harness.ts';
import {
  type Customer,
  deliveryRows,
  emitTestEvent,
  newCustomer,
  Receiver,
  startWebhookWorld,
  verifies,
  type WebhookWorld,
} from '../webhooks/support.ts';
import { Browserless, createDashboardUser, csrfOf } from './support.ts';

/** Webhooks in the dashboard: subscriptions, a test ping, recent deliveries, replay, a new secret. */
describe.each(engines())('webhook settings in the dashboard on %s', (engine) => {
  let world: WebhookWorld;
  let receiver: Receiver;
  let customer: Customer;
  let browser: Browserless;
  let subscriptionId: string;

  beforeAll(async () => {
    world = await startWebhookWorld(engine);
    receiver = await Receiver.start();
    customer = await newCustomer(world);
    const owner = await createDashboardUser(world.server, customer.organizationId, 'owner');
    browser = new Browserless(world.server.url);
    await browser.signIn(owner.email, owner.password);
  }, 60_000);
  afterAll(async () => {
    await receiver?.down();
    await world?.close();
  });

  const submit = async (action: string) => {
    const page = await browser.get('/dashboard/settings/webhooks');
    return browser.post(action, { _csrf: csrfOf(page.text) });
  };

  it('lists a new subscription and confirms it with a test ping', async () => {
    const created = await customer.api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change'],
    });
    subscriptionId = created.body.id;
    const before = await browser.get('/dashboard/settings/webhooks');
    expect(before.status).toBe(200);
    expect(before.text).toContain(`${receiver.url}/hooks`);
    expect(before.text).toContain('not confirmed yet');
    const pinged = await submit(`/dashboard/settings/webhooks/${subscriptionId}/ping`);
    expect(pinged.status).toBe(303);
    expect(receiver.requests.at(-1)?.headers[EVENT_TYPE_HEADER.toLowerCase()]).toBe('webhook.ping');
    const after = await browser.get('/dashboard/settings/webhooks');
    expect(after.text).toContain('The receiver answered the test ping');
    expect(after.text).toContain('sending, confirmed');
  });

  it('shows deliveries with their response code, and replays one', async () => {
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    const page = await browser.get('/dashboard/settings/webhooks');
    expect(page.text).toMatch(
      /<td>submission\.status\.change<\/td>[\s\S]*?<td>delivered<\/td>\s*<td>204<\/td>/,
    );
    const [delivery] = await deliveryRows(world, subscriptionId);
    const replayed = await submit(`/dashboard/settings/webhooks/deliveries/${delivery!.id}/replay`);
    expect(replayed.status).toBe(303);
    await world.drain();
    const [again] = await deliveryRows(world, subscriptionId);
    expect(again!.attempts).toBe(delivery!.attempts + 1);
  });

  it('shows a new secret once, and signs the next delivery with it', async () => {
    const rotated = await submit(`/dashboard/settings/webhooks/${subscriptionId}/secret`);
    expect(rotated.status).toBe(201);
    const secret = /id="new-secret" class="code" readonly value="([^"]+)"/.exec(rotated.text)![1]!;
    expect((await browser.get('/dashboard/settings/webhooks')).text).not.toContain(secret);
    receiver.requests.length = 0;
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    expect(verifies(receiver.requests[0]!, secret, world.now())).toBe(true);
  });

  it('lets a viewer look but not act', async () => {
    const viewer = await createDashboardUser(world.server, customer.organizationId, 'viewer');
    const theirs = new Browserless(world.server.url);
    await theirs.signIn(viewer.email, viewer.password);
    const page = await theirs.get('/dashboard/settings/webhooks');
    expect(page.text).toContain(`${receiver.url}/hooks`);
    expect(page.text).not.toContain('Send a test ping');
    const refused = await theirs.post(`/dashboard/settings/webhooks/${subscriptionId}/secret`, {
      _csrf: csrfOf(page.text),
    });
    expect(refused.status).toBe(403);
  });

  it('records every subscription change in the audit log, never the secret', async () => {
    const created = await customer.api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/audited`,
      event_types: ['submission.status.change'],
    });
    const id = created.body.id as string;
    const rotated = await customer.api.post(`/v2/hooks/subscriptions/${id}/secret`, {});
    expect(rotated.status).toBe(200);
    expect((await customer.api.delete(`/v2/hooks/subscriptions/${id}`)).status).toBe(200);
    // A refused change records nothing.
    expect((await customer.api.delete(`/v2/hooks/subscriptions/${id}`)).status).toBe(404);

    const events = (await customer.api.get('/v2/audit-events?limit=100')).body.data as {
      action: string;
      actor_kind: string;
      subject_id: string;
    }[];
    const actions = (subject: string) =>
      events
        .filter((event) => event.subject_id === subject)
        .map((event) => `${event.action} by ${event.actor_kind}`)
        .reverse();
    expect(actions(id)).toEqual([
      'webhook_subscription.created by api_key',
      'webhook_subscription.secret_rotated by api_key',
      'webhook_subscription.deleted by api_key',
    ]);
    // The first subscription was confirmed, replayed and given a new secret in the dashboard.
    expect(actions(subscriptionId)).toEqual([
      'webhook_subscription.created by api_key',
      'webhook_subscription.confirmed by session',
      'webhook_subscription.secret_rotated by session',
    ]);
    expect(events.some((event) => event.action === 'webhook_delivery.replayed')).toBe(true);
    const log = JSON.stringify(events);
    expect(log).not.toContain(created.body.secret);
    expect(log).not.toContain(rotated.body.secret);
  });
});
