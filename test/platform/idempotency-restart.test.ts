import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { type Engine, openPostgres, openSqlite } from '../../src/platform/db/database.ts';
import { IDEMPOTENCY_LEASE_MS } from '../../src/platform/http/idempotency.ts';
import { HEARTBEAT_MS, STALE_AFTER_MS } from '../../src/platform/http/lease-holder.ts';
import { engines } from '../support/harness.ts';
import {
  createProcessDatabase,
  type ProcessDatabase,
  runCli,
  type ServeProcess,
  startServeProcess,
  WAIT_DEADLINE_MS,
  waitFor,
} from '../webhooks/serve-process.ts';
import { Receiver } from '../webhooks/support.ts';

// A serve process builds the geography index before it listens: seconds of CPU on a busy machine.
const START_DEADLINE_MS = 60_000;
/** Long enough that the held request is still waiting on the receiver when it is killed. */
const WEBHOOK_TIMEOUT_MS = 100_000;

/** The key's row and the process rows, read straight from the database. */
async function rows(engine: Engine, location: string, key: string) {
  const database = engine === 'sqlite' ? openSqlite(location) : openPostgres(location, 1);
  try {
    const keys = await database.db
      .selectFrom('idempotency_keys')
      .select(['status', 'holder'])
      .where('idempotency_key', '=', key)
      .execute();
    const processes = await database.db.selectFrom('server_processes').select('id').execute();
    return { keys, processes: processes.map((row) => row.id) };
  } finally {
    await database.destroy();
  }
}

function confirmCall(server: ServeProcess, apiKey: string, subscriptionId: string, key: string) {
  return fetch(`${server.url}/v2/hooks/subscriptions/${subscriptionId}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: '{}',
  }).then(async (response) => ({
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    body: (await response.json()) as any,
  }));
}

/**
 * Real processes: `cohort serve` is SIGKILLed while a request holds its Idempotency-Key (a webhook
 * confirmation waiting on a receiver that does not answer), a second `serve` starts on the same
 * database, and the retry with the same key gets the real answer, not `409 still in progress`,
 * long before the key's 2-minute lease would have lapsed.
 */
describe.each(engines())('a key in flight at a kill, after a restart on %s', (engine) => {
  let database: ProcessDatabase;
  let receiver: Receiver;
  const servers: ServeProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await receiver?.down();
    await database?.drop();
  });

  it('answers the retry with the real answer', {
    timeout: 2 * START_DEADLINE_MS + 3 * WAIT_DEADLINE_MS,
  }, async () => {
    database = await createProcessDatabase(engine);
    Object.assign(database.env, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
      JOB_LEASE_MS: String(WEBHOOK_TIMEOUT_MS + 10_000),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_KEY: '1000000',
    });
    receiver = await Receiver.start();
    const first = await startServeProcess(database.env, START_DEADLINE_MS);
    servers.push(first);
    const created = JSON.parse(
      await runCli(
        database.env,
        ['org', 'create', '--name', 'Restart Lab', '--balance-cents', '0', '--json'],
        WAIT_DEADLINE_MS,
      ),
    );
    const apiKey = created.api_key as string;
    const subscription = await fetch(`${first.url}/v2/hooks/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        target_url: `${receiver.url}/hooks`,
        event_types: ['opportunity.status.change'],
      }),
    }).then((response) => response.json() as Promise<{ id: string }>);

    // The confirmation's signed ping reaches a receiver that holds it unanswered.
    receiver.answer = () => 'hang';
    const key = `restart-${engine}-${Date.now()}`;
    const held = confirmCall(first, apiKey, subscription.id, key).catch((error: Error) => error);
    await waitFor('the ping to arrive', async () =>
      receiver.requests.length > 0 ? true : undefined,
    );
    const before = await rows(engine, database.location, key);
    expect(before.keys).toEqual([
      { status: 'in_flight', holder: expect.stringContaining(`:${first.child.pid}:`) },
    ]);
    expect(before.processes).toContain(before.keys[0]!.holder);

    if (engine === 'postgres') {
      // A live holder keeps its lease past the silence that releases a dead one's.
      await delay(STALE_AFTER_MS + 2 * HEARTBEAT_MS);
      const meanwhile = await confirmCall(first, apiKey, subscription.id, key);
      expect(meanwhile.status).toBe(409);
      expect(meanwhile.body.message).toContain('still in progress');
    }

    await first.kill();
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(await held).toBeInstanceOf(Error);
    const killedAt = Date.now();
    expect((await rows(engine, database.location, key)).keys[0]!.status).toBe('in_flight');

    receiver.answer = () => ({ status: 204 });
    const second = await startServeProcess(database.env, START_DEADLINE_MS);
    servers.push(second);
    let answer = await confirmCall(second, apiKey, subscription.id, key);
    if (engine === 'sqlite') {
      // The embedded database's one process released every earlier lease before it listened.
      expect(answer.status).toBe(200);
    } else if (answer.status === 409) {
      // On PostgreSQL another process may still hold it: released once the holder is silent
      // (at once when the restart took longer than that).
      answer = await waitFor('the dead holder to be found silent', async () => {
        const attempt = await confirmCall(second, apiKey, subscription.id, key);
        if (attempt.status === 409) return undefined;
        return attempt;
      });
    }
    expect(Date.now() - killedAt).toBeLessThan(IDEMPOTENCY_LEASE_MS);
    expect(answer.status).toBe(200);
    expect(answer.replayed).toBeNull();
    expect(answer.body).toMatchObject({ id: subscription.id });
    expect(receiver.requests).toHaveLength(2);

    // The key now holds that answer; the dead process is forgotten.
    const again = await confirmCall(second, apiKey, subscription.id, key);
    expect(again).toEqual({ ...answer, replayed: 'true' });
    const after = await rows(engine, database.location, key);
    expect(after.keys).toEqual([{ status: 'completed', holder: expect.any(String) }]);
    expect(after.processes).not.toContain(before.keys[0]!.holder);
    expect(after.processes).toContain(after.keys[0]!.holder);
  });
});
