import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/webhooks/event.ts';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import {
  newCustomer,
  Receiver,
  startWebhookWorld,
  verifies,
  type WebhookWorld,
} from './support.ts';

const timestamp = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

describe.each(engines())('webhook subscriptions on %s', (engine) => {
  let world: WebhookWorld;
  let receiver: Receiver;
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
    return newCustomer(world);
  }

  it('creates an unconfirmed subscription with the 2.14 fields and the secret, shown once', async () => {
    const { api } = await setup();
    const created = await api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change', 'opportunity.status.change'],
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^whk_/),
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change', 'opportunity.status.change'],
      is_enabled: true,
      confirmed_at: null,
      disabled_at: null,
      disabled_reason: null,
      created_at: timestamp,
      updated_at: timestamp,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const { secret, ...subscription } = created.body;
    const read = await api.get(`/v2/hooks/subscriptions/${subscription.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(subscription);
    expect(read.text).not.toContain(secret);
    // Nothing is sent before confirmation, the ping included.
    expect(receiver.requests).toHaveLength(0);
  });

  it('answers 400 listing every problem: the URL, each unknown type, missing fields', async () => {
    const { api } = await setup();
    const bad = await api.post('/v2/hooks/subscriptions', {
      target_url: 'ftp://user:pw@example.com/x',
      event_types: ['submission.status.change', 'submission.created', 'nope'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: 'BAD_REQUEST',
      message: expect.any(String),
      issues: [
        { message: 'target_url must use https or http' },
        { message: expect.stringContaining('"submission.created"') },
        { message: expect.stringContaining('"nope"') },
      ],
    });
    const credentials = await api.post('/v2/hooks/subscriptions', {
      target_url: 'https://user:pw@example.com/x',
      event_types: ['submission.status.change'],
    });
    expect(credentials.body.issues).toEqual([
      { message: 'target_url must not contain a user name or password' },
    ]);
    const missing = await api.post('/v2/hooks/subscriptions', { event_types: [], extra: 1 });
    expect(missing.status).toBe(400);
    const messages = missing.body.issues.map((issue: { message: string }) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('target_url: is required'),
        expect.stringContaining('extra: unknown field'),
        expect.stringContaining('event_types'),
      ]),
    );
  });

  it('lists event types with descriptions, and lists subscriptions newest first in pages', async () => {
    const { api } = await setup();
    const types = await api.get('/v2/hooks/event-types');
    expect(types.status).toBe(200);
    expect(types.body.data.map((t: { type: string }) => t.type)).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const type of types.body.data) expect(type.description.length).toBeGreaterThan(20);

    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await api.post('/v2/hooks/subscriptions', {
        target_url: `${receiver.url}/hooks/${i}`,
        event_types: ['applicant.created'],
      });
      ids.push(created.body.id);
    }
    const deleted = ids[2]!;
    await api.delete(`/v2/hooks/subscriptions/${deleted}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await api.get(
        `/v2/hooks/subscriptions?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      for (const item of page.body.data) expect(item).not.toHaveProperty('secret');
      seen.push(...page.body.data.map((item: { id: string }) => item.id));
      cursor = page.body.pagination.next_cursor;
      expect(page.body.pagination.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual(ids.filter((id) => id !== deleted).reverse());
    expect((await api.get('/v2/hooks/subscriptions?cursor=garbage')).status).toBe(400);
  });

  it('confirms with a signed webhook.ping answered 2xx', async () => {
    const { api } = await setup();
    const created = await api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change'],
    });
    const confirmed = await api.post(`/v2/hooks/subscriptions/${created.body.id}`, {});
    expect(confirmed.status).toBe(200);
    const { secret, ...subscription } = created.body;
    expect(confirmed.body).toEqual({
      ...subscription,
      confirmed_at: timestamp,
      updated_at: timestamp,
    });
    expect(receiver.requests).toHaveLength(1);
    const ping = receiver.requests[0]!;
    expect(ping.path).toBe('/hooks');
    expect(verifies(ping, secret, world.now())).toBe(true);
    expect(verifies(ping, `${secret}x`, world.now())).toBe(false);
    expect(JSON.parse(ping.body)).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'webhook.ping',
      created_at: timestamp,
      data: { subscription_id: created.body.id },
    });
    expect(ping.headers['x-service-event-type']).toBe('webhook.ping');
    expect(ping.headers['x-service-event-id']).toBe(JSON.parse(ping.body).id);
  });

  const failures: [string, () => Receiver['answer'] | 'down', string][] = [
    ['a 500', () => () => ({ status: 500 }), 'receiver answered 500'],
    [
      'a redirect (never followed)',
      () => () => ({ status: 301, headers: { location: 'https://example.com/' } }),
      'receiver answered 301 (redirects are not followed)',
    ],
    ['a refused connection', () => 'down', 'connection refused'],
    ['a 410', () => () => ({ status: 410 }), 'receiver answered 410 Gone: the endpoint is retired'],
  ];

  it.each(failures)(
    'answers 412 with the reason for %s and stays unconfirmed',
    async (_, behaviour, reason) => {
      const { api } = await setup();
      const created = await api.post('/v2/hooks/subscriptions', {
        target_url: `${receiver.url}/hooks`,
        event_types: ['submission.status.change'],
      });
      const answer = behaviour();
      if (answer === 'down') await receiver.down();
      else receiver.answer = answer;
      const refused = await api.post(`/v2/hooks/subscriptions/${created.body.id}`, {});
      expect(refused.status).toBe(412);
      expect(refused.body).toEqual({
        code: 'PRECONDITION_FAILED',
        message: expect.stringContaining(reason),
        issues: [{ message: reason }],
        reason,
      });
      const read = await api.get(`/v2/hooks/subscriptions/${created.body.id}`);
      expect(read.body.confirmed_at).toBeNull();
      if (answer !== 'down') expect(receiver.requests).toHaveLength(1);
    },
  );

  it('answers 412 when the receiver does not answer within the attempt timeout', async () => {
    receiver = await Receiver.start();
    receiver.answer = () => 'hang';
    // A server of its own with a short WEBHOOK_TIMEOUT_MS; the ping needs no job runner.
    const short = await startTestServer(engine, { webhookTimeoutMs: 500 });
    try {
      const api = client(short, (await createTestOrganization(short)).apiKey);
      const created = await api.post('/v2/hooks/subscriptions', {
        target_url: `${receiver.url}/hooks`,
        event_types: ['submission.status.change'],
      });
      const started = Date.now();
      const refused = await api.post(`/v2/hooks/subscriptions/${created.body.id}`, {});
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect(refused.status).toBe(412);
      expect(refused.body).toEqual({
        code: 'PRECONDITION_FAILED',
        message: expect.stringContaining('timed out after 0.5 s'),
        issues: [{ message: 'timed out after 0.5 s' }],
        reason: 'timed out after 0.5 s',
      });
      expect((await api.get(`/v2/hooks/subscriptions/${created.body.id}`)).body.confirmed_at).toBe(
        null,
      );
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await short.close();
    }
  });

  it('confirmation needs the JSON body {} and a known subscription', async () => {
    const { api } = await setup();
    const created = await api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change'],
    });
    const withField = await api.post(`/v2/hooks/subscriptions/${created.body.id}`, { x: 1 });
    expect(withField.status).toBe(400);
    const noBody = await api.request('POST', `/v2/hooks/subscriptions/${created.body.id}`);
    expect(noBody.status).toBe(400);
    expect(receiver.requests).toHaveLength(0);
    const unknown = await api.post('/v2/hooks/subscriptions/whk_nope', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      code: 'NOT_FOUND',
      message: expect.any(String),
      issues: [{ message: expect.any(String) }],
    });
  });

  it('rotates the secret: the new one signs the next ping, the old one no longer verifies', async () => {
    const { api } = await setup();
    const created = await api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change'],
    });
    const rotated = await api.post(`/v2/hooks/subscriptions/${created.body.id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ secret: expect.stringMatching(/^whsec_/) });
    expect(rotated.body.secret).not.toBe(created.body.secret);
    await api.post(`/v2/hooks/subscriptions/${created.body.id}`, {});
    const ping = receiver.requests[0]!;
    expect(verifies(ping, rotated.body.secret, world.now())).toBe(true);
    expect(verifies(ping, created.body.secret, world.now())).toBe(false);
    expect((await api.post('/v2/hooks/subscriptions/whk_nope/secret')).status).toBe(404);
  });

  it('deletes: {id, deleted: true}, then gone from reads, confirmation and rotation', async () => {
    const { api } = await setup();
    const created = await api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change'],
    });
    const id = created.body.id;
    const deleted = await api.delete(`/v2/hooks/subscriptions/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, deleted: true });
    expect((await api.get(`/v2/hooks/subscriptions/${id}`)).status).toBe(404);
    expect((await api.post(`/v2/hooks/subscriptions/${id}`, {})).status).toBe(404);
    expect((await api.post(`/v2/hooks/subscriptions/${id}/secret`)).status).toBe(404);
    expect((await api.delete(`/v2/hooks/subscriptions/${id}`)).status).toBe(404);
    expect(receiver.requests).toHaveLength(0);
  });

  it('keeps organizations apart, and a viewer key may read but not write', async () => {
    const owner = await setup();
    const other = await newCustomer(world);
    const created = await owner.api.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change'],
    });
    const id = created.body.id;
    expect((await other.api.get(`/v2/hooks/subscriptions/${id}`)).status).toBe(404);
    expect((await other.api.delete(`/v2/hooks/subscriptions/${id}`)).status).toBe(404);
    expect((await other.api.post(`/v2/hooks/subscriptions/${id}`, {})).status).toBe(404);
    expect((await other.api.get('/v2/hooks/subscriptions')).body.data).toEqual([]);

    const viewer = client(
      world.server,
      (await createTestKey(world.server, owner.organizationId, 'viewer')).apiKey,
    );
    expect((await viewer.get(`/v2/hooks/subscriptions/${id}`)).status).toBe(200);
    const write = await viewer.post('/v2/hooks/subscriptions', {
      target_url: `${receiver.url}/hooks`,
      event_types: ['submission.status.change'],
    });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({ code: 'FORBIDDEN', message: 'Insufficient access' });
    expect((await viewer.delete(`/v2/hooks/subscriptions/${id}`)).status).toBe(403);
    const anonymous = await client(world.server).get('/v2/hooks/subscriptions');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { code: 'UNAUTHORIZED', message: expect.any(String) },
    });
  });
});

describe.each(engines())('webhook targets without WEBHOOK_ALLOW_PRIVATE on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { webhookAllowPrivate: false });
  });
  afterAll(() => server.close());

  it.each([
    ['http://127.0.0.1:8080/hooks', 'private or reserved address (127.0.0.1)'],
    ['http://10.1.2.3/hooks', 'private or reserved address (10.1.2.3)'],
    ['http://169.254.169.254/latest/meta-data', 'private or reserved address (169.254.169.254)'],
    ['http://[::1]/hooks', 'private or reserved address ([::1])'],
    ['http://[::ffff:127.0.0.1]/hooks', 'private or reserved address'],
    ['http://[fd00:ec2::254]/hooks', 'private or reserved address'],
    ['http://localhost:3000/hooks', 'must not point to localhost'],
    ['http://api.localhost/hooks', 'must not point to localhost'],
  ])('refuses %s at create', async (target_url, why) => {
    const organization = await createTestOrganization(server);
    const api = client(server, organization.apiKey);
    const refused = await api.post('/v2/hooks/subscriptions', {
      target_url,
      event_types: ['submission.status.change'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'BAD_REQUEST',
      message: expect.any(String),
      issues: [{ message: expect.stringContaining(why) }],
    });
    expect((await api.get('/v2/hooks/subscriptions')).body.data).toEqual([]);
  });

  it('accepts a public literal address', async () => {
    const organization = await createTestOrganization(server);
    const api = client(server, organization.apiKey);
    const created = await api.post('/v2/hooks/subscriptions', {
      target_url: 'https://93.184.215.14/hooks',
      event_types: ['submission.status.change'],
    });
    expect(created.status).toBe(200);
  });
});
