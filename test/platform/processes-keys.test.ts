import { afterAll, describe, expect, inject, it } from 'vitest';
import { createApiKey, createOrganization, revokeApiKey } from '../../src/organizations/index.ts';
import { type Database, openPostgres } from '../../src/platform/db/database.ts';
import {
  createProcessDatabase,
  type ProcessDatabase,
  type ServeProcess,
  startServeProcess,
  WAIT_DEADLINE_MS,
} from '../webhooks/serve-process.ts';

const START_DEADLINE_MS = 60_000;
const LIMIT = 40;

/**
 * Two real `cohort serve` processes on one PostgreSQL: the requests of each process share their
 * key-and-count statements (src/organizations/api-keys.ts, findKeyAndCountRequest), with no key
 * cache, so a revocation made anywhere is seen by the next request in every process, and the
 * rate limit's count stays exact across them
 * (docs/decisions/0132-rate-limit-counted-with-the-key-lookup.md).
 */
describe.runIf(inject('postgresUrl'))('API keys across two serve processes on PostgreSQL', () => {
  let database: ProcessDatabase;
  let db: Database;
  const servers: ServeProcess[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await db?.destroy();
    await database?.drop();
  });

  const get = async (server: ServeProcess, apiKey: string) => {
    const sentAt = performance.now();
    const response = await fetch(`${server.url}/v2/projects`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    await response.arrayBuffer();
    return {
      sentAt,
      status: response.status,
      remaining: response.headers.get('ratelimit-remaining'),
    };
  };

  const newKey = async () => {
    const organization = await createOrganization(db.db, {
      name: 'Processes Lab',
      balanceCents: 0,
      platformFeeCents: 0,
    });
    return createApiKey(db.db, organization.id, 'owner');
  };

  it('starts two serve processes', { timeout: 2 * START_DEADLINE_MS }, async () => {
    database = await createProcessDatabase('postgres');
    Object.assign(database.env, { LOG_LEVEL: 'warn', RATE_LIMIT_PER_KEY: String(LIMIT) });
    // One after the other: the first migrates the database.
    servers.push(await startServeProcess(database.env, START_DEADLINE_MS));
    servers.push(await startServeProcess(database.env, START_DEADLINE_MS));
    db = openPostgres(database.location, 2);
  });

  it('refuses a key in both processes from the first request sent after its revocation', {
    timeout: WAIT_DEADLINE_MS,
  }, async () => {
    const { key, apiKey } = await newKey();
    // Under load, so that each process has statements in flight and requests batched behind them.
    let revokedAt = Number.POSITIVE_INFINITY;
    let stop = false;
    const seen: Array<{ sentAt: number; status: number }> = [];
    const loops = servers.flatMap((server) =>
      Array.from({ length: 6 }, async () => {
        while (!stop) seen.push(await get(server, apiKey));
      }),
    );
    // Each loop's requests count against the limit: stay under it before the revocation.
    while (seen.length < 12) await new Promise((resolve) => setTimeout(resolve, 5));
    await revokeApiKey(db.db, key.id);
    revokedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop = true;
    await Promise.all(loops);

    expect(seen.filter((r) => r.sentAt < revokedAt).some((r) => r.status === 200)).toBe(true);
    const after = seen.filter((r) => r.sentAt > revokedAt);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((r) => r.status !== 401)).toEqual([]);
    for (const server of servers) expect((await get(server, apiKey)).status).toBe(401);
  });

  it('accepts exactly the limit across both processes, each count given once', {
    timeout: WAIT_DEADLINE_MS,
  }, async () => {
    const { apiKey } = await newKey();
    const responses = await Promise.all(
      Array.from({ length: 3 * LIMIT }, (_, i) => get(servers[i % 2]!, apiKey)),
    );
    const accepted = responses.filter((r) => r.status === 200);
    expect(accepted.length).toBe(LIMIT);
    expect(responses.filter((r) => r.status === 429).length).toBe(2 * LIMIT);
    // Every accepted request saw its own place in the count: LIMIT - 1 down to 0, each once.
    const remaining = accepted.map((r) => Number(r.remaining)).sort((a, b) => a - b);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
  });
});
