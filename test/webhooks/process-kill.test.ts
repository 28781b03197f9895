import { setTimeout as delay } from 'node:timers/promises';
import { verifyWebhook } from '@cohort/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Engine, openPostgres, openSqlite } from '../../src/platform/db/database.ts';
import { DELIVERY_JOB_KIND } from '../../src/webhooks/jobs.ts';
import { engines } from '../support/harness.ts';
import {
  createProcessDatabase,
  type ProcessDatabase,
  runCli,
  type ServeProcess,
  startServeProcess,
  WAIT_DEADLINE_MS,
  waitFor,
} from './serve-process.ts';
import { Receiver } from './support.ts';

/** Short enough to keep the test quick, longer than an attempt may take (config requires it). */
const JOB_LEASE_MS = 3_000;
const WEBHOOK_TIMEOUT_MS = 2_000;
// A serve process builds the geography index before it listens: seconds of CPU on a busy machine.
const START_DEADLINE_MS = 60_000;

function api(server: ServeProcess, apiKey: string) {
  return async (method: string, pathname: string, body?: unknown) => {
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
}

/** The delivery job and row as the killed process left them, read straight from the database. */
async function leftBehind(engine: Engine, location: string) {
  const database = engine === 'sqlite' ? openSqlite(location) : openPostgres(location, 1);
  try {
    const jobs = await database.db
      .selectFrom('jobs')
      .select(['status', 'locked_by', 'locked_until', 'attempts'])
      .where('kind', '=', DELIVERY_JOB_KIND)
      .execute();
    const deliveries = await database.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'attempts'])
      .execute();
    return { jobs, deliveries };
  } finally {
    await database.destroy();
  }
}

/**
 * Real processes: `cohort serve` is SIGKILLed while its worker waits on the receiver, and a second
 * `serve` on the same database sends the delivery again once the dead worker's lease lapses. On
 * SQLite the two processes share one file, one after the other.
 */
describe.each(engines())('a serve process killed mid-delivery on %s', (engine) => {
  let database: ProcessDatabase;
  let receiver: Receiver;
  const servers: ServeProcess[] = [];

  beforeAll(async () => {
    database = await createProcessDatabase(engine);
    Object.assign(database.env, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
      JOB_LEASE_MS: String(JOB_LEASE_MS),
      LOG_LEVEL: 'warn',
      // The polls below would otherwise meet the contract's 100 requests a minute.
      RATE_LIMIT_PER_KEY: '1000000',
    });
    receiver = await Receiver.start();
  });

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await receiver?.down();
    await database?.drop();
  });

  it('delivers the event after a restart, with exactly one delivered row', {
    timeout: 2 * START_DEADLINE_MS + 2 * WAIT_DEADLINE_MS,
  }, async () => {
    const first = await startServeProcess(database.env, START_DEADLINE_MS);
    servers.push(first);
    const created = JSON.parse(
      await runCli(
        database.env,
        ['org', 'create', '--name', 'Process Kill Lab', '--balance-cents', '1000000', '--json'],
        WAIT_DEADLINE_MS,
      ),
    );
    const call = api(first, created.api_key);

    const subscription = await call('POST', '/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['opportunity.status.change'],
    });
    expect(subscription.status).toBe(200);
    const secret = subscription.body.secret as string;
    const confirmed = await call('POST', `/v2/hooks/subscriptions/${subscription.body.id}`, {});
    expect(confirmed.status).toBe(200);
    expect(JSON.parse(receiver.requests[0]!.body).type).toBe('webhook.ping');
    receiver.requests.length = 0;

    // The first delivery is held open, unanswered; every later one is answered.
    const arrivals: number[] = [];
    let arrived!: () => void;
    const firstArrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    receiver.answer = () => {
      arrivals.push(Date.now());
      arrived();
      return arrivals.length === 1 ? 'hang' : { status: 204 };
    };

    const project = await call('POST', '/v2/projects', { name: 'Crash studies' });
    const draft = await call('POST', '/v2/opportunities', {
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
    const launched = await call('POST', `/v2/opportunities/${draft.body.id}/launch`, {});
    expect(launched.status).toBe(200);

    await Promise.race([
      firstArrival,
      delay(WAIT_DEADLINE_MS).then(() => {
        throw new Error(`no delivery arrived:\n${first.output()}`);
      }),
    ]);
    await first.kill();
    expect(first.child.signalCode).toBe('SIGKILL');

    // Mid-delivery: the job is still held by the dead process's worker, the attempt unrecorded.
    const before = await leftBehind(engine, database.location);
    expect(before.jobs).toHaveLength(1);
    const job = before.jobs[0]!;
    expect(job).toMatchObject({ status: 'running', attempts: 1 });
    expect(job.locked_by).toContain(`:${first.child.pid}:`);
    expect(before.deliveries).toEqual([{ status: 'pending', attempts: 0 }]);

    const second = await startServeProcess(database.env, START_DEADLINE_MS);
    servers.push(second);
    const log = api(second, created.api_key);
    const [delivery] = await waitFor('the delivery to be recorded as delivered', async () => {
      const page = await log('GET', `/v2/hooks/events?subscription_id=${subscription.body.id}`);
      expect(page.status).toBe(200);
      const rows = page.body.data as any[];
      return rows.some((row) => row.status !== 'pending') ? rows : undefined;
    });

    // The same event twice at the receiver (it deduplicates on the event id), the second sent
    // only once the dead worker's lease had lapsed, both signed with the subscription's secret.
    expect(receiver.requests).toHaveLength(2);
    const [cut, resent] = receiver.requests;
    const event = JSON.parse(resent!.body);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'opportunity.status.change',
      data: {
        opportunity_id: draft.body.id,
        previous_status: 'draft',
        status: launched.body.status,
      },
    });
    expect(cut!.body).toBe(resent!.body);
    expect(cut!.headers['x-service-event-id']).toBe(event.id);
    expect(resent!.headers['x-service-event-id']).toBe(event.id);
    for (const request of [cut!, resent!]) {
      expect(
        verifyWebhook({ secret, headers: request.headers, rawBody: request.body, now: Date.now() }),
      ).toMatchObject({ ok: true });
    }
    expect(
      verifyWebhook({
        secret: `${secret}x`,
        headers: resent!.headers,
        rawBody: resent!.body,
        now: Date.now(),
      }).ok,
    ).toBe(false);
    expect(arrivals[1]!).toBeGreaterThanOrEqual(Date.parse(job.locked_until!));

    // Exactly one delivery row, and it succeeded. Attempts count recorded outcomes: the attempt
    // cut off by the kill never got one, so the log shows the one that did.
    expect(delivery).toMatchObject({
      subscription_id: subscription.body.id,
      event_id: event.id,
      event_type: 'opportunity.status.change',
      status: 'delivered',
      attempts: 1,
      last_response_status: 204,
      last_error: null,
      next_attempt_at: null,
    });
    const all = await log('GET', '/v2/hooks/events');
    expect(all.body.data.filter((row: any) => row.event_id === event.id)).toHaveLength(1);
    expect(all.body.data).toHaveLength(1);

    // The job is settled by the second process, and nothing more is sent.
    const after = await waitFor('the job to be settled', async () => {
      const rows = await leftBehind(engine, database.location);
      return rows.jobs[0]?.status === 'running' ? undefined : rows;
    });
    expect(after.jobs).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);
    expect(after.deliveries).toEqual([{ status: 'delivered', attempts: 1 }]);
    expect(receiver.requests).toHaveLength(2);
  });
});
