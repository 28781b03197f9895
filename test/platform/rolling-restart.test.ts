import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Type } from 'typebox';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { loadConfig } from '../../src/config.ts';
import { createApiKey, createOrganization } from '../../src/organizations/index.ts';
import { type Database, migrateToLatest, openPostgres } from '../../src/platform/db/database.ts';
import { reserveIdempotencyKey } from '../../src/platform/http/idempotency-keys.store.ts';
import { LeaseHolder } from '../../src/platform/http/lease-holder.ts';
import { releaseLeasesOfStaleHolders } from '../../src/platform/http/server-processes.store.ts';
import { defineJob } from '../../src/platform/jobs/define.ts';
import { enqueue } from '../../src/platform/jobs/store.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { DELIVERY_JOB_KIND } from '../../src/webhooks/jobs.ts';
import {
  type CohortProcess,
  freePort,
  PROCESS_DEADLINE_MS,
  readyzAcrossTheStop,
  startCohort,
  waitUntilReady,
} from '../support/cohort-process.ts';
import { engines, openTestDatabase } from '../support/harness.ts';
import { createProcessDatabase, type ProcessDatabase } from '../webhooks/serve-process.ts';
import { Receiver } from '../webhooks/support.ts';

const LISTENING = /listening on (http:\/\/\S+)\/v2/;

/** Errors a client may retry on without asking whether the server did anything: none reached it. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

class NotReached extends Error {}

/**
 * A load balancer in miniature: each request goes to the next port in turn, and one refused or
 * reset before any byte of an answer goes to the next, until one answers.
 */
class RoundRobin {
  retries = 0;
  #next = 0;
  readonly #agents: Map<number, http.Agent>;

  readonly ports: readonly number[];
  readonly apiKey: string;

  constructor(ports: readonly number[], apiKey: string) {
    this.ports = ports;
    this.apiKey = apiKey;
    this.#agents = new Map(ports.map((port) => [port, new http.Agent({ keepAlive: true })]));
  }

  async send(
    method: 'GET' | 'POST',
    pathname: string,
    options: { body?: unknown; idempotencyKey?: string } = {},
  ): Promise<{ status: number; body: any }> {
    const deadline = Date.now() + PROCESS_DEADLINE_MS;
    for (;;) {
      const port = this.ports[this.#next++ % this.ports.length]!;
      try {
        return await this.#once(port, method, pathname, options);
      } catch (error) {
        if (!(error instanceof NotReached) || Date.now() > deadline) throw error;
        this.retries++;
        await delay(5);
      }
    }
  }

  #once(
    port: number,
    method: string,
    pathname: string,
    options: { body?: unknown; idempotencyKey?: string },
  ): Promise<{ status: number; body: any }> {
    const text = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve, reject) => {
      let answered = false;
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: pathname,
          method,
          agent: this.#agents.get(port),
          headers: {
            authorization: `Bearer ${this.apiKey}`,
            ...(text === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }),
            ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
          },
        },
        (response) => {
          answered = true;
          let data = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            data += chunk;
          });
          response.on('error', reject);
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: data ? JSON.parse(data) : null }),
          );
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (!answered && NOT_REACHED.has(error.code ?? '')) {
          reject(new NotReached(`${port}: ${error.code}`));
        } else {
          reject(error);
        }
      });
      request.end(text);
    });
  }

  close() {
    for (const agent of this.#agents.values()) agent.destroy();
  }
}

/** A new organization with an owner key, written straight to the database. */
async function organizationKey(database: Database, name: string): Promise<string> {
  return database.db.transaction().execute(async (trx) => {
    const organization = await createOrganization(trx, {
      name,
      balanceCents: 1_000_000,
      platformFeeCents: 200,
    });
    return (await createApiKey(trx, organization.id, 'owner')).apiKey;
  });
}

/**
 * SIGTERM, answered as docs/operations.md says: a /readyz whose request was under way when the
 * signal came is answered 503 (`not_ready`, with `Connection: close`), and the process exits 0.
 */
async function stopAndCheck(serve: CohortProcess, port: number, say: RegExp) {
  const readyz = await readyzAcrossTheStop(port);
  serve.child.kill('SIGTERM');
  await serve.printed(say);
  const answer = await readyz.finish();
  expect(answer.status, serve.output()).toBe(503);
  expect(answer.body.status).toBe('not_ready');
  expect(answer.connection).toBe('close');
  expect(await serve.exited, serve.output()).toEqual({ code: 0, signal: null });
}

