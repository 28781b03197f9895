import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, newSecret, PARTICIPANT_TOKEN_PREFIX } from '../../src/platform/credentials.ts';
import { ConflictError } from '../../src/platform/errors.ts';
import type { App } from '../../src/platform/http/types.ts';
import { newId } from '../../src/platform/ids.ts';
import {
  type Client,
  client,
  createTestKey,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';

const HOUR = 60 * 60 * 1000;
const key = () => `idem-${randomUUID()}`;
const withKey = (value: string) => ({ 'idempotency-key': value });

/** Routes that only tests have: a handler that waits for the test, one that fails once, ... */
function testRoutes() {
  const calls = { gated: 0, flaky: 0, refused: 0, participant: 0 };
  const gates: (() => void)[] = [];
  const flakyFailures = new Set<string>();
  const register = (app: App) => {
    app.post('/test/gated', async () => {
      const call = ++calls.gated;
      await new Promise<void>((resolve) => gates.push(resolve));
      return { call };
    });
    // Fails with a 500 on the first call of each marker, then succeeds.
    app.post('/test/flaky', async (request) => {
      const call = ++calls.flaky;
      const marker = String((request.body as { marker?: string }).marker);
      if (!flakyFailures.has(marker)) {
        flakyFailures.add(marker);
        throw new Error('a failure on our side');
      }
      return { call };
    });
    app.post('/test/refused', async () => {
      calls.refused++;
      throw new ConflictError('Refused by the handler');
    });
    app.post('/test/participants', { config: { auth: 'participant' } }, async (request) => ({
      participant: request.participant?.id,
      call: ++calls.participant,
    }));
  };
  return { calls, gates, register };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error('timed out waiting');
}

async function createParticipantToken(server: TestServer): Promise<string> {
  const token = newSecret(PARTICIPANT_TOKEN_PREFIX);
  const now = new Date().toISOString();
  const id = newId('participant');
  await server.database.db
    .insertInto('participants')
    .values({
      id,
      name: 'Pat',
      email: `${id}@example.com`,
      linkedin_url: null,
      timezone: 'Europe/Berlin',
      birth_date: '1990-01-01',
      country_id: 'DE',
      state_id: null,
      city_id: null,
      attributes: '{}',
      linked_accounts: '[]',
      background: '{}',
      token_hash: hashSecret(token),
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return token;
}

describe.each(engines())('Idempotency-Key on %s', (engine) => {
  let server: TestServer;
  let now = Date.parse('2030-01-01T00:00:00.000Z');
  const routes = testRoutes();
  beforeAll(async () => {
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 1_000_000 },
      { clock: () => now, beforeListen: routes.register },
    );
  });
  afterAll(() => server.close());

  const newCustomer = async () => client(server, (await createTestOrganization(server)).apiKey);
  const projectCount = async (api: Client) => {
    const list = await api.get('/v2/projects?limit=100');
    expect(list.status).toBe(200);
    return list.body.data.length;
  };

  describe('replays', () => {
    it('answers a repeat with the saved status and body, and creates nothing more', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      const first = await api.post('/v2/projects', { name: 'Once' }, withKey(idempotencyKey));
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await api.post('/v2/projects', { name: 'Once' }, withKey(idempotencyKey));
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.headers.get('content-type')).toContain('application/json');
      expect(await projectCount(api)).toBe(1);
      const list = await api.get('/v2/projects');
      expect(list.body.data).toEqual([first.body]);
    });

    it('treats the same JSON with its fields in another order as the same body', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      const first = await api.post(
        '/v2/projects',
        '{"name":"Ordered","description":"d"}',
        withKey(idempotencyKey),
      );
      const again = await api.post(
        '/v2/projects',
        '{ "description": "d", "name": "Ordered" }',
        withKey(idempotencyKey),
      );
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await projectCount(api)).toBe(1);
    });

    it('saves 4xx answers of the handler like successes', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      const before = routes.calls.refused;
      const first = await api.post('/test/refused', {}, withKey(idempotencyKey));
      expect(first.status).toBe(409);
      expect(first.body).toEqual({
        code: 'CONFLICT',
        message: 'Refused by the handler',
        issues: [{ message: 'Refused by the handler' }],
      });
      const again = await api.post('/test/refused', {}, withKey(idempotencyKey));
      expect(again.status).toBe(409);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(routes.calls.refused).toBe(before + 1);
    });

    it('releases the key after a 5xx, so the retry runs again', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      const marker = randomUUID();
      const failed = await api.post('/test/flaky', { marker }, withKey(idempotencyKey));
      expect(failed.status).toBe(500);
      expect(failed.body.code).toBe('INTERNAL_SERVER_ERROR');
      const retried = await api.post('/test/flaky', { marker }, withKey(idempotencyKey));
      expect(retried.status).toBe(200);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      const replayed = await api.post('/test/flaky', { marker }, withKey(idempotencyKey));
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.body).toEqual(retried.body);
      expect(replayed.body.call).toBe(retried.body.call);
    });

    it('holds nothing for a request refused by validation', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      const invalid = await api.post('/v2/projects', { name: '' }, withKey(idempotencyKey));
      expect(invalid.status).toBe(400);
      const fixed = await api.post('/v2/projects', { name: 'Fixed' }, withKey(idempotencyKey));
      expect(fixed.status).toBe(200);
      expect(fixed.body.name).toBe('Fixed');
    });

    it('leaves requests without the header, and other methods, alone', async () => {
      const api = await newCustomer();
      await api.post('/v2/projects', { name: 'Twice' });
      await api.post('/v2/projects', { name: 'Twice' });
      expect(await projectCount(api)).toBe(2);
      const read = await api.get('/v2/projects', withKey('x'.repeat(300)));
      expect(read.status).toBe(200);
    });
  });

  describe('refusals', () => {
    it('answers the same key with another body with 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      await api.post('/v2/projects', { name: 'First' }, withKey(idempotencyKey));
      const other = await api.post('/v2/projects', { name: 'Second' }, withKey(idempotencyKey));
      expect(other.status).toBe(422);
      expect(other.body).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: expect.any(String),
        issues: [{ message: expect.stringContaining('idempotency-key') }],
      });
      const elsewhere = await api.post('/test/refused', { name: 'First' }, withKey(idempotencyKey));
      expect(elsewhere.status).toBe(422);
      expect(await projectCount(api)).toBe(1);
    });

    it('answers a repeat while the first is in flight with 409, then replays', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      const gatesBefore = routes.gates.length;
      const first = api.post('/test/gated', { n: 1 }, withKey(idempotencyKey));
      await until(() => routes.gates.length > gatesBefore);
      const during = await api.post('/test/gated', { n: 1 }, withKey(idempotencyKey));
      expect(during.status).toBe(409);
      expect(during.body).toEqual({
        code: 'CONFLICT',
        message: expect.stringContaining('in progress'),
        issues: [{ message: expect.any(String) }],
      });
      routes.gates[gatesBefore]!();
      const answered = await first;
      expect(answered.status).toBe(200);
      const after = await api.post('/test/gated', { n: 1 }, withKey(idempotencyKey));
      expect(after.status).toBe(200);
      expect(after.body).toEqual(answered.body);
      expect(after.headers.get('idempotent-replayed')).toBe('true');
      expect(routes.gates.length).toBe(gatesBefore + 1);
    });

    it('refuses keys longer than 255 characters or empty, and accepts 255', async () => {
      const api = await newCustomer();
      const long = await api.post('/v2/projects', { name: 'Long' }, withKey('k'.repeat(256)));
      expect(long.status).toBe(400);
      expect(long.body).toEqual({
        code: 'BAD_REQUEST',
        message: expect.any(String),
        issues: [{ message: expect.stringContaining('idempotency-key') }],
      });
      const empty = await api.post('/v2/projects', { name: 'Empty' }, withKey(''));
      expect(empty.status).toBe(400);
      expect(await projectCount(api)).toBe(0);
      const longest = 'k'.repeat(255);
      expect((await api.post('/v2/projects', { name: 'Max' }, withKey(longest))).status).toBe(200);
      expect(
        (await api.post('/v2/projects', { name: 'Max' }, withKey(longest))).headers.get(
          'idempotent-replayed',
        ),
      ).toBe('true');
      expect(await projectCount(api)).toBe(1);
    });

    it('still refuses a viewer key before looking at the idempotency key', async () => {
      const organization = await createTestOrganization(server);
      const viewer = await createTestKey(server, organization.id, 'viewer');
      const refused = await client(server, viewer.apiKey).post(
        '/v2/projects',
        { name: 'No' },
        withKey('k'.repeat(300)),
      );
      expect(refused.status).toBe(403);
    });
  });

  describe('concurrency', () => {
    it('runs one of ten simultaneous requests with one key; the rest get 409 or the replay', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () =>
          api.post('/v2/projects', { name: 'Raced' }, withKey(idempotencyKey)),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      const originals = responses.filter(
        (response) => response.status === 200 && !response.headers.get('idempotent-replayed'),
      );
      expect(originals).toHaveLength(1);
      for (const response of responses.filter((r) => r.status === 200)) {
        expect(response.body).toEqual(originals[0]!.body);
      }
      expect(await projectCount(api)).toBe(1);
    });
  });

  describe('scope', () => {
    it('keeps keys per API key: another key of the organization, or another organization, is independent', async () => {
      const organization = await createTestOrganization(server);
      const owner = client(server, organization.apiKey);
      const member = client(
        server,
        (await createTestKey(server, organization.id, 'member')).apiKey,
      );
      const stranger = await newCustomer();
      const idempotencyKey = key();
      const byOwner = await owner.post('/v2/projects', { name: 'Shared' }, withKey(idempotencyKey));
      const byMember = await member.post(
        '/v2/projects',
        { name: 'Shared' },
        withKey(idempotencyKey),
      );
      const byStranger = await stranger.post(
        '/v2/projects',
        { name: 'Other' },
        withKey(idempotencyKey),
      );
      for (const response of [byOwner, byMember, byStranger]) {
        expect(response.status).toBe(200);
        expect(response.headers.get('idempotent-replayed')).toBeNull();
      }
      expect(byMember.body.id).not.toBe(byOwner.body.id);
      expect(await projectCount(owner)).toBe(2);
      expect(await projectCount(stranger)).toBe(1);
    });

    it('keeps participant keys per participant', async () => {
      const pat = client(server, await createParticipantToken(server));
      const sam = client(server, await createParticipantToken(server));
      const idempotencyKey = key();
      const first = await pat.post('/test/participants', {}, withKey(idempotencyKey));
      const repeat = await pat.post('/test/participants', {}, withKey(idempotencyKey));
      const other = await sam.post('/test/participants', {}, withKey(idempotencyKey));
      expect(first.status).toBe(200);
      expect(repeat.body).toEqual(first.body);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
      expect(other.status).toBe(200);
      expect(other.headers.get('idempotent-replayed')).toBeNull();
      expect(other.body.participant).not.toBe(first.body.participant);
      const tooLong = await pat.post('/test/participants', {}, withKey('p'.repeat(256)));
      expect(tooLong.status).toBe(400);
    });
  });

  describe('expiry', () => {
    it('keeps a key 24 hours; after that the same key runs again and old keys are purged', async () => {
      const organization = await createTestOrganization(server);
      const api = client(server, organization.apiKey);
      const idempotencyKey = key();
      const forgotten = key();
      const first = await api.post('/v2/projects', { name: 'Daily' }, withKey(idempotencyKey));
      await api.post('/v2/projects', { name: 'Forgotten' }, withKey(forgotten));

      now += 24 * HOUR - 1000;
      const sameDay = await api.post('/v2/projects', { name: 'Daily' }, withKey(idempotencyKey));
      expect(sameDay.headers.get('idempotent-replayed')).toBe('true');
      expect(sameDay.body).toEqual(first.body);
      const stillReused = await api.post('/v2/projects', { name: 'Else' }, withKey(idempotencyKey));
      expect(stillReused.status).toBe(422);

      now += 2000;
      const nextDay = await api.post('/v2/projects', { name: 'Daily' }, withKey(idempotencyKey));
      expect(nextDay.status).toBe(200);
      expect(nextDay.headers.get('idempotent-replayed')).toBeNull();
      expect(nextDay.body.id).not.toBe(first.body.id);
      expect(await projectCount(api)).toBe(3);

      // Expired keys go with the first keyed POST once the purge interval (10 minutes) has passed.
      now += 11 * 60 * 1000;
      const later = key();
      await api.post('/v2/projects', { name: 'Later' }, withKey(later));
      const rows = await server.database.db
        .selectFrom('idempotency_keys')
        .select('idempotency_key')
        .where('scope', '=', organization.keyId)
        .execute();
      expect(rows.map((row) => row.idempotency_key).sort()).toEqual([idempotencyKey, later].sort());
    });

    it('lets a retry take over a key whose first request never answered, after its lease', async () => {
      const api = await newCustomer();
      const idempotencyKey = key();
      const gatesBefore = routes.gates.length;
      const stuck = api.post('/test/gated', { n: 2 }, withKey(idempotencyKey));
      await until(() => routes.gates.length > gatesBefore);
      expect((await api.post('/test/gated', { n: 2 }, withKey(idempotencyKey))).status).toBe(409);

      now += 3 * 60 * 1000;
      const retry = api.post('/test/gated', { n: 2 }, withKey(idempotencyKey));
      await until(() => routes.gates.length > gatesBefore + 1);
      routes.gates[gatesBefore + 1]!();
      const retried = await retry;
      expect(retried.status).toBe(200);
      // The first request finishing late does not overwrite the answer the retry saved.
      routes.gates[gatesBefore]!();
      expect((await stuck).status).toBe(200);
      const replayed = await api.post('/test/gated', { n: 2 }, withKey(idempotencyKey));
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.body).toEqual(retried.body);
    });
  });
});
