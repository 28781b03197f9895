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
import { balanceOf, type Clock, ledgerOf, payingStudy, startWork } from '../support/money.ts';
import { apply, loadGeographyOnce, signUp } from '../support/participant-side.ts';

describe.each(engines())('bonuses on %s', (engine) => {
  let server: TestServer;
  const clock: Clock = { now: Date.parse('2026-04-01T09:00:00.000Z') };
  beforeAll(async () => {
    loadGeographyOnce();
    // A 2.5% platform fee on bonuses, as a deployment may set BONUS_FEE_PERCENT.
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000, bonusFeeBasisPoints: 250 },
      { clock: () => clock.now },
    );
  }, 60_000);
  afterAll(() => server.close());

  async function studyWithWork(balanceCents = 100_000) {
    const organization = await createTestOrganization(server, { balanceCents });
    const study = await payingStudy(server, organization, { title: 'Bonus study' });
    const first = await startWork(server, clock, study.id);
    const second = await startWork(server, clock, study.id);
    return { organization, study, api: study.customer, first, second };
  }

  it('pays every line, charges the fee on its own ledger line, and shows the bonuses', async () => {
    const { organization, study, api, first, second } = await studyWithWork();
    await first.submit();
    await api.post(`/v2/submissions/${first.submissionId}/approve`, {});
    const before = await balanceOf(server, organization.id);

    const paid = await api.post(`/v2/opportunities/${study.id}/bonuses`, {
      bonuses: [
        { submission_id: first.submissionId, amount_cents: 500, reason: 'Thorough answers' },
        { submission_id: second.submissionId, amount_cents: 250 },
      ],
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({
      data: [
        {
          id: expect.stringMatching(/^bon_/),
          opportunity_id: study.id,
          submission_id: first.submissionId,
          participant_id: first.id,
          amount_cents: 500,
          fee_cents: 13,
          reason: 'Thorough answers',
          created_at: new Date(clock.now).toISOString(),
        },
        expect.objectContaining({
          submission_id: second.submissionId,
          amount_cents: 250,
          fee_cents: 6,
          reason: null,
        }),
      ],
      total_cents: 750,
      fee_cents: 19,
      currency: 'usd',
    });
    expect(await balanceOf(server, organization.id)).toBe(before - 769);
    expect(await ledgerSumCents(server.database.db, organization.id)).toBe(before - 769);
    const rows = (await ledgerOf(server, organization.id)).filter((r) =>
      r.kind.startsWith('bonus'),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'bonus',
        amount_cents: -500,
        participant_amount_cents: 500,
        participant_id: first.id,
      }),
      expect.objectContaining({
        kind: 'bonus',
        amount_cents: -250,
        participant_amount_cents: 250,
        participant_id: second.id,
      }),
      expect.objectContaining({
        kind: 'bonus_fee',
        amount_cents: -19,
        participant_amount_cents: 0,
        participant_id: null,
      }),
    ]);

    // The participant's earnings: the incentive and the bonus, each with the study's title.
    const earnings = await first.api.get('/v2/participant/earnings');
    expect(earnings.body.data).toEqual([
      expect.objectContaining({
        kind: 'bonus',
        amount_cents: 500,
        opportunity_title: 'Bonus study',
      }),
      expect.objectContaining({ kind: 'incentive', opportunity_title: 'Bonus study' }),
    ]);
    expect(earnings.body.total_cents).toBe(500 + earnings.body.data[1].amount_cents);

    const detail = await api.get(`/v2/submissions/${first.submissionId}`);
    expect(detail.body.bonuses).toEqual([
      {
        id: paid.body.data[0].id,
        amount_cents: 500,
        reason: 'Thorough answers',
        created_at: expect.any(String),
      },
    ]);
    const list = await api.get(`/v2/opportunities/${study.id}/bonuses?limit=1`);
    expect(list.body.data).toEqual([paid.body.data[1]]);
    expect(list.body.pagination.has_more).toBe(true);

    const audit = await api.get('/v2/audit-events');
    expect(audit.body.data[0]).toMatchObject({
      action: 'bonus.paid',
      subject_type: 'opportunity',
      subject_id: study.id,
      details: { count: 2, bonuses_cents: 750, fee_cents: 19 },
    });
    const events = await server.database.db
      .selectFrom('events')
      .select('data')
      .where('organization_id', '=', organization.id)
      .where('type', '=', 'bonus.paid')
      .execute();
    expect(events.map((e) => JSON.parse(e.data).amount_cents).sort()).toEqual([250, 500]);
  });

  it('lists every bad line in one 400 and pays nothing', async () => {
    const { organization, study, api, first } = await studyWithWork(1_000_000);
    const invited = await signUp(server);
    const notStarted = (await apply(invited, study.id, [])).submission_id!;
    const elsewhere = await payingStudy(server, organization, { title: 'Other' });
    const stranger = await startWork(server, clock, elsewhere.id);
    const before = await balanceOf(server, organization.id);
    const refused = await api.post(`/v2/opportunities/${study.id}/bonuses`, {
      bonuses: [
        { submission_id: first.submissionId, amount_cents: 0 },
        { submission_id: notStarted, amount_cents: 100 },
        { submission_id: stranger.submissionId, amount_cents: 100 },
        { submission_id: 'sub_nope', amount_cents: 100, reason: 'x'.repeat(1001) },
        { submission_id: first.submissionId, amount_cents: 100 },
      ],
    });
    expect(refused.status).toBe(400);
    const messages: string[] = refused.body.issues.map((i: { message: string }) => i.message);
    for (const start of [
      'bonuses[0].amount_cents',
      'bonuses[1].submission_id',
      'bonuses[2].submission_id',
      'bonuses[3].reason',
      'bonuses[3].submission_id',
      'bonuses[4].submission_id',
    ]) {
      expect(
        messages.some((m) => m.startsWith(start)),
        `${start} in ${messages.join(' | ')}`,
      ).toBe(true);
    }
    expect((await api.post(`/v2/opportunities/${study.id}/bonuses`, { bonuses: [] })).status).toBe(
      400,
    );
    expect((await api.post(`/v2/opportunities/${study.id}/bonuses`, {})).status).toBe(400);
    expect(await balanceOf(server, organization.id)).toBe(before);
    expect((await api.get(`/v2/opportunities/${study.id}/bonuses`)).body.data).toEqual([]);

    expect(
      (
        await api.post('/v2/opportunities/opp_nope/bonuses', {
          bonuses: [{ submission_id: first.submissionId, amount_cents: 1 }],
        })
      ).status,
    ).toBe(404);
    const { apiKey } = await createTestKey(server, organization.id, 'viewer');
    const viewer = await client(server, apiKey).post(`/v2/opportunities/${study.id}/bonuses`, {
      bonuses: [{ submission_id: first.submissionId, amount_cents: 1 }],
    });
    expect(viewer.status).toBe(403);
  });

  it('answers 402 when the balance cannot cover the total with its fee', async () => {
    const { organization, study, api, first, second } = await studyWithWork(200_000);
    const available = await balanceOf(server, organization.id);
    // 2 x half the balance is the balance, but the fee tips it over.
    const half = Math.floor(available / 2);
    const refused = await api.post(`/v2/opportunities/${study.id}/bonuses`, {
      bonuses: [
        { submission_id: first.submissionId, amount_cents: half },
        { submission_id: second.submissionId, amount_cents: half },
      ],
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      finance_url: 'http://cohort.test/dashboard/finance',
    });
    expect(await balanceOf(server, organization.id)).toBe(available);
    expect((await api.get(`/v2/opportunities/${study.id}/bonuses`)).body.data).toEqual([]);
  });

  it('pays once for concurrent calls with one Idempotency-Key', async () => {
    const { organization, study, api, first } = await studyWithWork();
    const before = await balanceOf(server, organization.id);
    const body = {
      bonuses: [{ submission_id: first.submissionId, amount_cents: 1_000, reason: 'Once' }],
    };
    const headers = { 'idempotency-key': `bonus-${engine}-${Date.now()}` };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.post(`/v2/opportunities/${study.id}/bonuses`, body, headers),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => s === 200 || s === 409),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    // Every 200 is the same answer: the first call's, replayed.
    const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data[0].id));
    expect(ids.size).toBe(1);
    const replay = await api.post(`/v2/opportunities/${study.id}/bonuses`, body, headers);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data[0].id).toBe([...ids][0]);
    expect(await balanceOf(server, organization.id)).toBe(before - 1_025);
    expect((await api.get(`/v2/opportunities/${study.id}/bonuses`)).body.data).toHaveLength(1);
  });

  it('answers a run after the first committed with the bonuses it paid, not a second payment', async () => {
    const { organization, study, api, first, second } = await studyWithWork();
    const before = await balanceOf(server, organization.id);
    const body = {
      bonuses: [
        { submission_id: first.submissionId, amount_cents: 400, reason: 'Careful' },
        { submission_id: second.submissionId, amount_cents: 120 },
      ],
    };
    const key = `bonus-released-${engine}-${Date.now()}`;
    const paid = await api.post(`/v2/opportunities/${study.id}/bonuses`, body, {
      'idempotency-key': key,
    });
    expect(paid.status, paid.text).toBe(200);
    // The key handed back as if its lease were released from under the first run (a process
    // taken for dead, or the end of a drain's grace): the key no longer names the answer.
    await server.database.db
      .deleteFrom('idempotency_keys')
      .where('idempotency_key', '=', key)
      .execute();

    const again = await api.post(`/v2/opportunities/${study.id}/bonuses`, body, {
      'idempotency-key': key,
    });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.body).toEqual(paid.body);
    expect(await balanceOf(server, organization.id)).toBe(before - 520 - 13);
    expect(await ledgerSumCents(server.database.db, organization.id)).toBe(before - 533);
    expect((await api.get(`/v2/opportunities/${study.id}/bonuses`)).body.data).toHaveLength(2);

    // Another key, or none, is another request: it pays again.
    const other = await api.post(`/v2/opportunities/${study.id}/bonuses`, body, {
      'idempotency-key': `${key}-other`,
    });
    expect(other.status).toBe(200);
    expect(other.body.data.map((b: { id: string }) => b.id)).not.toEqual(
      paid.body.data.map((b: { id: string }) => b.id),
    );
    expect((await api.get(`/v2/opportunities/${study.id}/bonuses`)).body.data).toHaveLength(4);
    expect(await ledgerSumCents(server.database.db, organization.id)).toBe(before - 2 * 533);
  });
});
