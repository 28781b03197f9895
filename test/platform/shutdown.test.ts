import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { loadConfig } from '../../src/config.ts';
import { createApiKey } from '../../src/organizations/api-keys.ts';
import { createOrganization } from '../../src/organizations/store.ts';
import { type Database, migrateToLatest } from '../../src/platform/db/database.ts';
import { defineJob } from '../../src/platform/jobs/define.ts';
import { enqueue } from '../../src/platform/jobs/store.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { startServer } from '../../src/server.ts';
import { engines, openTestDatabase } from '../support/harness.ts';

/**
 * A POST whose body arrives in two parts: the server has the request in hand (headers parsed, the
 * route chosen) but cannot finish it until `finish()` sends the rest.
 */
function slowPost(url: string, apiKey: string, body: unknown) {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const target = new URL(url);
  let resolveResponse!: (value: { status: number; body: any }) => void;
  let rejectResponse!: (error: Error) => void;
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    resolveResponse = resolve;
    rejectResponse = reject;
  });
  const request = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
      },
    },
    (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        data += chunk;
      });
      res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
    },
  );
  request.on('error', rejectResponse);
  request.write(text.slice(0, half));
  return { response, finish: () => request.end(text.slice(half)) };
}

async function organizationKey(database: Database) {
  return database.db.transaction().execute(async (trx) => {
    const organization = await createOrganization(trx, {
      name: 'Shutdown Lab',
      balanceCents: 0,
      platformFeeCents: 200,
    });
    return (await createApiKey(trx, organization.id, 'owner')).apiKey;
  });
}

describe.each(engines())('graceful shutdown on %s', (engine) => {
  // startServer builds the geography index before listening: seconds of CPU on a busy machine.
  it('server close() lets an in-flight request finish, and refuses new connections', {
    timeout: 90_000,
  }, async () => {
    const database = openTestDatabase(engine);
    const config = { ...loadConfig({}), port: 0, host: '127.0.0.1', logLevel: 'silent' };
    const server = await startServer(config, database, { worker: false });
    const apiKey = await organizationKey(database);
    const slow = slowPost(`${server.url}/v2/projects`, apiKey, { name: 'Finished while closing' });
    await delay(200); // the headers are in and the route is chosen; the body is half there

    let closed = false;
    const closing = server.close().then(() => {
      closed = true;
    });
    await delay(100);
    // No new connections once close has begun.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(closed).toBe(false);

    slow.finish();
    const response = await slow.response;
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Finished while closing');
    await closing;
    expect(closed).toBe(true);
  });

  it('worker.stop() resolves only after the job in hand has finished, and claims no more', async () => {
    const database = openTestDatabase(engine);
    if (engine === 'sqlite') await migrateToLatest(database.db);
    try {
      const kind = `test.shutdown.${engine}.${Date.now()}`;
      const events: string[] = [];
      let started!: () => void;
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const definition = defineJob({
        kind,
        payload: Type.Object({}),
        maxAttempts: 1,
        backoffMs: () => 1000,
        async handle() {
          events.push('job started');
          started();
          await delay(300);
          events.push('job finished');
        },
      });
      const worker = new Worker(
        { database, config: loadConfig({}), log: quietLog, now: () => new Date() },
        { definitions: [definition], pollMs: 10 },
      );
      await enqueue(database.db, definition, {}, { dedupeKey: `${kind}:first` });
      worker.start();
      await running;
      await worker.stop();
      events.push('stop resolved');
      expect(events).toEqual(['job started', 'job finished', 'stop resolved']);

      const status = async (key: string) =>
        (
          await database.db
            .selectFrom('jobs')
            .select('status')
            .where('dedupe_key', '=', key)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await status(`${kind}:first`)).toBe('done');
      await enqueue(database.db, definition, {}, { dedupeKey: `${kind}:after` });
      await delay(100);
      expect(await status(`${kind}:after`)).toBe('pending');
    } finally {
      await database.destroy();
    }
  });
});

describe('cohort serve on SIGTERM', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('finishes the request in flight, then exits 0', { timeout: 90_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cohort-sigterm-'));
    const root = path.resolve(import.meta.dirname, '../..');
    child = spawn(process.execPath, [path.join(root, 'src/main.ts'), 'serve', '--no-worker'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    const waitFor = (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} in:\n${output}`)), 75_000);
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          }
        };
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          check();
        };
        child!.stdout!.on('data', onData);
        child!.stderr!.on('data', onData);
        check();
      });
    const [, url] = await waitFor(/listening on (http:\/\/[^\s]+)\/v2/);
    const apiKey = output.match(/\b(ck_[A-Za-z0-9_-]+)/)?.[1];
    expect(apiKey).toBeDefined();

    const slow = slowPost(`${url}/v2/projects`, apiKey!, { name: 'Survives SIGTERM' });
    await delay(200);
    child.kill('SIGTERM');
    await waitFor(/SIGTERM: finishing in-flight requests/);
    slow.finish();
    const response = await slow.response;
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Survives SIGTERM');
    expect(await exited).toBe(0);
  });
});
