import { sql } from 'kysely';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { defineJob, type JobContext, type JobResult } from '../../src/platform/jobs/define.ts';
import { enqueue, enqueueMany } from '../../src/platform/jobs/store.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { engines, startTestServer, type TestServer } from '../support/harness.ts';

function jobContext(database: Database, now: () => Date): JobContext {
  return { database, config: loadConfig({}), log: quietLog, now };
}

async function jobRow(database: Database, dedupeKey: string) {
  return database.db
    .selectFrom('jobs')
    .selectAll()
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirstOrThrow();
}

/** A recurring kind with an empty payload whose every round answers `round()`. */
function recurringJob(kind: string, round: () => JobResult) {
  return defineJob({
    kind,
    payload: Type.Object({}),
    maxAttempts: 1,
    backoffMs: () => 0,
    recurring: { payload: {} },
    async handle() {
      return round();
    },
  });
}

describe.each(engines())('durable job runner on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('runs a due job once, and never a job whose time has not come', async () => {
    const kind = `test.once.${engine}.${Date.now()}`;
    const seen: unknown[] = [];
    const definition = defineJob({
      kind,
      payload: Type.Object({ n: Type.Number() }),
      maxAttempts: 3,
      backoffMs: () => 1000,
      async handle(_context, payload) {
        seen.push(payload.n);
      },
    });
    let now = new Date('2030-01-01T00:00:00Z');
    const worker = new Worker(
      jobContext(server.database, () => now),
      { definitions: [definition] },
    );
    await enqueue(server.database.db, definition, { n: 1 }, { dedupeKey: `${kind}:1` });
    await enqueue(server.database.db, definition, { n: 1 }, { dedupeKey: `${kind}:1` });
    await enqueue(
      server.database.db,
      definition,
      { n: 2 },
      { runAt: new Date('2030-01-01T01:00:00Z'), dedupeKey: `${kind}:2` },
    );
    await worker.drain();
    expect(seen).toEqual([1]);
    now = new Date('2030-01-01T01:00:00Z');
    await worker.drain();
    expect(seen).toEqual([1, 2]);
    expect((await jobRow(server.database, `${kind}:2`)).status).toBe('done');
  });

  it('retries a failing job with backoff and fails it after maxAttempts', async () => {
    const kind = `test.flaky.${engine}.${Date.now()}`;
    let calls = 0;
    const definition = defineJob({
      kind,
      payload: Type.Object({}),
      maxAttempts: 3,
      backoffMs: (attempt) => attempt * 10_000,
      async handle() {
        calls++;
        throw new Error(`boom ${calls}`);
      },
    });
    let now = new Date('2030-02-01T00:00:00Z');
    const worker = new Worker(
      jobContext(server.database, () => now),
      { definitions: [definition] },
    );
    await enqueue(server.database.db, definition, {}, { dedupeKey: kind });
    await worker.drain();
    expect(calls).toBe(1);
    let row = await jobRow(server.database, kind);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'boom 1',
      run_at: '2030-02-01T00:00:10.000Z',
    });
    now = new Date('2030-02-01T00:00:09Z');
    await worker.drain();
    expect(calls).toBe(1);
    now = new Date('2030-02-01T00:00:10Z');
    await worker.drain();
    now = new Date('2030-02-01T00:01:00Z');
    await worker.drain();
    expect(calls).toBe(3);
    row = await jobRow(server.database, kind);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'boom 3' });
  });

  it('takes over a job whose worker died once its lease lapses', async () => {
    const kind = `test.lease.${engine}.${Date.now()}`;
    const ran: string[] = [];
    const definition = defineJob({
      kind,
      payload: Type.Object({}),
      maxAttempts: 5,
      backoffMs: () => 0,
      async handle(context) {
        ran.push(context.now().toISOString());
      },
    });
    let now = new Date('2030-03-01T00:00:00Z');
    const context = jobContext(server.database, () => now);
    const crashed = new Worker(context, { definitions: [definition], leaseMs: 60_000 });
    const survivor = new Worker(context, { definitions: [definition], leaseMs: 60_000 });
    await enqueue(server.database.db, definition, {}, { dedupeKey: kind });
    // The first worker claims and dies before running: simulate by claiming through the store.
    const { claimJobs } = await import('../../src/platform/jobs/store.ts');
    const claimed = await claimJobs(server.database.db, server.database.engine, {
      workerId: crashed.id,
      limit: 10,
      now,
      leaseMs: 60_000,
      kinds: [kind],
    });
    expect(claimed).toHaveLength(1);
    await survivor.drain();
    expect(ran).toEqual([]);
    now = new Date('2030-03-01T00:01:00.001Z');
    await survivor.drain();
    expect(ran).toEqual(['2030-03-01T00:01:00.001Z']);
    expect((await jobRow(server.database, kind)).status).toBe('done');
  });

  it('lets a handler reschedule itself without using up attempts', async () => {
    const kind = `test.reschedule.${engine}.${Date.now()}`;
    let calls = 0;
    const definition = defineJob({
      kind,
      payload: Type.Object({}),
      maxAttempts: 1,
      backoffMs: () => 0,
      async handle() {
        calls++;
        if (calls < 3) return { retryInMs: 5_000, reason: 'not yet', countAttempt: false };
      },
    });
    let now = new Date('2030-04-01T00:00:00Z');
    const worker = new Worker(
      jobContext(server.database, () => now),
      { definitions: [definition] },
    );
    await enqueue(server.database.db, definition, {}, { dedupeKey: kind });
    for (let i = 0; i < 3; i++) {
      await worker.drain();
      now = new Date(now.getTime() + 5_000);
    }
    expect(calls).toBe(3);
    expect((await jobRow(server.database, kind)).status).toBe('done');
  });

  it('refuses a payload that does not match the kind, before writing anything', async () => {
    const kind = `test.schema.${engine}.${Date.now()}`;
    const definition = defineJob({
      kind,
      payload: Type.Object({ n: Type.Integer() }, { additionalProperties: false }),
      maxAttempts: 1,
      backoffMs: () => 0,
      async handle() {},
    });
    const wrong = { n: 'one' } as unknown as { n: number };
    await expect(
      enqueue(server.database.db, definition, wrong, { dedupeKey: kind }),
    ).rejects.toThrow(`Invalid payload for job kind ${kind}: /n`);
    const rows = await server.database.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .execute();
    expect(rows).toEqual([]);
  });

  it('keeps exactly one job of a recurring kind, however many workers start', async () => {
    const kind = `test.recurring.${engine}.${Date.now()}`;
    let rounds = 0;
    const definition = recurringJob(kind, () => {
      rounds++;
      return { runAgainInMs: 60_000 };
    });
    let now = new Date();
    const context = jobContext(server.database, () => now);
    const workers = Array.from(
      { length: 4 },
      () => new Worker(context, { definitions: [definition] }),
    );
    await Promise.all(workers.map((worker) => worker.ensureRecurringJobs()));
    const rowsOf = () =>
      server.database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).execute();
    expect(await rowsOf()).toHaveLength(1);

    await workers[0]!.drain();
    expect(rounds).toBe(1);
    let [row] = await rowsOf();
    // The next round is scheduled: not an attempt, not an error.
    expect(row).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(Date.parse(row!.run_at)).toBe(now.getTime() + 60_000);
    await workers[1]!.drain();
    expect(rounds).toBe(1);

    // Ended by hand (or failed for good): the next worker to start brings it back.
    await server.database.db
      .updateTable('jobs')
      .set({ status: 'cancelled' })
      .where('kind', '=', kind)
      .execute();
    now = new Date(now.getTime() + 1000);
    await workers[2]!.drain();
    expect(rounds).toBe(2);
    [row] = await rowsOf();
    expect(row).toMatchObject({ status: 'pending', dedupe_key: kind });
    expect(await rowsOf()).toHaveLength(1);
  });

  it('holds a recurring job between rounds while it runs, writing nothing per round, and hands it back on stop', async () => {
    const kind = `test.held.${engine}.${Date.now()}`;
    let rounds = 0;
    const definition = recurringJob(kind, () => {
      rounds++;
      return { runAgainInMs: 5, idle: true };
    });
    const worker = new Worker(
      jobContext(server.database, () => new Date()),
      {
        definitions: [definition],
        pollMs: 10,
      },
    );
    const rowOf = () => jobRow(server.database, kind);
    const roundsReach = async (n: number) => {
      while (rounds < n) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    worker.start();
    try {
      await roundsReach(3);
      const held = await rowOf();
      expect(held).toMatchObject({ status: 'running', locked_by: worker.id, attempts: 1 });
      // A short lease, so a process that dies holding the job gives it up soon.
      expect(Date.parse(held.locked_until!) - Date.now()).toBeLessThanOrEqual(10_000);
      await roundsReach(rounds + 10);
      expect(await rowOf()).toEqual(held);
    } finally {
      await worker.stop();
    }
    const released = await rowOf();
    expect(released).toMatchObject({ status: 'pending', locked_by: null, attempts: 0 });
    // Due now, or, when stop() caught a round in flight, when that round asked to run again.
    expect(Date.parse(released.run_at)).toBeLessThanOrEqual(Date.now() + 5);
    const after = rounds;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toBe(after);
  });

  it('never runs one job twice when several workers claim at once', async () => {
    const kind = `test.race.${engine}.${Date.now()}`;
    const runs = new Map<string, number>();
    const definition = defineJob({
      kind,
      payload: Type.Object({ i: Type.Number() }),
      maxAttempts: 3,
      backoffMs: () => 0,
      async handle(_context, payload) {
        runs.set(String(payload.i), (runs.get(String(payload.i)) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    });
    for (let i = 0; i < 60; i++) {
      await enqueue(server.database.db, definition, { i }, { dedupeKey: `${kind}:${i}` });
    }
    const context = jobContext(server.database, () => new Date());
    const workers = Array.from(
      { length: 4 },
      () => new Worker(context, { definitions: [definition], concurrency: 5 }),
    );
    await Promise.all(workers.map((worker) => worker.drain()));
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  });

  it('enqueues many jobs in one call, as enqueue each would, and checks every payload first', async () => {
    const kind = `test.many.${engine}.${Date.now()}`;
    const definition = defineJob({
      kind,
      payload: Type.Object({ n: Type.Integer() }, { additionalProperties: false }),
      maxAttempts: 2,
      backoffMs: () => 0,
      async handle() {},
    });
    const wrong = { n: 'two' } as unknown as { n: number };
    await expect(
      enqueueMany(server.database.db, definition, [
        { payload: { n: 1 }, options: { dedupeKey: `${kind}:1` } },
        { payload: wrong, options: { dedupeKey: `${kind}:2` } },
      ]),
    ).rejects.toThrow(`Invalid payload for job kind ${kind}: /n`);
    const kindRows = () =>
      server.database.db
        .selectFrom('jobs')
        .select(['payload', 'lane', 'run_at', 'max_attempts', 'status'])
        .where('kind', '=', kind)
        .orderBy('dedupe_key')
        .execute();
    expect(await kindRows()).toEqual([]);
    const later = new Date('2031-01-01T00:00:00.000Z');
    const many = Array.from({ length: 1203 }, (_, n) => ({
      payload: { n },
      options: { dedupeKey: `${kind}:${String(n).padStart(4, '0')}`, lane: `lane-${n % 3}` },
    }));
    await enqueueMany(server.database.db, definition, many);
    // The same keys again (one job per key), and one more due later.
    await enqueueMany(server.database.db, definition, [
      ...many.slice(0, 10),
      { payload: { n: 9999 }, options: { dedupeKey: `${kind}:9999`, runAt: later } },
    ]);
    const rows = await kindRows();
    expect(rows).toHaveLength(1204);
    expect(rows[5]).toMatchObject({
      payload: '{"n":5}',
      lane: 'lane-2',
      max_attempts: 2,
      status: 'pending',
    });
    expect(rows[1203]).toMatchObject({ payload: '{"n":9999}', run_at: later.toISOString() });
  });

  it("makes a kind's writeDone in the statement that marks its jobs done, and neither when it fails", async () => {
    const kind = `test.done-with.${engine}.${Date.now()}`;
    const marker = `${kind}:marker`;
    let failWrite = false;
    const definition = defineJob({
      kind,
      payload: Type.Object({ i: Type.Integer() }),
      maxAttempts: 3,
      backoffMs: () => 60_000,
      async handle(_context, payload) {
        return { doneWith: `seen ${payload.i}` };
      },
      // The record goes on a job of its own that never runs (due in 2099): another table's row.
      writeDone(_engine, results) {
        return failWrite
          ? sql`update no_such_table set x = 1`
          : sql`update jobs set last_error = coalesce(last_error || ',', '') || ${(results as string[]).sort().join(',')} where dedupe_key = ${marker}`;
      },
    });
    await enqueue(
      server.database.db,
      definition,
      { i: -1 },
      {
        dedupeKey: marker,
        runAt: new Date('2099-01-01T00:00:00Z'),
      },
    );
    for (const i of [1, 2, 3]) {
      await enqueue(server.database.db, definition, { i }, { dedupeKey: `${kind}:${i}` });
    }
    const context = jobContext(server.database, () => new Date());
    await new Worker(context, { definitions: [definition] }).drain();
    expect((await jobRow(server.database, marker)).last_error).toBe('seen 1,seen 2,seen 3');
    for (const i of [1, 2, 3]) {
      expect((await jobRow(server.database, `${kind}:${i}`)).status).toBe('done');
    }

    // A write that fails leaves its jobs not done: they are attempted again after their backoff.
    failWrite = true;
    await enqueue(server.database.db, definition, { i: 4 }, { dedupeKey: `${kind}:4` });
    await new Worker(context, { definitions: [definition] }).drain();
    expect(await jobRow(server.database, `${kind}:4`)).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
    expect((await jobRow(server.database, marker)).last_error).toBe('seen 1,seen 2,seen 3');
  });
});
