import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { respondToFeasibilityRequest } from '../../src/feasibility/respond.ts';
import { ledgerSumCents } from '../../src/finance/ledger.ts';
import { openPostgres } from '../../src/platform/db/database.ts';
import { client, engines, startTestServer, type TestServer } from '../support/harness.ts';
import { createDraft, newCustomer, RICH_SCREENER } from './fixtures.ts';
import { balanceOf, eventsOf, ledgerRows } from './seed.ts';

describe.each(engines())('POST /v2/opportunities/{id}/launch on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  it('charges the total once, starts recruiting, and shows the launched-only blocks', async () => {
    const customer = await newCustomer(server, { balanceCents: 100_000 });
    const draft = await createDraft(customer, RICH_SCREENER);
    const total = draft.pricing.total_cost_cents;

    // No body at all, like an empty JSON object, is accepted.
    const launched = await customer.api.request('POST', `/v2/opportunities/${draft.id}/launch`);
    expect(launched.status).toBe(200);
    const body = launched.body;
    expect(body.status).toBe('active');
    expect(body.launched_at).not.toBeNull();
    expect(Date.parse(body.ending_at) - Date.parse(body.launched_at)).toBe(7 * 86_400_000);
    expect(body).not.toHaveProperty('funding');
    expect(body.pricing).toEqual(draft.pricing);
    expect(body.links.launch).toBeNull();
    const base = `http://cohort.test/dashboard/studies/${draft.id}`;
    expect(body.links.dashboard).toEqual({
      study: `${base}/submissions`,
      draft_editor: null,
      submissions: `${base}/submissions`,
      recruitment: `${base}/recruitment`,
      task: `${base}/tasks`,
      settings: `${base}/settings`,
    });
    expect(body.submission_stats).toEqual({
      total: 0,
      in_progress: 0,
      awaiting_review: 0,
      approved: 0,
      rejected: 0,
    });
    expect(body.quota_progress).toEqual([
      {
        screening_question: 'role',
        targets: [
          { value: 'Engineer', count: 2, current: 0, type: 'minimum' },
          { value: 'Designer', count: 2, current: 0, type: 'maximum' },
        ],
      },
    ]);
    expect(body.cross_quota_progress).toEqual([{ ...RICH_SCREENER.cross_quotas[0], current: 0 }]);
    expect(body.screening_stats).toHaveLength(5);
    expect(body.screening_stats[0]).toEqual({
      screening_question: 'role',
      graded: 0,
      rejected: 0,
      rejection_rate: 0,
      answers: [
        { text: 'Engineer', selected: 0, share: 0 },
        { text: 'Designer', selected: 0, share: 0 },
        { text: 'Student', selected: 0, share: 0 },
      ],
    });

    const { db } = server.database;
    expect(await balanceOf(db, customer.organization.id)).toBe(100_000 - total);
    const rows = await ledgerRows(db, customer.organization.id);
    expect(rows.filter((r) => r.kind === 'launch_charge')).toMatchObject([
      { amount_cents: -total, opportunity_id: draft.id, balance_after_cents: 100_000 - total },
    ]);
    expect(await ledgerSumCents(db, customer.organization.id)).toBe(100_000 - total);
    expect(await eventsOf(db, customer.organization.id, 'opportunity.status.change')).toEqual([
      { opportunity_id: draft.id, previous_status: 'draft', status: 'active' },
    ]);
    const job = await db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `opportunity-expiry:${draft.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      kind: 'opportunity.expiry',
      status: 'pending',
      run_at: body.ending_at,
    });

    // GET reads the same; a second launch is a 409 and charges nothing.
    const read = await customer.api.get(`/v2/opportunities/${draft.id}`);
    expect(read.body).toEqual(body);
    const again = await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT' });
    expect(again.body.issues.length).toBeGreaterThan(0);
    expect(await balanceOf(db, customer.organization.id)).toBe(100_000 - total);
  });

  it('answers 402 with finance_url when balance plus overdraft falls short, and charges nothing', async () => {
    const customer = await newCustomer(server, { balanceCents: 1_000, overdraftLimitCents: 500 });
    const draft = await createDraft(customer, { num_participants: 10 });
    expect(draft.funding).toMatchObject({
      affordable: false,
      draws_on_credit: false,
      balance_cents: 1_000,
      shortfall_cents: draft.pricing.total_cost_cents - 1_500,
    });
    const response = await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {});
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      finance_url: 'http://cohort.test/dashboard/finance',
    });
    expect(response.body.message).toBeTruthy();
    expect(response.body.issues[0].message).toContain(`${draft.pricing.total_cost_cents}`);
    expect((await customer.api.get(`/v2/opportunities/${draft.id}`)).body.status).toBe('draft');
    expect(await balanceOf(server.database.db, customer.organization.id)).toBe(1_000);
  });

  it('launches on credit within the overdraft', async () => {
    const customer = await newCustomer(server, {
      balanceCents: 1_000,
      overdraftLimitCents: 100_000,
    });
    const draft = await createDraft(customer);
    expect(draft.funding).toMatchObject({
      affordable: true,
      draws_on_credit: true,
      shortfall_cents: 0,
    });
    const response = await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {});
    expect(response.status).toBe(200);
    expect(await balanceOf(server.database.db, customer.organization.id)).toBe(
      1_000 - draft.pricing.total_cost_cents,
    );
  });

  it('closes the linked feasibility request as WON, with its event', async () => {
    const customer = await newCustomer(server);
    const requested = await customer.api.post('/v2/feasibility/requests', {
      taskDescription: 'Card sort',
      panelDescription: 'Online shoppers',
      submissionCount: 5,
      timelineHours: 3000,
      loiMinutes: 20,
    });
    const id = requested.body.id;
    await respondToFeasibilityRequest(server.database.db, id, {
      cpiCents: 2000,
      feeCents: 500,
      by: 'operator',
    });
    const first = await createDraft(customer, { feasibility_request_id: id });
    const second = await createDraft(customer, { feasibility_request_id: id });
    expect((await customer.api.post(`/v2/opportunities/${first.id}/launch`, {})).status).toBe(200);
    expect((await customer.api.get(`/v2/feasibility/requests/${id}`)).body.status).toBe('WON');
    // A second draft priced from the same request still launches at its fixed price.
    const launched = await customer.api.post(`/v2/opportunities/${second.id}/launch`, {});
    expect(launched.status).toBe(200);
    expect(launched.body.pricing.cost_per_participant_cents).toBe(2000);
    const moves = await eventsOf(
      server.database.db,
      customer.organization.id,
      'feasibility.status.change',
    );
    expect(moves.map((m) => m.status)).toEqual(['RECEIVED', 'RESPONDED', 'WON']);
  });

  it('answers 404 for an unknown or foreign id, and 400 for a body with fields', async () => {
    const customer = await newCustomer(server);
    const other = await newCustomer(server);
    const foreign = await createDraft(other);
    expect((await customer.api.post('/v2/opportunities/opp_nope/launch', {})).status).toBe(404);
    const response = await customer.api.post(`/v2/opportunities/${foreign.id}/launch`, {});
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    const draft = await createDraft(customer);
    const withFields = await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {
      now: true,
    });
    expect(withFields.status).toBe(400);
  });

  it('twenty concurrent launches of one draft charge it once', async () => {
    const customer = await newCustomer(server, { balanceCents: 1_000_000 });
    const draft = await createDraft(customer);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        customer.api.post(`/v2/opportunities/${draft.id}/launch`, {}),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const charges = (await ledgerRows(server.database.db, customer.organization.id)).filter(
      (r) => r.kind === 'launch_charge',
    );
    expect(charges).toHaveLength(1);
    expect(await balanceOf(server.database.db, customer.organization.id)).toBe(
      1_000_000 - draft.pricing.total_cost_cents,
    );
  });
});

describe.runIf(engines().includes('postgres'))(
  'launch across two server processes on PostgreSQL',
  () => {
    let first: TestServer;
    let second: TestServer;
    beforeAll(async () => {
      first = await startTestServer(
        'postgres',
        {},
        { database: openPostgres(inject('postgresUrl')) },
      );
      second = await startTestServer(
        'postgres',
        {},
        { database: openPostgres(inject('postgresUrl')) },
      );
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('twenty concurrent launches split over both servers charge once', async () => {
      const customer = await newCustomer(first, { balanceCents: 1_000_000 });
      const draft = await createDraft(customer);
      const viaSecond = client(second, customer.organization.apiKey);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? customer.api : viaSecond).post(`/v2/opportunities/${draft.id}/launch`, {}),
        ),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
      const { db } = first.database;
      const charges = (await ledgerRows(db, customer.organization.id)).filter(
        (r) => r.kind === 'launch_charge',
      );
      expect(charges).toHaveLength(1);
      expect(await balanceOf(db, customer.organization.id)).toBe(
        1_000_000 - draft.pricing.total_cost_cents,
      );
      expect(await ledgerSumCents(db, customer.organization.id)).toBe(
        1_000_000 - draft.pricing.total_cost_cents,
      );
    });

    it('concurrent launches of different drafts never spend past balance plus overdraft', async () => {
      const customer = await newCustomer(first, { balanceCents: 10_000 });
      const drafts = await Promise.all(Array.from({ length: 6 }, () => createDraft(customer)));
      const cost = drafts[0].pricing.total_cost_cents;
      const viaSecond = client(second, customer.organization.apiKey);
      const responses = await Promise.all(
        drafts.map((draft, i) =>
          (i % 2 === 0 ? customer.api : viaSecond).post(`/v2/opportunities/${draft.id}/launch`, {}),
        ),
      );
      const launched = responses.filter((r) => r.status === 200).length;
      expect(launched).toBe(Math.min(6, Math.floor(10_000 / cost)));
      expect(responses.filter((r) => r.status === 402)).toHaveLength(6 - launched);
      expect(await balanceOf(first.database.db, customer.organization.id)).toBe(
        10_000 - launched * cost,
      );
    });
  },
);
