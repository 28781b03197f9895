import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSumCents } from '../../src/finance/ledger.ts';
import {
  client,
  createTestKey,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import {
  balanceOf,
  type Clock,
  GATED_SECOND_TASK,
  LONG_TASK,
  ledgerOf,
  payingStudy,
  startWork,
} from '../support/money.ts';
import { loadGeographyOnce } from '../support/participant-side.ts';

const HOUR = 3600_000;

describe.each(engines())('payout runs on %s', (engine) => {
  let server: TestServer;
  const clock: Clock = { now: Date.parse('2026-03-02T09:00:00.000Z') };
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000 },
      { clock: () => clock.now },
    );
  }, 60_000);
  afterAll(() => server.close());

  const hourly = { frequency: 'hourly' as const, hourlyRateCents: 3_000 };

  it('pays approved tracked time at the hourly rate, once, through the ledger', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 100_000 });
    const study = await payingStudy(server, organization, { pay: hourly, numParticipants: 3 });
    const api = study.customer;

    const opportunity = await api.get(`/v2/opportunities/${study.id}`);
    expect(opportunity.body).toMatchObject({
      pay_frequency: 'hourly',
      hourly_rate_cents: 3_000,
      task_price_cents: null,
      // The launch charged the platform fee per place: the work is paid by runs.
      pricing: { cost_per_participant_cents: 200, total_cost_cents: 600 },
    });
    const afterLaunch = await balanceOf(server, organization.id);
    expect(afterLaunch).toBe(100_000 - 600);

    const ana = await startWork(server, clock, study.id);
    const ben = await startWork(server, clock, study.id);
    await ana.track(60);
    await ben.track(30);
    await ana.submit();

    // Nothing approved yet: a run pays nothing.
    const empty = await api.post(`/v2/opportunities/${study.id}/payout-runs`, {});
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toMatchObject({ total_cents: 0, line_count: 0, lines: [] });

    expect((await api.post(`/v2/submissions/${ana.submissionId}/approve`, {})).body.status).toBe(
      'in_progress',
    );
    // On the project now: later time counts too; Ben, never approved, is not paid.
    await ana.track(30);
    await ben.track(15);

    const run = await api.post(`/v2/opportunities/${study.id}/payout-runs`);
    expect(run.status, run.text).toBe(200);
    expect(run.body).toEqual({
      id: expect.stringMatching(/^pay_/),
      opportunity_id: study.id,
      pay_frequency: 'hourly',
      rate_cents: 3_000,
      until: new Date(clock.now).toISOString(),
      total_cents: 4_500,
      currency: 'usd',
      line_count: 1,
      trigger: 'api',
      created_at: expect.any(String),
      lines: [
        {
          submission_id: ana.submissionId,
          participant_id: ana.id,
          seconds: 5_400,
          tasks: null,
          amount_cents: 4_500,
        },
      ],
    });
    expect(await balanceOf(server, organization.id)).toBe(afterLaunch - 4_500);
    expect(await ledgerSumCents(server.database.db, organization.id)).toBe(afterLaunch - 4_500);
    const paid = (await ledgerOf(server, organization.id)).filter((r) => r.kind === 'payout_run');
    expect(paid).toEqual([
      expect.objectContaining({
        amount_cents: -4_500,
        participant_amount_cents: 4_500,
        participant_id: ana.id,
        submission_id: ana.submissionId,
        opportunity_id: study.id,
      }),
    ]);

    // The participant sees it in earnings, with the study's title, and on the submission.
    const earnings = await ana.api.get('/v2/participant/earnings');
    expect(earnings.body.total_cents).toBe(4_500);
    expect(earnings.body.data).toEqual([
      expect.objectContaining({
        kind: 'payout_run',
        amount_cents: 4_500,
        opportunity_title: 'Paid by the hour',
        submission_id: ana.submissionId,
      }),
    ]);
    expect(
      (await ana.api.get(`/v2/participant/submissions/${ana.submissionId}`)).body.paid_cents,
    ).toBe(4_500);

    // The same seconds are never paid again; new time is, continuing the rounding.
    const again = await api.post(`/v2/opportunities/${study.id}/payout-runs`, {});
    expect(again.body).toMatchObject({ total_cents: 0, lines: [] });
    await ana.track(1);
    const until = new Date(clock.now).toISOString();
    await ana.track(10);
    const partial = await api.post(`/v2/opportunities/${study.id}/payout-runs`, { until });
    expect(partial.body).toMatchObject({
      until,
      total_cents: 50,
      lines: [{ submission_id: ana.submissionId, seconds: 60, amount_cents: 50 }],
    });

    const list = await api.get(`/v2/opportunities/${study.id}/payout-runs?limit=2`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([
      partial.body.id,
      again.body.id,
    ]);
    expect(list.body.data[0]).not.toHaveProperty('lines');
    expect(list.body.pagination.has_more).toBe(true);
    const rest = await api.get(
      `/v2/opportunities/${study.id}/payout-runs?limit=2&cursor=${list.body.pagination.next_cursor}`,
    );
    expect(rest.body.data.map((r: { id: string }) => r.id)).toEqual([run.body.id, empty.body.id]);
    const one = await api.get(`/v2/opportunities/${study.id}/payout-runs/${run.body.id}`);
    expect(one.body).toEqual(run.body);

    // Recorded: the audit log names the key, and the outbox holds the webhook event.
    const audit = await api.get('/v2/audit-events');
    expect(audit.body.data[0]).toMatchObject({
      action: 'payout_run.paid',
      actor_kind: 'api_key',
      actor_id: organization.keyId,
      subject_type: 'payout_run',
      subject_id: partial.body.id,
      details: { opportunity_id: study.id, total_cents: 50, line_count: 1, trigger: 'api' },
    });
    const events = await server.database.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('organization_id', '=', organization.id)
      .where('type', '=', 'payout_run.completed')
      .orderBy('id')
      .execute();
    expect(events).toHaveLength(4);
    expect(JSON.parse(events[1]!.data)).toEqual({
      payout_run_id: run.body.id,
      opportunity_id: study.id,
      pay_frequency: 'hourly',
      until: run.body.until,
      total_cents: 4_500,
      line_count: 1,
    });
  });

  it('pays each approved task at its price on a per-task opportunity', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 100_000 });
    const study = await payingStudy(server, organization, {
      pay: { frequency: 'per_task', taskPriceCents: 700 },
      tasks: [LONG_TASK, GATED_SECOND_TASK],
      title: 'Paid per task',
    });
    const api = study.customer;
    const worker = await startWork(server, clock, study.id);
    const rejected = await startWork(server, clock, study.id);
    await worker.submit(1);
    await rejected.submit(1);
    await api.post(`/v2/submissions/${worker.submissionId}/approve`, {});
    await api.post(`/v2/submissions/${rejected.submissionId}/reject`, {
      rejection_category: 'LOW_EFFORT',
      rejection_reason: 'Empty',
    });
    const first = await api.post(`/v2/opportunities/${study.id}/payout-runs`, {});
    expect(first.body).toMatchObject({
      pay_frequency: 'per_task',
      rate_cents: 700,
      total_cents: 700,
      lines: [{ submission_id: worker.submissionId, seconds: null, tasks: 1, amount_cents: 700 }],
    });
    await worker.submit(2);
    // Handed in, not yet approved: not paid.
    expect((await api.post(`/v2/opportunities/${study.id}/payout-runs`, {})).body.total_cents).toBe(
      0,
    );
    await api.post(`/v2/submissions/${worker.submissionId}/approve`, {});
    const second = await api.post(`/v2/opportunities/${study.id}/payout-runs`, {});
    expect(second.body).toMatchObject({
      total_cents: 700,
      lines: [{ submission_id: worker.submissionId, tasks: 1, amount_cents: 700 }],
    });
    const paid = await server.database.db
      .selectFrom('payout_items')
      .select('item_key')
      .where('opportunity_id', '=', study.id)
      .orderBy('item_key')
      .execute();
    expect(paid.map((row) => row.item_key)).toEqual([
      `${worker.submissionId}:1`,
      `${worker.submissionId}:2`,
    ]);
  });

  it('pays each second once when two runs race', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const study = await payingStudy(server, organization, { pay: hourly, numParticipants: 6 });
    const api = study.customer;
    const workers = [];
    for (let i = 0; i < 4; i++) workers.push(await startWork(server, clock, study.id));
    for (const worker of workers) {
      await worker.track(45);
      await worker.submit();
      await api.post(`/v2/submissions/${worker.submissionId}/approve`, {});
      await worker.track(20);
    }
    const before = await balanceOf(server, organization.id);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => api.post(`/v2/opportunities/${study.id}/payout-runs`, {})),
    );
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // 4 people x 65 minutes at 30 dollars an hour.
    const totals = runs.map((r) => r.body.total_cents as number);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(4 * 3_250);
    expect(totals.filter((t) => t > 0)).toHaveLength(1);
    expect(await balanceOf(server, organization.id)).toBe(before - 4 * 3_250);
    expect(await ledgerSumCents(server.database.db, organization.id)).toBe(before - 4 * 3_250);
    const items = await server.database.db
      .selectFrom('payout_items')
      .select('item_key')
      .where('opportunity_id', '=', study.id)
      .execute();
    const entries = await server.database.db
      .selectFrom('time_entries')
      .select('id')
      .where('opportunity_id', '=', study.id)
      .execute();
    expect(items.map((i) => i.item_key).sort()).toEqual(entries.map((e) => e.id).sort());
  });

  it('answers 402 when the balance plus overdraft does not cover the run, paying nothing', async () => {
    const organization = await createTestOrganization(server, {
      balanceCents: 1_000,
      overdraftLimitCents: 500,
    });
    const study = await payingStudy(server, organization, { pay: hourly, numParticipants: 2 });
    const api = study.customer;
    const worker = await startWork(server, clock, study.id);
    await worker.track(60);
    await worker.submit();
    await api.post(`/v2/submissions/${worker.submissionId}/approve`, {});
    const before = await balanceOf(server, organization.id);
    expect(before).toBe(600);

    const refused = await api.post(`/v2/opportunities/${study.id}/payout-runs`, {});
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      code: 'PAYMENT_REQUIRED',
      message: expect.stringContaining('does not cover this payout run'),
      issues: [{ message: expect.stringContaining('pays 3000 cents') }],
      finance_url: 'http://cohort.test/dashboard/finance',
    });
    expect(await balanceOf(server, organization.id)).toBe(before);
    expect((await api.get(`/v2/opportunities/${study.id}/payout-runs`)).body.data).toEqual([]);

    await server.database.db
      .updateTable('organizations')
      .set({ overdraft_limit_cents: 3_000 })
      .where('id', '=', organization.id)
      .execute();
    const paid = await api.post(`/v2/opportunities/${study.id}/payout-runs`, {});
    expect(paid.status).toBe(200);
    expect(await balanceOf(server, organization.id)).toBe(before - 3_000);
  });

  it('refuses one-time opportunities, bad input, other organizations and viewers', async () => {
    const organization = await createTestOrganization(server, { balanceCents: 100_000 });
    const oneTime = await payingStudy(server, organization, { title: 'One time' });
    const api = oneTime.customer;
    const conflict = await api.post(`/v2/opportunities/${oneTime.id}/payout-runs`, {});
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe('CONFLICT');

    const study = await payingStudy(server, organization, { pay: hourly });
    const future = await api.post(`/v2/opportunities/${study.id}/payout-runs`, {
      until: new Date(clock.now + HOUR).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.issues[0].message).toContain('future');
    expect((await api.post(`/v2/opportunities/${study.id}/payout-runs`, { extra: 1 })).status).toBe(
      400,
    );
    expect((await api.post('/v2/opportunities/opp_nope/payout-runs', {})).status).toBe(404);

    const other = await createTestOrganization(server);
    const stranger = client(server, other.apiKey);
    expect((await stranger.post(`/v2/opportunities/${study.id}/payout-runs`, {})).status).toBe(404);
    expect((await stranger.get(`/v2/opportunities/${study.id}/payout-runs`)).status).toBe(404);

    const { apiKey } = await createTestKey(server, organization.id, 'viewer');
    const viewer = client(server, apiKey);
    expect((await viewer.post(`/v2/opportunities/${study.id}/payout-runs`, {})).status).toBe(403);
    expect((await viewer.get(`/v2/opportunities/${study.id}/payout-runs`)).status).toBe(200);
  });
});
