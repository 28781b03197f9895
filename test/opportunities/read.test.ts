import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Opportunity,
  OpportunityList,
  OpportunitySummary,
} from '../../src/opportunities/schemas.ts';
import { client, engines, startTestServer, type TestServer } from '../support/harness.ts';
import { createDraft, newCustomer, RICH_SCREENER } from './fixtures.ts';
import { seedSubmission } from './seed.ts';

describe.each(engines())('GET /v2/opportunities on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('lists summaries newest first, pricing null on drafts, with keyset pages', async () => {
    const customer = await newCustomer(server);
    const created = [];
    for (let i = 0; i < 5; i++) created.push(await createDraft(customer, { title: `Study ${i}` }));
    const launched = created[1]!;
    await customer.api.post(`/v2/opportunities/${launched.id}/launch`, {});

    const first = await customer.api.get('/v2/opportunities?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((o: { title: string }) => o.title)).toEqual(['Study 4', 'Study 3']);
    expect(first.body.pagination.has_more).toBe(true);
    expect(first.body.data[0]).toEqual({
      id: created[4].id,
      title: 'Study 4',
      status: 'draft',
      num_participants: 4,
      pricing: null,
      created_at: created[4].created_at,
      dashboard_url: `http://cohort.test/dashboard/studies/${created[4].id}/builder`,
    });
    const second = await customer.api.get(
      `/v2/opportunities?limit=2&cursor=${first.body.pagination.next_cursor}`,
    );
    expect(second.body.data.map((o: { title: string }) => o.title)).toEqual(['Study 2', 'Study 1']);
    expect(second.body.data[1]).toMatchObject({
      status: 'active',
      pricing: launched.pricing,
      dashboard_url: `http://cohort.test/dashboard/studies/${launched.id}/submissions`,
    });
    const third = await customer.api.get(
      `/v2/opportunities?limit=2&cursor=${second.body.pagination.next_cursor}`,
    );
    expect(third.body.data.map((o: { title: string }) => o.title)).toEqual(['Study 0']);
    expect(third.body.pagination).toEqual({ next_cursor: null, has_more: false });

    // Default page size 25, and another organization sees none of these.
    expect((await customer.api.get('/v2/opportunities')).body.data).toHaveLength(5);
    const other = await newCustomer(server);
    expect((await other.api.get('/v2/opportunities')).body.data).toEqual([]);
  });

  it('filters by public status (draft includes those being prepared and settled ones) and by project', async () => {
    const customer = await newCustomer(server);
    await createDraft(customer, { title: 'draft' });
    const preparing = await createDraft(customer, { title: 'preparing' });
    const active = await createDraft(customer, { title: 'active' });
    const paused = await createDraft(customer, { title: 'paused' });
    await server.database.db
      .updateTable('opportunities')
      .set({ status: 'preparing' })
      .where('id', '=', preparing.id)
      .execute();
    await customer.api.post(`/v2/opportunities/${active.id}/launch`, {});
    await customer.api.post(`/v2/opportunities/${paused.id}/launch`, {});
    await customer.api.post(`/v2/opportunities/${paused.id}/pause`, {});
    const titles = async (query: string) =>
      (await customer.api.get(`/v2/opportunities?${query}`)).body.data.map(
        (o: { title: string; status: string }) => `${o.title}:${o.status}`,
      );
    expect(await titles('status=draft')).toEqual(['preparing:draft', 'draft:draft']);
    expect(await titles('status=active')).toEqual(['active:active']);
    expect(await titles('status=paused')).toEqual(['paused:paused']);
    expect(await titles('status=completed')).toEqual([]);

    const project = await customer.api.post('/v2/projects', { name: 'Other project' });
    const filed = await createDraft(
      { ...customer, projectId: project.body.id },
      { title: 'filed' },
    );
    expect(await titles(`projectId=${project.body.id}`)).toEqual(['filed:draft']);
    expect(await titles(`projectId=${project.body.id}&status=active`)).toEqual([]);
    expect(filed.project_id).toBe(project.body.id);
  });

  it('answers 400 for an unknown status, a bad limit or cursor, and an unknown query field', async () => {
    const customer = await newCustomer(server);
    for (const query of [
      'status=expired',
      'limit=0',
      'limit=101',
      'cursor=garbage',
      'project_id=x',
    ]) {
      const response = await customer.api.get(`/v2/opportunities?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('BAD_REQUEST');
    }
  });

  it('answers in exactly the documented shapes (draft, launched, list)', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, RICH_SCREENER);
    const launched = (await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {})).body;
    const other = await createDraft(customer);
    const list = (await customer.api.get('/v2/opportunities')).body;
    const documented = (schema: { properties: object }, value: Record<string, unknown>) => {
      expect([...Value.Errors(schema as never, value)]).toEqual([]);
      const extra = Object.keys(value).filter((key) => !(key in schema.properties));
      expect(extra).toEqual([]);
    };
    documented(Opportunity, other);
    documented(Opportunity, launched);
    documented(OpportunityList, list);
    for (const item of list.data) documented(OpportunitySummary, item);
  });

  it('hands out the same bytes while nothing changes, and follows every change', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { title: 'Before' });
    const path = `/v2/opportunities/${draft.id}`;
    const first = await customer.api.get(path);
    expect((await customer.api.get(path)).text).toBe(first.text);
    const list = await customer.api.get('/v2/opportunities');
    expect((await customer.api.get('/v2/opportunities')).text).toBe(list.text);
    expect(list.body.data[0]).toMatchObject({ title: 'Before', status: 'draft' });

    await customer.api.patch(path, { title: 'After' });
    expect((await customer.api.get(path)).body.title).toBe('After');
    expect((await customer.api.get('/v2/opportunities')).body.data[0].title).toBe('After');
    await customer.api.post(`${path}/launch`, {});
    const launched = await customer.api.get(path);
    expect(launched.body).toMatchObject({ title: 'After', status: 'active' });
    expect(launched.body.funding).toBeUndefined();
    expect((await customer.api.get('/v2/opportunities')).body.data[0].status).toBe('active');
  });

  it('reads one opportunity; 404 for unknown, deleted or foreign ids; 401 without a key', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer);
    const read = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(draft);

    const unknown = await customer.api.get('/v2/opportunities/opp_unknown');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(unknown.body.issues).toHaveLength(1);
    const other = await newCustomer(server);
    expect((await other.api.get(`/v2/opportunities/${draft.id}`)).status).toBe(404);
    expect((await client(server).get(`/v2/opportunities/${draft.id}`)).status).toBe(401);
  });

  it('shows submission_stats, quota and cross quota progress and screening stats from the counters', async () => {
    const customer = await newCustomer(server);
    const draft = await createDraft(customer, { ...RICH_SCREENER, num_participants: 10 });
    await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {});
    // Read (and kept, on the embedded database) before the counters move: the read after must
    // show them all the same.
    const unmoved = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect((await customer.api.get(`/v2/opportunities/${draft.id}`)).text).toBe(unmoved.text);
    expect(unmoved.body.submission_stats.total).toBe(0);
    const { db } = server.database;
    const orgId = customer.organization.id;
    for (const status of [
      'in_progress',
      'in_progress',
      'awaiting_review',
      'approved',
      'rejected',
      'screened_out',
      'awaiting_decision',
    ]) {
      await seedSubmission(db, draft, orgId, status);
    }
    const { bumpCounters } = await import('../../src/admission/counters.ts');
    const {
      quotaCellKey,
      crossQuotaCellKey,
      gradedCounterKey,
      rejectedCounterKey,
      selectedCounterKey,
    } = await import('../../src/screening/index.ts');
    await bumpCounters(db, draft.id, [
      quotaCellKey('role', 'Engineer'),
      crossQuotaCellKey('Remote engineers'),
      gradedCounterKey('role'),
      gradedCounterKey('role'),
      rejectedCounterKey('role'),
      selectedCounterKey('role', 'Engineer'),
      selectedCounterKey('role', 'Student'),
    ]);
    const { body } = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(body.submission_stats).toEqual({
      total: 6,
      in_progress: 2,
      awaiting_review: 1,
      approved: 1,
      rejected: 1,
    });
    expect(body.quota_progress[0].targets[0]).toEqual({
      value: 'Engineer',
      count: 2,
      current: 1,
      type: 'minimum',
    });
    expect(body.cross_quota_progress[0].current).toBe(1);
    expect(body.screening_stats[0]).toEqual({
      screening_question: 'role',
      graded: 2,
      rejected: 1,
      rejection_rate: 0.5,
      answers: [
        { text: 'Engineer', selected: 1, share: 0.5 },
        { text: 'Designer', selected: 0, share: 0 },
        { text: 'Student', selected: 1, share: 0.5 },
      ],
    });
  });
});
