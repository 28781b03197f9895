import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from '../support/harness.ts';
import { createDraft, draftBody, newCustomer } from './fixtures.ts';
import { balanceOf, ledgerRows } from './seed.ts';

describe.each(engines())('retried creates and launches with Idempotency-Key on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('a retried create returns the same draft; a retried launch charges once', async () => {
    const customer = await newCustomer(server);
    const body = draftBody(customer.projectId);
    const key = { 'idempotency-key': `create-${Date.now()}` };
    const first = await customer.api.post('/v2/opportunities', body, key);
    const again = await customer.api.post('/v2/opportunities', body, key);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect((await customer.api.get('/v2/opportunities')).body.data).toHaveLength(1);

    const launchKey = { 'idempotency-key': `launch-${first.body.id}` };
    const path = `/v2/opportunities/${first.body.id}/launch`;
    const launched = await customer.api.post(path, {}, launchKey);
    const retried = await customer.api.post(path, {}, launchKey);
    expect(launched.status).toBe(200);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(launched.body);
    const charges = (await ledgerRows(server.database.db, customer.organization.id)).filter(
      (r) => r.kind === 'launch_charge',
    );
    expect(charges).toHaveLength(1);
    expect(await balanceOf(server.database.db, customer.organization.id)).toBe(
      1_000_000 - first.body.pricing.total_cost_cents,
    );
  });

  it('a create refused by its schema holds no key: the fixed body with the same key succeeds', async () => {
    const customer = await newCustomer(server);
    const key = { 'idempotency-key': `fix-${Date.now()}` };
    const broken = await customer.api.post(
      '/v2/opportunities',
      { ...draftBody(customer.projectId), num_participants: 'ten' },
      key,
    );
    expect(broken.status).toBe(400);
    const fixed = await customer.api.post('/v2/opportunities', draftBody(customer.projectId), key);
    expect(fixed.status).toBe(200);
    const draft = await createDraft(customer);
    expect(draft.id).not.toBe(fixed.body.id);
  });
});
