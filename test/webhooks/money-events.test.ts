import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_SCHEMAS } from '../../src/webhooks/event-schemas.ts';
import { client, createTestOrganization, engines } from '../support/harness.ts';
import { GATED_SECOND_TASK, LONG_TASK, payingStudy, startWork } from '../support/money.ts';
import { loadGeographyOnce } from '../support/participant-side.ts';
import {
  confirmedSubscription,
  Receiver,
  startWebhookWorld,
  verifies,
  type WebhookWorld,
} from './support.ts';

/** bonus.paid, payout_run.completed and message.received arrive signed, as their schemas say. */
describe.each(engines())('money and message events on %s', (engine) => {
  let world: WebhookWorld;
  let receiver: Receiver;
  beforeAll(async () => {
    loadGeographyOnce();
    world = await startWebhookWorld(engine);
  }, 60_000);
  afterAll(() => world.close());
  afterEach(async () => {
    await receiver?.down();
    await world.clearJobs();
  });

  it('delivers each new event type to a subscription that names it', async () => {
    receiver = await Receiver.start();
    const organization = await createTestOrganization(world.server, { balanceCents: 1_000_000 });
    const customer = {
      organizationId: organization.id,
      api: client(world.server, organization.apiKey),
    };
    const subscription = await confirmedSubscription(customer, receiver, [
      'bonus.paid',
      'payout_run.completed',
      'message.received',
    ]);
    const study = await payingStudy(world.server, organization, {
      pay: { frequency: 'per_task', taskPriceCents: 900 },
      tasks: [LONG_TASK, GATED_SECOND_TASK],
    });
    const worker = await startWork(world.server, { now: world.now() }, study.id);
    await worker.submit(1);
    await customer.api.post(`/v2/submissions/${worker.submissionId}/approve`, {});
    const run = await customer.api.post(`/v2/opportunities/${study.id}/payout-runs`, {});
    expect(run.body.total_cents).toBe(900);
    const bonus = await customer.api.post(`/v2/opportunities/${study.id}/bonuses`, {
      bonuses: [{ submission_id: worker.submissionId, amount_cents: 150, reason: 'Quick' }],
    });
    expect(bonus.status).toBe(200);
    const reply = await worker.api.post(
      `/v2/participant/submissions/${worker.submissionId}/messages`,
      {
        body: 'When is part two due?',
      },
    );
    expect(reply.status).toBe(200);

    await world.drain();
    const events = receiver.requests.map((request) => {
      expect(verifies(request, subscription.secret, world.now())).toBe(true);
      expect(request.headers['x-service-event-type']).toBeDefined();
      return JSON.parse(request.body);
    });
    expect(events.map((event) => event.type).sort()).toEqual([
      'bonus.paid',
      'message.received',
      'payout_run.completed',
    ]);
    for (const event of events) {
      expect(
        Value.Check(WEBHOOK_EVENT_SCHEMAS[event.type as 'bonus.paid'], event),
        event.type,
      ).toBe(true);
    }
    const byType = Object.fromEntries(events.map((event) => [event.type, event.data]));
    expect(byType['payout_run.completed']).toMatchObject({
      payout_run_id: run.body.id,
      total_cents: 900,
    });
    expect(byType['bonus.paid']).toMatchObject({
      bonus_id: bonus.body.data[0].id,
      amount_cents: 150,
    });
    expect(byType['message.received']).toMatchObject({
      message_id: reply.body.id,
      body: 'When is part two due?',
    });
  });
});
