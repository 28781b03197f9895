import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSubmission } from '../../fixtures/submission.ts';
import { writeEvent } from '../../src/platform/events/outbox.ts';
import { webhookDeliveryOutcomes } from '../../src/platform/http/metrics.ts';
import { claimJobs, finishJobsDone } from '../../src/platform/jobs/store.ts';
import { webhookDeliveryJob } from '../../src/webhooks/delivery.job.ts';
import { webhookFanOutJob } from '../../src/webhooks/fan-out.job.ts';
import { DELIVERY_JOB_KIND } from '../../src/webhooks/jobs.ts';
import { engines } from '../support/harness.ts';
import {
  type Customer,
  confirmedSubscription,
  deliveryRows,
  emitTestEvent,
  newCustomer,
  Receiver,
  type Reply,
  startWebhookWorld,
  verifies,
  type WebhookWorld,
} from './support.ts';

async function outcomeCounts(): Promise<Record<string, number>> {
  const { values } = await webhookDeliveryOutcomes.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.outcome), v.value]));
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe.each(engines())('webhook delivery on %s', (engine) => {
  let world: WebhookWorld;
  let receiver: Receiver;
  let customer: Customer;
  beforeAll(async () => {
    world = await startWebhookWorld(engine);
  });
  afterAll(() => world.close());
  afterEach(async () => {
    await receiver?.down();
    await world.clearJobs();
  });

  async function setup() {
    receiver = await Receiver.start();
    customer = await newCustomer(world);
    return customer;
  }

  /** A confirmed subscription, its receiver answering `reply`, and a test event's first attempt made. */
  async function firstAttemptAnswered(reply: Reply) {
    await setup();
    const subscription = await confirmedSubscription(customer, receiver);
    receiver.answer = () => reply;
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    return subscription;
  }

  async function log(query = '') {
    const page = await customer.api.get(`/v2/hooks/events${query}`);
    expect(page.status).toBe(200);
    return page.body.data as any[];
  }

  it('delivers a real status change, signed, to each confirmed subscription that asked for it', async () => {
    await setup();
    const wanted = await confirmedSubscription(customer, receiver, undefined, '/wanted');
    await confirmedSubscription(customer, receiver, ['opportunity.status.change'], '/other-type');
    const unconfirmed = await customer.api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/unconfirmed`,
      event_types: ['submission.status.change'],
    });
    expect(unconfirmed.status).toBe(200);

    const submission = await startSubmission(world.server.database.db, customer.organizationId);
    await world.drain();

    expect(receiver.requests.map((r) => r.path)).toEqual(['/wanted']);
    const request = receiver.requests[0]!;
    expect(verifies(request, wanted.secret, world.now())).toBe(true);
    const event = JSON.parse(request.body);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'submission.status.change',
      created_at: timestamp,
      data: {
        submission_id: submission.id,
        opportunity_id: submission.opportunity_id,
        participant_id: submission.participant_id,
        previous_status: 'screen_passed',
        status: 'in_progress',
      },
    });
    expect(request.headers['x-service-event-id']).toBe(event.id);
    expect(request.headers['x-service-event-type']).toBe('submission.status.change');
    expect(request.headers['content-type']).toBe('application/json');

    const deliveries = await log();
    expect(deliveries).toEqual([
      {
        id: expect.stringMatching(/^dlv_/),
        subscription_id: wanted.id,
        event_id: event.id,
        event_type: 'submission.status.change',
        payload: event,
        status: 'delivered',
        attempts: 1,
        last_attempt_at: timestamp,
        next_attempt_at: null,
        last_response_status: 204,
        last_error: null,
        created_at: timestamp,
      },
    ]);
    const one = await customer.api.get(`/v2/hooks/events/${deliveries[0].id}`);
    expect(one.body).toEqual(deliveries[0]);
    expect((await customer.api.get('/v2/hooks/events/dlv_nope')).status).toBe(404);
  });

  it('reads the outbox in one recurring job; events nobody receives queue nothing', async () => {
    await setup();
    const quiet = await newCustomer(world);
    const subscription = await confirmedSubscription(customer, receiver);
    const before = await world.server.database.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    for (let i = 0; i < 5; i++) await emitTestEvent(world, quiet.organizationId);
    const received = await emitTestEvent(world, customer.organizationId);
    // Writing an event is only the outbox row: no job appears with it.
    const after = await world.server.database.db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(after).toHaveLength(before.length);
    expect(await world.drain()).toBe(1);
    const unfanned = await world.server.database.db
      .selectFrom('events')
      .select('id')
      .where('fanned_out_at', 'is', null)
      .execute();
    expect(unfanned).toEqual([]);
    const rows = await deliveryRows(world, subscription.id);
    expect(rows.map((row) => row.event_id)).toEqual([received.id]);
    const fanOutJobs = await world.server.database.db
      .selectFrom('jobs')
      .select(['status', 'dedupe_key'])
      .where('kind', '=', webhookFanOutJob.kind)
      .where('status', '!=', 'cancelled')
      .execute();
    expect(fanOutJobs).toEqual([{ status: 'pending', dedupe_key: webhookFanOutJob.kind }]);
  });

  it('never sends an event whose change rolled back', async () => {
    await setup();
    await confirmedSubscription(customer, receiver);
    await expect(
      world.server.database.db.transaction().execute(async (trx) => {
        await writeEvent(trx, customer.organizationId, {
          type: 'submission.status.change',
          data: { submission_id: 'sub_rolled_back' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await world.drain()).toBe(0);
    expect(receiver.requests).toHaveLength(0);
    expect(await log()).toEqual([]);
  });

  it('retries on the schedule while the receiver is down, and delivers once it is up', async () => {
    await setup();
    const before = await outcomeCounts();
    const subscription = await confirmedSubscription(customer, receiver);
    await receiver.down();
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    let [delivery] = await log();
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_response_status: null,
      last_error: 'connection refused',
    });
    const wait = Date.parse(delivery.next_attempt_at) - Date.parse(delivery.last_attempt_at);
    expect(wait).toBeGreaterThanOrEqual(4.5 * SECOND);
    expect(wait).toBeLessThanOrEqual(5.5 * SECOND);

    world.advance(3 * SECOND);
    expect(await world.drain()).toBe(0);
    world.advance(3 * SECOND);
    await world.drain();
    [delivery] = await log();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
    const second = Date.parse(delivery.next_attempt_at) - Date.parse(delivery.last_attempt_at);
    expect(second).toBeGreaterThanOrEqual(4.5 * MINUTE);

    await receiver.up();
    world.advance(6 * MINUTE);
    await world.drain();
    [delivery] = await log();
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 3,
      last_response_status: 204,
      last_error: null,
      next_attempt_at: null,
    });
    expect(receiver.requests).toHaveLength(1);
    expect(verifies(receiver.requests[0]!, subscription.secret, world.now())).toBe(true);
    // The metrics count each attempt by outcome (files in one worker share the counter).
    const after = await outcomeCounts();
    expect((after.retrying ?? 0) - (before.retrying ?? 0)).toBeGreaterThanOrEqual(2);
    expect((after.delivered ?? 0) - (before.delivered ?? 0)).toBeGreaterThanOrEqual(1);
  });

  it('signs the next attempt of a queued retry with the rotated secret only', async () => {
    const subscription = await firstAttemptAnswered({ status: 500 });
    expect(receiver.requests).toHaveLength(1);
    expect(verifies(receiver.requests[0]!, subscription.secret, world.now())).toBe(true);

    const rotated = await customer.api.post(`/v2/hooks/subscriptions/${subscription.id}/secret`);
    const newSecret = rotated.body.secret as string;
    receiver.answer = (request) =>
      verifies(request, newSecret, world.now()) ? { status: 200 } : { status: 401 };
    world.advance(6 * SECOND);
    await world.drain();
    expect(receiver.requests).toHaveLength(2);
    const retry = receiver.requests[1]!;
    expect(verifies(retry, newSecret, world.now())).toBe(true);
    expect(verifies(retry, subscription.secret, world.now())).toBe(false);
    expect((await log())[0]).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('stops at once on delete, queued retries included; the deliveries stay readable', async () => {
    const subscription = await firstAttemptAnswered({ status: 500 });
    expect(receiver.requests).toHaveLength(1);

    const deleted = await customer.api.delete(`/v2/hooks/subscriptions/${subscription.id}`);
    expect(deleted.body).toEqual({ id: subscription.id, deleted: true });
    for (const step of [6 * SECOND, 6 * MINUTE, 40 * MINUTE, 3 * HOUR, DAY]) {
      world.advance(step);
      await world.drain();
    }
    expect(receiver.requests).toHaveLength(1);
    const deliveries = await log(`?subscription_id=${subscription.id}`);
    expect(deliveries).toEqual([
      expect.objectContaining({
        subscription_id: subscription.id,
        status: 'failed',
        attempts: 1,
        last_response_status: 500,
        last_error: 'subscription deleted',
        next_attempt_at: null,
      }),
    ]);
    // A later event finds no subscription to send to.
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    expect(receiver.requests).toHaveLength(1);
    expect(await log()).toHaveLength(1);
  });

  it('delivers once when a worker dies holding the job before sending', async () => {
    await setup();
    const subscription = await confirmedSubscription(customer, receiver);
    await emitTestEvent(world, customer.organizationId);
    await world.worker({ definitions: [webhookFanOutJob] }).drain();
    const crashed = await claimJobs(world.server.database.db, engine, {
      workerId: 'crashed-worker',
      limit: 10,
      now: new Date(world.now()),
      leaseMs: 60_000,
      kinds: [DELIVERY_JOB_KIND],
    });
    expect(crashed).toHaveLength(1);
    const survivor = world.worker({ definitions: [webhookDeliveryJob] });
    expect(await survivor.drain()).toBe(0);
    expect(receiver.requests).toHaveLength(0);

    world.advance(61 * SECOND);
    await survivor.drain();
    expect(receiver.requests).toHaveLength(1);
    const rows = await deliveryRows(world, subscription.id);
    expect(rows.map((row) => row.status)).toEqual(['delivered']);
    expect(rows[0]!.attempts).toBe(1);
  });

  it('records a delivered attempt only with its job done: a worker that dies before that statement leaves it to be sent once more', async () => {
    await setup();
    const subscription = await confirmedSubscription(customer, receiver);
    await emitTestEvent(world, customer.organizationId);
    await world.worker({ definitions: [webhookFanOutJob] }).drain();
    const [job] = await claimJobs(world.server.database.db, engine, {
      workerId: 'dies-before-settling',
      limit: 10,
      now: new Date(world.now()),
      leaseMs: 60_000,
      kinds: [DELIVERY_JOB_KIND],
    });
    // The whole attempt runs, then the process dies before the statement that records the
    // outcome and marks the job done (JobDefinition.writeDone): neither is written.
    const result = await webhookDeliveryJob.handle(
      world.jobContext,
      JSON.parse(job!.payload),
      job!,
    );
    expect(result).toEqual({ doneWith: expect.objectContaining({ responseStatus: 204 }) });
    expect(receiver.requests).toHaveLength(1);
    expect((await deliveryRows(world, subscription.id)).map((row) => row.status)).toEqual([
      'pending',
    ]);

    // At least once: the lease lapses and another worker sends it again, with the same event id.
    world.advance(61 * SECOND);
    expect(await world.worker({ definitions: [webhookDeliveryJob] }).drain()).toBe(1);
    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1]!.headers['x-service-event-id']).toBe(
      receiver.requests[0]!.headers['x-service-event-id'],
    );
    const rows = await deliveryRows(world, subscription.id);
    expect(rows.map((row) => [row.status, row.attempts, row.last_response_status])).toEqual([
      ['delivered', 1, 204],
    ]);
    const settled = await world.server.database.db
      .selectFrom('jobs')
      .select('status')
      .where('id', '=', job!.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('done');

    // The first worker's statement arriving late changes nothing: it no longer holds the job, and
    // the delivery is no longer pending.
    const late = (result as { doneWith: unknown }).doneWith;
    await finishJobsDone(world.server.database.relaxed, engine, [job!], 'dies-before-settling', [
      webhookDeliveryJob.writeDone!(engine, [late]),
    ]);
    const after = await deliveryRows(world, subscription.id);
    expect(after.map((row) => [row.status, row.attempts])).toEqual([['delivered', 1]]);
  });

  it('sends each event once when several workers run at the same time', async () => {
    await setup();
    const subscription = await confirmedSubscription(customer, receiver);
    for (let i = 0; i < 20; i++) {
      await emitTestEvent(world, customer.organizationId, 'submission.status.change', { i });
    }
    const workers = Array.from({ length: 4 }, () => world.worker({ concurrency: 4 }));
    await Promise.all(workers.map((worker) => worker.drain()));
    await world.drain();
    const ids = receiver.requests.map((r) => JSON.parse(r.body).id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    const rows = await deliveryRows(world, subscription.id);
    expect(rows.filter((row) => row.status === 'delivered')).toHaveLength(20);
  });

  it('disables the subscription on a 410, and a new confirmation enables it again', async () => {
    const subscription = await firstAttemptAnswered({ status: 410 });
    const read = await customer.api.get(`/v2/hooks/subscriptions/${subscription.id}`);
    expect(read.body).toMatchObject({
      is_enabled: false,
      disabled_at: timestamp,
      disabled_reason: 'receiver answered 410 Gone: the endpoint is retired',
    });
    const [delivery] = await log();
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_response_status: 410 });

    // Disabled: later events are not delivered, and replays are refused.
    await emitTestEvent(world, customer.organizationId);
    world.advance(DAY);
    await world.drain();
    expect(receiver.requests).toHaveLength(1);
    const retry = await customer.api.post(`/v2/hooks/events/${delivery.id}/retry`);
    expect(retry.status).toBe(409);
    expect(retry.body).toEqual({
      code: 'CONFLICT',
      message: expect.stringContaining('disabled'),
      issues: [
        { message: expect.stringContaining(`POST /v2/hooks/subscriptions/${subscription.id}`) },
      ],
    });

    receiver.answer = () => ({ status: 200 });
    const again = await customer.api.post(`/v2/hooks/subscriptions/${subscription.id}`, {});
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      is_enabled: true,
      disabled_at: null,
      disabled_reason: null,
      confirmed_at: read.body.confirmed_at,
    });
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    expect(receiver.requests.map((r) => JSON.parse(r.body).type)).toEqual([
      'submission.status.change',
      'webhook.ping',
      'submission.status.change',
    ]);
  });

  it('waits as long as Retry-After asks when it is longer than the schedule', async () => {
    await firstAttemptAnswered({ status: 503, headers: { 'retry-after': '120' } });
    let [delivery] = await log();
    expect(delivery).toMatchObject({
      status: 'pending',
      last_response_status: 503,
      last_error: 'receiver answered 503',
    });
    expect(Date.parse(delivery.next_attempt_at) - Date.parse(delivery.last_attempt_at)).toBe(
      120 * SECOND,
    );
    receiver.answer = () => ({ status: 200 });
    world.advance(60 * SECOND);
    await world.drain();
    expect(receiver.requests).toHaveLength(1);
    world.advance(61 * SECOND);
    await world.drain();
    expect(receiver.requests).toHaveLength(2);
    [delivery] = await log();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('fails a delivery after the last step of the schedule; recover sends it again', async () => {
    await setup();
    const subscription = await confirmedSubscription(customer, receiver);
    receiver.answer = () => ({ status: 500 });
    const before = new Date(world.now()).toISOString();
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    const steps = [
      5 * SECOND,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      14 * HOUR,
      20 * HOUR,
      24 * HOUR,
    ];
    for (const step of steps) {
      world.advance(step * 1.1 + SECOND);
      await world.drain();
    }
    expect(receiver.requests).toHaveLength(10);
    let [delivery] = await log();
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 10,
      next_attempt_at: null,
      last_response_status: 500,
    });
    world.advance(2 * DAY);
    expect(await world.drain()).toBe(0);
    // About 3.5 days of failures: under the 5 days that disable a subscription.
    const read = await customer.api.get(`/v2/hooks/subscriptions/${subscription.id}`);
    expect(read.body.is_enabled).toBe(true);

    const recoverPath = `/v2/hooks/subscriptions/${subscription.id}/recover`;
    const none = await customer.api.post(recoverPath, {
      since: new Date(world.now()).toISOString(),
    });
    expect(none.body).toMatchObject({ requeued: 0 });
    const bad = await customer.api.post(recoverPath, { since: 'last tuesday' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ message: expect.stringContaining('since') }]);
    expect((await customer.api.post(recoverPath, {})).status).toBe(400);
    expect(
      (await customer.api.post('/v2/hooks/subscriptions/whk_nope/recover', { since: before }))
        .status,
    ).toBe(404);

    receiver.answer = () => ({ status: 204 });
    const recovered = await customer.api.post(recoverPath, { since: before });
    expect(recovered.status).toBe(200);
    expect(recovered.body).toEqual({
      subscription_id: subscription.id,
      since: before,
      requeued: 1,
    });
    [delivery] = await log();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 10 });
    await world.drain();
    expect(receiver.requests).toHaveLength(11);
    [delivery] = await log();
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 11,
      last_response_status: 204,
    });
  });

  it('disables a subscription after 5 days in which every delivery failed; a success resets the count', async () => {
    const subscription = await firstAttemptAnswered({ status: 500 });

    // A success a day later ends the run of failures.
    world.advance(DAY);
    receiver.answer = () => ({ status: 204 });
    await world.drain();
    receiver.answer = () => ({ status: 500 });
    world.advance(4.5 * DAY);
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    let read = await customer.api.get(`/v2/hooks/subscriptions/${subscription.id}`);
    expect(read.body.is_enabled).toBe(true);

    // Five days after that failure, the next failed attempt disables it.
    world.advance(5 * DAY);
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    read = await customer.api.get(`/v2/hooks/subscriptions/${subscription.id}`);
    expect(read.body).toMatchObject({
      is_enabled: false,
      disabled_reason: expect.stringMatching(
        /^every delivery failed for 5 days \(since .+\); last attempt: receiver answered 500$/,
      ),
    });
    const statuses = (await log()).map((d) => d.status);
    expect(statuses).toEqual(['failed', 'failed', 'delivered']);
  });

  it('retries one delivery now on request, whatever its status, keeping one row', async () => {
    await setup();
    const subscription = await confirmedSubscription(customer, receiver);
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    const [delivered] = await log();
    expect(delivered.status).toBe('delivered');

    const retried = await customer.api.post(`/v2/hooks/events/${delivered.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({
      ...delivered,
      status: 'pending',
      next_attempt_at: timestamp,
    });
    await world.drain();
    expect(receiver.requests).toHaveLength(2);
    expect(JSON.parse(receiver.requests[1]!.body).id).toBe(delivered.event_id);
    const rows = await deliveryRows(world, subscription.id);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([['delivered', 2]]);

    // A pending delivery whose next attempt is minutes away: the replay goes now, starts the
    // schedule over, and the attempt queued before it does nothing when its time comes.
    receiver.answer = () => ({ status: 500 });
    await emitTestEvent(world, customer.organizationId);
    await world.drain();
    world.advance(6 * SECOND);
    await world.drain();
    const [pending] = await log('?status=pending');
    expect(pending.attempts).toBe(2);
    expect(receiver.requests).toHaveLength(4);
    const replay = await customer.api.post(`/v2/hooks/events/${pending.id}/retry`);
    expect(replay.body).toMatchObject({ status: 'pending', attempts: 2 });
    await world.drain();
    expect(receiver.requests).toHaveLength(5);
    const [replayed] = await log('?status=pending');
    const wait = Date.parse(replayed.next_attempt_at) - Date.parse(replayed.last_attempt_at);
    expect(wait).toBeLessThanOrEqual(5.5 * SECOND);
    world.advance(HOUR);
    await world.drain();
    expect(receiver.requests).toHaveLength(6);
    receiver.answer = () => ({ status: 204 });
    world.advance(HOUR);
    await world.drain();
    expect(receiver.requests).toHaveLength(7);
    expect((await log('?status=delivered')).map((d) => d.id)).toContain(pending.id);

    expect((await customer.api.post('/v2/hooks/events/dlv_nope/retry')).status).toBe(404);
    await customer.api.delete(`/v2/hooks/subscriptions/${subscription.id}`);
    const afterDelete = await customer.api.post(`/v2/hooks/events/${delivered.id}/retry`);
    expect(afterDelete.status).toBe(409);
  });

  it('lists the log newest first, by subscription and status, in pages', async () => {
    await setup();
    const first = await confirmedSubscription(customer, receiver, undefined, '/first');
    const second = await confirmedSubscription(customer, receiver, undefined, '/second');
    receiver.answer = (request) => (request.path === '/second' ? { status: 500 } : { status: 204 });
    for (let i = 0; i < 3; i++) {
      await emitTestEvent(world, customer.organizationId, 'submission.status.change', { i });
    }
    await world.drain();
    const all = await log('?limit=100');
    expect(all).toHaveLength(6);
    const ids = all.map((d) => d.id);
    expect([...ids].sort().reverse()).toEqual(ids);

    const firsts = await log(`?subscription_id=${first.id}`);
    expect(firsts.map((d) => d.subscription_id)).toEqual([first.id, first.id, first.id]);
    const pending = await log(`?subscription_id=${second.id}&status=pending`);
    expect(pending).toHaveLength(3);
    expect(await log(`?subscription_id=${first.id}&status=pending`)).toEqual([]);

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await customer.api.get(
        `/v2/hooks/events?limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      paged.push(...page.body.data.map((d: { id: string }) => d.id));
      cursor = page.body.pagination.next_cursor;
    } while (cursor);
    expect(paged).toEqual(ids);

    expect((await customer.api.get('/v2/hooks/events?status=lost')).status).toBe(400);
    expect((await customer.api.get('/v2/hooks/events?limit=101')).status).toBe(400);
    const unknown = await customer.api.get('/v2/hooks/events?subscription_id=whk_nope');
    expect(unknown.status).toBe(404);
    const other = await newCustomer(world);
    expect((await other.api.get('/v2/hooks/events')).body.data).toEqual([]);
    expect((await other.api.get(`/v2/hooks/events?subscription_id=${first.id}`)).status).toBe(404);
  });
});
