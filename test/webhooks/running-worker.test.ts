import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from '../../src/platform/jobs/worker.ts';
import { engines } from '../support/harness.ts';
import {
  confirmedSubscription,
  deliveryRows,
  emitTestEvent,
  newCustomer,
  Receiver,
  startWebhookWorld,
  type WebhookWorld,
} from './support.ts';

/** Waits, without any bound on time but the test's own, until `done` holds. */
async function until(done: () => boolean | Promise<boolean>) {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * A worker running as `cohort serve` runs it (started, not drained): it hears of new work when the
 * change commits (docs/decisions/0127-workers-woken-by-commits.md), and a receiver that
 * hangs holds a few of its slots, never all of them.
 */
describe.each(engines())('a running webhook worker on %s', (engine) => {
  let world: WebhookWorld;
  const receivers: Receiver[] = [];
  let worker: Worker | undefined;
  beforeAll(async () => {
    // Attempts to a hanging receiver stay in flight for the whole test.
    world = await startWebhookWorld(engine, { webhookTimeoutMs: 120_000 });
  });
  afterAll(() => world.close());
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.down();
    await worker?.stop();
    worker = undefined;
    await world.clearJobs();
  });

  async function receiver() {
    const started = await Receiver.start();
    receivers.push(started);
    return started;
  }

  it('delivers to a healthy receiver while another receiver hangs with more queued than the worker has slots', async () => {
    const hanging = await receiver();
    const healthy = await receiver();
    const slow = await newCustomer(world);
    const fine = await newCustomer(world);
    const stuck = await confirmedSubscription(slow, hanging);
    await confirmedSubscription(fine, healthy);
    hanging.answer = () => 'hang';
    // The hanging receiver's events come first, and outnumber the worker's slots.
    for (let i = 0; i < 30; i++) await emitTestEvent(world, slow.organizationId);
    for (let i = 0; i < 5; i++) await emitTestEvent(world, fine.organizationId);

    worker = world.worker({ concurrency: 12, laneConcurrency: 4, pollMs: 50 });
    worker.start();
    await until(() => healthy.requests.length >= 5);

    // Still hanging: no attempt to it has come back, and at most its lane's share went out.
    expect(hanging.requests.length).toBeGreaterThan(0);
    expect(hanging.requests.length).toBeLessThanOrEqual(4);
    const stuckRows = await deliveryRows(world, stuck.id);
    expect(stuckRows).toHaveLength(30);
    expect(stuckRows.every((row) => row.status === 'pending' && row.attempts === 0)).toBe(true);
    expect(healthy.requests).toHaveLength(5);
  });

  it('runs more of a lane at once while its receiver keeps up, never more than laneBurst, also once it hangs', async () => {
    // Answers after 5 ms, or never once `hang` is set; counts the requests it holds at once.
    let inFlight = 0;
    let most = 0;
    let answered = 0;
    let hang = false;
    const server = http.createServer((req, res) => {
      inFlight++;
      most = Math.max(most, inFlight);
      req.resume();
      if (hang) return;
      setTimeout(() => {
        inFlight--;
        answered++;
        res.writeHead(204).end();
      }, 5);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const customer = await newCustomer(world);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await confirmedSubscription(customer, { url, requests: [] } as unknown as Receiver);
      answered = 0;
      most = 0;
      for (let i = 0; i < 80; i++) await emitTestEvent(world, customer.organizationId);
      worker = world.worker({ laneConcurrency: 2, laneBurst: 6, pollMs: 50 });
      worker.start();
      await until(() => answered >= 80);
      // It earned more than laneConcurrency, and never went past laneBurst.
      expect(most).toBeGreaterThan(2);
      expect(most).toBeLessThanOrEqual(6);

      // The receiver hangs with more queued: no more than laneBurst of them go out.
      hang = true;
      most = inFlight;
      for (let i = 0; i < 20; i++) await emitTestEvent(world, customer.organizationId);
      await until(() => inFlight > 0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(most).toBeLessThanOrEqual(6);
    } finally {
      // Hung attempts end when their connections close; then the worker can stop.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('claims a job the moment it is committed, with its poll an hour away', async () => {
    const target = await receiver();
    const customer = await newCustomer(world);
    await confirmedSubscription(customer, target);
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    expect(target.requests).toHaveLength(1);
    const [delivered] = (await customer.api.get('/v2/hooks/events')).body.data as { id: string }[];

    worker = world.worker({ pollMs: 3_600_000 });
    worker.start();
    // The first claim is made at start; after it the worker sleeps until woken or the hour is up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A retry queues a delivery job in the request's transaction: its commit wakes the worker.
    const retried = await customer.api.post(`/v2/hooks/events/${delivered!.id}/retry`);
    expect(retried.status).toBe(200);
    await until(() => target.requests.length >= 2);
    expect(JSON.parse(target.requests[1]!.body).id).toBe(JSON.parse(target.requests[0]!.body).id);
  });
});
