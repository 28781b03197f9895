import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, newCustomer } from '../opportunities/fixtures.ts';
import { engines, startTestServer, type TestServer } from '../support/harness.ts';

describe.each(engines())('organization briefing counts on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('counts opportunities by the status clients read, deleted ones excluded', async () => {
    const customer = await newCustomer(server);
    const [draft, preparing, expired, active, paused, deleted] = await Promise.all(
      Array.from({ length: 6 }, () => createDraft(customer)),
    );
    void draft;
    for (const [row, status] of [
      [preparing, 'preparing'],
      [expired, 'expired'],
    ] as const) {
      await server.database.db
        .updateTable('opportunities')
        .set({ status })
        .where('id', '=', row.id)
        .execute();
    }
    await customer.api.post(`/v2/opportunities/${active.id}/launch`, {});
    await customer.api.post(`/v2/opportunities/${paused.id}/launch`, {});
    await customer.api.post(`/v2/opportunities/${paused.id}/pause`, {});
    await customer.api.delete(`/v2/opportunities/${deleted.id}`);

    const markdown = (await customer.api.get('/v2/organization', { accept: 'text/markdown' })).text;
    const section = markdown.split('## Opportunities by status')[1]!.split('##')[0]!;
    expect(section.trim().split('\n')).toEqual(['- draft: 3', '- active: 1', '- paused: 1']);
  });
});