/**
 * Two real `cohort serve` processes on one PostgreSQL behind a round-robin client, each replaced
 * in turn (SIGTERM, exit, a new process on the same port) under steady reads and keyed creations
 * (docs/decisions/0164-start-up-together-and-rolling-restarts.md).
 */
describe.runIf(inject('postgresUrl'))('a rolling restart of two serve processes', () => {
  let database: ProcessDatabase | undefined;
  let db: Database | undefined;
  const started: CohortProcess[] = [];

  afterAll(async () => {
    await Promise.all(started.map((cohort) => cohort.kill()));
    await db?.destroy();
    await database?.drop();
  });

  it('loses no request that is retried on a refused connection, and answers no 5xx', {
    timeout: 6 * PROCESS_DEADLINE_MS,
  }, async () => {
    database = await createProcessDatabase('postgres');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-rolling-'));
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_KEY: '100000000',
    };
    const ports = [await freePort(), await freePort()];
    const start = async (port: number) => {
      const serve = startCohort({ ...env, PORT: String(port) }, ['serve']);
      started.push(serve);
      await serve.printed(LISTENING);
      await waitUntilReady(`http://127.0.0.1:${port}`);
      return serve;
    };
    const serving = await Promise.all(ports.map(start));
    db = openPostgres(database.location, 2);
    const client = new RoundRobin(ports, await organizationKey(db, 'Rolling Restart Lab'));

    // Steady load: four clients, each creating a project under its own Idempotency-Key, then
    // listing projects, until told to stop.
    const answers: { method: string; status: number }[] = [];
    const failures: unknown[] = [];
    const created = new Set<string>();
    let sent = 0;
    let running = true;
    const loop = async (lane: number) => {
      for (let i = 0; running; i++) {
        const name = `rolling ${lane}-${i}`;
        try {
          sent++;
          const made = await client.send('POST', '/v2/projects', {
            body: { name },
            idempotencyKey: `rolling-${lane}-${i}`,
          });
          answers.push({ method: 'POST', status: made.status });
          if (made.status === 200) created.add(name);
          sent++;
          const listed = await client.send('GET', '/v2/projects?limit=5');
          answers.push({ method: 'GET', status: listed.status });
        } catch (error) {
          failures.push(error);
        }
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    const answeredBy = async (count: number) => {
      while (answers.length < count && failures.length === 0) await delay(20);
    };
    await answeredBy(40);

    for (const index of [0, 1]) {
      const before = answers.length;
      await stopAndCheck(serving[index]!, ports[index]!, /SIGTERM: finishing in-flight requests/);
      // The other process answered while this one was away.
      await answeredBy(before + 20);
      serving[index] = await start(ports[index]!);
      await answeredBy(answers.length + 20);
    }
    running = false;
    await Promise.all(loops);
    client.close();

    expect(failures).toEqual([]);
    expect(answers.length).toBe(sent);
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    // Connections were refused while a process was away, and the client went to the other one.
    expect(client.retries).toBeGreaterThan(0);
    // Each keyed creation made exactly one project, retries included.
    const rows = await db.db
      .selectFrom('projects')
      .select('name')
      .where('name', 'like', 'rolling %')
      .execute();
    expect(rows.length).toBe(created.size);
    expect(new Set(rows.map((row) => row.name))).toEqual(created);
    // No key left in flight.
    const inFlight = await db.db
      .selectFrom('idempotency_keys')
      .select('idempotency_key')
      .where('status', '=', 'in_flight')
      .execute();
    expect(inFlight).toEqual([]);
  });
});

/**
 * A `cohort worker` stopped while a webhook delivery waits on its receiver hands the job back when
 * its grace ends: another worker sends it again at once, long before the lease would have lapsed.
 */
describe.runIf(inject('postgresUrl'))('a worker stopped mid-job on PostgreSQL', () => {
  let database: ProcessDatabase | undefined;
  let receiver: Receiver | undefined;
  const started: CohortProcess[] = [];

  afterAll(async () => {
    await Promise.all(started.map((cohort) => cohort.kill()));
    await receiver?.down();
    await database?.drop();
  });

  it('hands its job lease back, and another worker takes the job at once', {
    timeout: 5 * PROCESS_DEADLINE_MS,
  }, async () => {
    database = await createProcessDatabase('postgres');
    receiver = await Receiver.start();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-handback-'));
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // A lease far longer than the test may wait: a job taken again came back by hand.
      JOB_LEASE_MS: String(3_600_000),
      WEBHOOK_TIMEOUT_MS: String(600_000),
      SHUTDOWN_GRACE_SECONDS: '1',
      RATE_LIMIT_PER_KEY: '1000000',
    };
    const api = startCohort(env, ['serve', '--no-worker']);
    const first = startCohort(env, ['worker']);
    started.push(api, first);
    const [, origin] = await api.printed(LISTENING);
    await first.printed(/Cohort worker \S+ running/);
    const db = openPostgres(database.location, 1);
    let apiKey: string;
    try {
      apiKey = await organizationKey(db, 'Hand Back Lab');
    } finally {
      await db.destroy();
    }
    const call = async (method: string, pathname: string, body?: unknown) => {
      const response = await fetch(`${origin}${pathname}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };

    const subscription = await call('POST', '/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['opportunity.status.change'],
    });
    expect(subscription.status).toBe(200);
    expect((await call('POST', `/v2/hooks/subscriptions/${subscription.body.id}`, {})).status).toBe(
      200,
    );
    receiver.requests.length = 0;
    // The first delivery is held open, unanswered; the next is answered.
    receiver.answer = () => (receiver!.requests.length === 1 ? 'hang' : { status: 204 });

    const project = await call('POST', '/v2/projects', { name: 'Hand-back studies' });
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
    expect((await call('POST', `/v2/opportunities/${draft.body.id}/launch`, {})).status).toBe(200);
    const deadline = Date.now() + PROCESS_DEADLINE_MS;
    while (receiver.requests.length === 0) {
      if (Date.now() > deadline) throw new Error(`no delivery arrived:\n${first.output()}`);
      await delay(50);
    }

    const second = startCohort(env, ['worker']);
    started.push(second);
    await second.printed(/Cohort worker \S+ running/);
    first.child.kill('SIGTERM');
    await first.printed(/SIGTERM: finishing jobs in hand \(up to 1 s\)/);
    expect(await first.exited, first.output()).toEqual({ code: 0, signal: null });
    expect(first.output()).toMatch(/jobs handed back/);

    const [delivery] = await (async () => {
      for (;;) {
        const page = await call('GET', `/v2/hooks/events?subscription_id=${subscription.body.id}`);
        const rows = page.body.data as any[];
        if (rows.some((row) => row.status !== 'pending')) return rows;
        if (Date.now() > deadline) throw new Error(`not delivered:\n${second.output()}`);
        await delay(100);
      }
    })();
    expect(delivery.status).toBe('delivered');
    expect(receiver.requests).toHaveLength(2);
    const [cut, resent] = receiver.requests;
    expect(resent!.body).toBe(cut!.body);

    // The attempt cut off by the stop was not counted: the job was done at its first counted one.
    const check = openPostgres(database.location, 1);
    try {
      const jobs = await check.db
        .selectFrom('jobs')
        .select(['status', 'attempts', 'locked_by'])
        .where('kind', '=', DELIVERY_JOB_KIND)
        .execute();
      expect(jobs).toEqual([{ status: 'done', attempts: 1, locked_by: null }]);
    } finally {
      await check.destroy();
    }
  });
});

/** The same stop on each engine, one process: /readyz says 503 while it drains, and it exits 0. */
describe.each(engines())('cohort serve stopped by SIGTERM on %s', (engine) => {
  let database: ProcessDatabase | undefined;
  let serve: CohortProcess | undefined;

  afterAll(async () => {
    await serve?.kill();
    await database?.drop();
  });

  it('answers /readyz 503 while it drains, then exits 0', {
    timeout: 2 * PROCESS_DEADLINE_MS,
  }, async () => {
    database = await createProcessDatabase(engine);
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-sigterm-'));
    serve = startCohort(
      {
        ...(engine === 'postgres' ? { ...database.env, DATA_DIR: dataDir } : database.env),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      ['serve'],
    );
    await serve.printed(LISTENING);
    await waitUntilReady(`http://127.0.0.1:${port}`);
    await stopAndCheck(
      serve,
      port,
      /SIGTERM: finishing in-flight requests and jobs \(up to 20 s\)/,
    );
    // The port is closed: a new connection is refused.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});

/**
 * What a stopping process hands back, in one process on each engine: the jobs its worker still
 * runs when the grace ends or has not started, and the Idempotency-Key leases it still holds.
 */
describe.each(engines())('what a stop hands back on %s', (engine) => {
  it('a worker whose grace ends hands back the job it still runs, due at once', async () => {
    const database = openTestDatabase(engine);
    if (engine === 'sqlite') await migrateToLatest(database.db);
    const release: (() => void)[] = [];
    try {
      const kind = `test.hand-back.${engine}.${Date.now()}`;
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      let runs = 0;
      const definition = defineJob({
        kind,
        payload: Type.Object({}),
        maxAttempts: 3,
        backoffMs: () => 1000,
        async handle() {
          runs++;
          started();
          // The first attempt runs until the test lets it go, long after the stop.
          if (runs === 1) await new Promise<void>((resolve) => release.push(resolve));
        },
      });
      const context = { database, config: loadConfig({}), log: quietLog, now: () => new Date() };
      const options = { definitions: [definition], pollMs: 10, leaseMs: 3_600_000 };
      const stopping = new Worker(context, options);
      await enqueue(database.db, definition, {}, { dedupeKey: kind });
      stopping.start();
      await running;
      expect(await stopping.stop({ graceMs: 50 })).toBe(1);

      const jobRow = () =>
        database.db
          .selectFrom('jobs')
          .select(['status', 'attempts', 'locked_by', 'last_error'])
          .where('kind', '=', kind)
          .executeTakeFirstOrThrow();
      expect(await jobRow()).toEqual({
        status: 'pending',
        attempts: 0,
        locked_by: null,
        last_error: 'handed back unfinished: its worker shut down',
      });
      // Due now: another worker takes it at once, an hour's lease notwithstanding.
      expect(await new Worker(context, options).runDueJobs()).toBe(1);
      // The cut-off attempt ending late changes nothing: the job was settled by the other worker.
      for (const go of release) go();
      await delay(50);
      expect(await jobRow()).toMatchObject({ status: 'done', attempts: 1, locked_by: null });
      expect(runs).toBe(2);
    } finally {
      for (const go of release) go();
      await database.destroy();
    }
  });

  it('a lease holder stopping hands back the keys it still holds, and only those', async () => {
    const database = openTestDatabase(engine);
    if (engine === 'sqlite') await migrateToLatest(database.db);
    try {
      const holder = new LeaseHolder(database);
      const scope = `scope-${engine}-${Date.now()}`;
      const now = new Date();
      const reserve = (key: string, by: string) =>
        reserveIdempotencyKey(database.db, {
          scope,
          key,
          fingerprint: `fingerprint-${key}`,
          now: now.toISOString(),
          lockedUntil: new Date(now.getTime() + 120_000).toISOString(),
          expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
          holder: by,
        });
      expect((await reserve('mine', holder.id)).outcome).toBe('reserved');
      expect((await reserve('theirs', 'another-process')).outcome).toBe('reserved');
      // A retry elsewhere meanwhile finds the key in progress.
      expect((await reserve('mine', 'another-process')).outcome).toBe('in_flight');

      expect(await holder.stop()).toBe(1);
      // Handed back: the retry through another process runs now; the other holder's key stays.
      expect((await reserve('mine', 'another-process')).outcome).toBe('reserved');
      expect((await reserve('theirs', 'a-third-process')).outcome).toBe('in_flight');
    } finally {
      await database.destroy();
    }
  });

  it('a key whose holder has no row is released once it is older than two intervals', async () => {
    if (engine === 'sqlite') return; // one serving process: releaseLeasesOfOthers covers it
    const database = openTestDatabase(engine);
    try {
      const scope = `orphan-${Date.now()}`;
      const reserve = (key: string, takenAt: Date, by: string) =>
        reserveIdempotencyKey(database.db, {
          scope,
          key,
          fingerprint: `fingerprint-${key}`,
          now: takenAt.toISOString(),
          lockedUntil: new Date(takenAt.getTime() + 120_000).toISOString(),
          expiresAt: new Date(takenAt.getTime() + 86_400_000).toISOString(),
          holder: by,
        });
      const now = new Date();
      // Taken a minute ago by a process whose row is gone (killed after its row was swept).
      await reserve('orphaned', new Date(now.getTime() - 60_000), 'a-killed-process');
      // Taken just now by a process whose next beat has not written its row yet.
      await reserve('fresh', now, 'a-process-between-beats');
      const released = await releaseLeasesOfStaleHolders(database.db, 'postgres', 10_000, now);
      expect(released).toBeGreaterThanOrEqual(1);
      const rows = await database.db
        .selectFrom('idempotency_keys')
        .select(['idempotency_key', 'holder'])
        .where('scope', '=', scope)
        .orderBy('idempotency_key')
        .execute();
      expect(rows).toEqual([
        { idempotency_key: 'fresh', holder: 'a-process-between-beats' },
        { idempotency_key: 'orphaned', holder: null },
      ]);
    } finally {
      await database.destroy();
    }
  });
});
