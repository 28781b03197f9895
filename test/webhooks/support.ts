import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@cohort/sdk';
import { quietLog } from '../../fixtures/quiet-log.ts';
import type { Config } from '../../src/config.ts';
import type { Database, Engine } from '../../src/platform/db/database.ts';
import { writeEvent } from '../../src/platform/events/outbox.ts';
import type { JobContext } from '../../src/platform/jobs/define.ts';
import { Worker, type WorkerOptions } from '../../src/platform/jobs/worker.ts';
import { webhookDeliveryJob } from '../../src/webhooks/delivery.job.ts';
import { webhookFanOutJob } from '../../src/webhooks/fan-out.job.ts';
import { webhookFanOut } from '../../src/webhooks/jobs.ts';
import {
  type Client,
  client,
  createTestOrganization,
  openMigratedTestDatabase,
  openTemplatePostgres,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

/**
 * A database of this file's own. The PostgreSQL test database is shared by every test file, and
 * a worker of another file draining every job kind (with its clock days ahead) would run these
 * files' queued retries: the webhook tests own their jobs table.
 */
export async function openIsolatedDatabase(engine: Engine): Promise<Database> {
  if (engine === 'sqlite') return openMigratedTestDatabase('sqlite');
  return openTemplatePostgres('cohort_hooks_', 10);
}

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Reply =
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Never answers: the sender's timeout decides. */
  | 'hang';

/** A webhook receiver on loopback; each test says how it answers. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  answer: (request: ReceivedRequest) => Reply = () => ({ status: 204 });
  #server: http.Server | undefined;
  #port = 0;

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await receiver.up();
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }

  /** Listens (again, on the same port after down()). */
  async up(): Promise<void> {
    const server = http.createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const request = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(request);
      const reply = this.answer(request);
      if (reply === 'hang') return;
      res.writeHead(reply.status, reply.headers).end(reply.body ?? '');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Stops listening: attempts now meet a refused connection. */
  async down(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * A server on an isolated database, a movable clock shared by the API and the workers, and
 * workers that run only the webhook jobs. Time moves with the wall clock plus what a test adds.
 */
export interface WebhookWorld {
  server: TestServer;
  now(): number;
  advance(ms: number): void;
  jobContext: JobContext;
  worker(options?: Partial<WorkerOptions>): Worker;
  /**
   * Runs due webhook jobs until none is left: fan-out rounds, then delivery attempts. Answers the
   * number of delivery attempts run (the recurring fan-out job runs in every drain).
   */
  drain(): Promise<number>;
  /**
   * Cancels whatever a test left queued and marks the outbox fanned out, so the next test's
   * drains are its own.
   */
  clearJobs(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookWorld(
  engine: Engine,
  overrides: Partial<Config> = {},
  database?: Database,
): Promise<WebhookWorld> {
  database ??= await openIsolatedDatabase(engine);
  let offset = 0;
  const now = () => Date.now() + offset;
  const server = await startTestServer(
    engine,
    { rateLimitPerKey: 1_000_000, webhookTimeoutMs: 10_000, ...overrides },
    { database, clock: now },
  );
  const jobContext: JobContext = {
    database,
    config: server.context.config,
    log: quietLog,
    now: () => new Date(now()),
  };
  const definitions = [webhookFanOutJob, webhookDeliveryJob];
  const worker = (options: Partial<WorkerOptions> = {}) =>
    new Worker(jobContext, { definitions, ...options });
  const fanOut = worker({ definitions: [webhookFanOutJob] });
  const deliveries = worker({ definitions: [webhookDeliveryJob] });
  return {
    server,
    now,
    advance(ms) {
      offset += ms;
    },
    jobContext,
    worker,
    async drain() {
      let attempts = 0;
      for (;;) {
        // The fan-out looks at the outbox every FAN_OUT_IDLE_MS; a drain stands for the background
        // work settling, so it looks now rather than when its next round is due.
        await database.db
          .updateTable('jobs')
          .set({ run_at: new Date(now()).toISOString() })
          .where('kind', '=', webhookFanOut.kind)
          .where('status', '=', 'pending')
          .execute();
        await fanOut.drain();
        const ran = await deliveries.drain();
        if (ran === 0) return attempts;
        attempts += ran;
      }
    },
    async clearJobs() {
      await database.db
        .updateTable('jobs')
        .set({ status: 'cancelled' })
        .where('status', 'in', ['pending', 'running'])
        .execute();
      await database.db
        .updateTable('events')
        .set({ fanned_out_at: new Date(now()).toISOString() })
        .where('fanned_out_at', 'is', null)
        .execute();
    },
    close: () => server.close(),
  };
}

export interface Customer {
  organizationId: string;
  api: Client;
}

export async function newCustomer(world: WebhookWorld): Promise<Customer> {
  const organization = await createTestOrganization(world.server);
  return { organizationId: organization.id, api: client(world.server, organization.apiKey) };
}

/** Creates and confirms a subscription to `url`, answering the ping with a 204 meanwhile. */
export async function confirmedSubscription(
  customer: Customer,
  receiver: Receiver,
  eventTypes: string[] = ['submission.status.change'],
  path = '/hooks',
) {
  const answer = receiver.answer;
  receiver.answer = () => ({ status: 204 });
  const created = await customer.api.post('/v2/hooks/subscriptions', {
    target_url: `${receiver.url}${path}`,
    event_types: eventTypes,
  });
  if (created.status !== 200) throw new Error(`create failed: ${created.text}`);
  const confirmed = await customer.api.post(`/v2/hooks/subscriptions/${created.body.id}`, {});
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.text}`);
  receiver.answer = answer;
  receiver.requests.length = 0;
  return { id: created.body.id as string, secret: created.body.secret as string };
}

/** An event as the rest of Cohort records one: the outbox row in its own transaction. */
export async function emitTestEvent(
  world: WebhookWorld,
  organizationId: string,
  type = 'submission.status.change',
  data: Record<string, unknown> = { submission_id: 'sub_test', status: 'approved' },
) {
  return world.server.database.db
    .transaction()
    .execute((trx) => writeEvent(trx, organizationId, { type, data }));
}

/** The receiver's view: did this request carry a valid signature for `secret` at `now`? */
export function verifies(request: ReceivedRequest, secret: string, now: number): boolean {
  return verifyWebhook({ secret, headers: request.headers, rawBody: request.body, now }).ok;
}

export async function deliveryRows(world: WebhookWorld, subscriptionId: string) {
  return world.server.database.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('id')
    .execute();
}
