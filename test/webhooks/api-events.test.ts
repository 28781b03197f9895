import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import { client, createTestOrganization, engines } from '../support/harness.ts';
import {
  type Customer,
  confirmedSubscription,
  Receiver,
  startWebhookWorld,
  verifies,
  type WebhookWorld,
} from './support.ts';

/** Events made by the other endpoints, through the API, arrive signed at the receiver. */
describe.each(engines())('webhooks for API changes on %s', (engine) => {
  let world: WebhookWorld;
  let receiver: Receiver;
  beforeAll(async () => {
    // What the server does before it listens: the audience pricing of a draft needs it.
    loadGeography();
    world = await startWebhookWorld(engine);
  });
  afterAll(() => world.close());
  afterEach(async () => {
    await receiver?.down();
    await world.clearJobs();
  });

  async function customerWithMoney(): Promise<Customer> {
    const organization = await createTestOrganization(world.server, { balanceCents: 1_000_000 });
    return { organizationId: organization.id, api: client(world.server, organization.apiKey) };
  }

  it('sends opportunity.status.change on launch and feasibility.status.change on a request', async () => {
    receiver = await Receiver.start();
    const customer = await customerWithMoney();
    const subscription = await confirmedSubscription(customer, receiver, [
      'opportunity.status.change',
      'feasibility.status.change',
    ]);
    const project = await customer.api.post('/v2/projects', { name: 'Studies' });
    const draft = await customer.api.post('/v2/opportunities', {
      title: 'Checkout study',
      description: 'How people pay online',
      project_id: project.body.id,
      num_participants: 4,
      expected_days_to_complete: 7,
      tasks: [
        {
          sequence: 1,
          task_type: 'interview',
          task_url: 'https://meet.example.com/room',
          title: 'Interview',
          description: 'A 30-minute call',
          duration_minutes: 30,
        },
      ],
    });
    expect(draft.status).toBe(200);
    const launched = await customer.api.post(`/v2/opportunities/${draft.body.id}/launch`, {});
    expect(launched.status).toBe(200);
    const feasibility = await customer.api.post('/v2/feasibility/requests', {
      taskDescription: 'Diary study',
      panelDescription: 'New parents',
      submissionCount: 50,
      timelineHours: 240,
      loiMinutes: 30,
    });
    expect(feasibility.status).toBe(200);

    await world.drain();
    const events = receiver.requests.map((request) => {
      expect(verifies(request, subscription.secret, world.now())).toBe(true);
      return JSON.parse(request.body);
    });
    expect(events.map((event) => event.data)).toEqual(
      expect.arrayContaining([
        {
          opportunity_id: draft.body.id,
          previous_status: 'draft',
          status: launched.body.status,
        },
        {
          feasibility_request_id: feasibility.body.id,
          previous_status: null,
          status: 'RECEIVED',
        },
      ]),
    );
    const log = await customer.api.get(`/v2/hooks/events?subscription_id=${subscription.id}`);
    expect(log.body.data.every((d: { status: string }) => d.status === 'delivered')).toBe(true);
    expect(log.body.data).toHaveLength(events.length);
  });
});
