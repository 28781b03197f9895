import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { readCounters } from '../../src/admission/counters.ts';
import { ledgerSumCents } from '../../src/finance/ledger.ts';
import { opportunityExpiryJob } from '../../src/opportunities/expiry.job.ts';
import { expiryRefundCents, stopRefundCents } from '../../src/opportunities/index.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import { engines, startTestServer, type TestServer } from '../support/harness.ts';
import { type Customer, createDraft, newCustomer } from './fixtures.ts';
import { balanceOf, eventsOf, ledgerRows, seedSubmission, submissionRow } from './seed.ts';

async function launched(customer: Customer, overrides = {}) {
  const draft = await createDraft(customer, overrides);
  const response = await customer.api.post(`/v2/opportunities/${draft.id}/launch`, {});
  if (response.status !== 200) throw new Error(response.text);
  return { ...response.body, organization_id: customer.organization.id };
}

describe.each(engines())('opportunity lifecycle on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  describe('pause and resume', () => {
    it('pauses an active opportunity and resumes it; 409 otherwise', async () => {
      const customer = await newCustomer(server);
      const opportunity = await launched(customer);
      const base = `/v2/opportunities/${opportunity.id}`;
      const paused = await customer.api.request('POST', `${base}/pause`);
      expect(paused.status).toBe(200);
      expect(paused.body.status).toBe('paused');
      expect(paused.body.links.dashboard.draft_editor).toBeNull();
      expect((await customer.api.post(`${base}/pause`, {})).status).toBe(409);
      const resumed = await customer.api.post(`${base}/resume`, {});
      expect(resumed.status).toBe(200);
      expect(resumed.body.status).toBe('active');
      const again = await customer.api.post(`${base}/resume`, {});
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('CONFLICT');
      const events = await eventsOf(
        server.database.db,
        customer.organization.id,
        'opportunity.status.change',
      );
      expect(events.map((e) => `${e.previous_status}>${e.status}`)).toEqual([
        'draft>active',
        'active>paused',
        'paused>active',
      ]);

      const draft = await createDraft(customer);
      expect((await customer.api.post(`/v2/opportunities/${draft.id}/pause`, {})).status).toBe(409);
      expect((await customer.api.post(`/v2/opportunities/${draft.id}/resume`, {})).status).toBe(
        409,
      );
      expect((await customer.api.post('/v2/opportunities/opp_none/pause', {})).status).toBe(404);
    });

    it('resumes to fulfilled when every place filled while paused, and to completed when all were approved', async () => {
      const customer = await newCustomer(server);
      const { db } = server.database;
      const full = await launched(customer, { num_participants: 2 });
      await customer.api.post(`/v2/opportunities/${full.id}/pause`, {});
      await seedSubmission(db, full, customer.organization.id, 'in_progress');
      await seedSubmission(db, full, customer.organization.id, 'screen_passed');
      const fulfilled = await customer.api.post(`/v2/opportunities/${full.id}/resume`, {});
      expect(fulfilled.body.status).toBe('fulfilled');

      const done = await launched(customer, { num_participants: 1 });
      await customer.api.post(`/v2/opportunities/${done.id}/pause`, {});
      await seedSubmission(db, done, customer.organization.id, 'approved');
      // The places rule completes a study once every place is approved, paused or not.
      expect((await customer.api.get(`/v2/opportunities/${done.id}`)).body.status).toBe(
        'completed',
      );
      expect((await customer.api.post(`/v2/opportunities/${done.id}/resume`, {})).status).toBe(409);
    });
  });

  describe('stop', () => {
    it('stops with a reason: refunds unused places, withdraws invitations and waiting applicants', async () => {
      const customer = await newCustomer(server, { balanceCents: 200_000 });
      const { db } = server.database;
      const orgId = customer.organization.id;
      const opportunity = await launched(customer, { num_participants: 10 });
      const approved = await seedSubmission(db, opportunity, orgId, 'approved');
      const working = await seedSubmission(db, opportunity, orgId, 'in_progress');
      const invited = await seedSubmission(db, opportunity, orgId, 'screen_passed');
      const waiting = await seedSubmission(db, opportunity, orgId, 'awaiting_decision');
      const rejected = await seedSubmission(db, opportunity, orgId, 'rejected');
      const afterLaunch = await balanceOf(db, orgId);

      const reason = 'The feature was cancelled';
      const response = await customer.api.post(`/v2/opportunities/${opportunity.id}/stop`, {
        reason,
      });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('stopped');
      expect(response.body.submission_stats).toEqual({
        total: 5,
        in_progress: 1,
        awaiting_review: 0,
        approved: 1,
        rejected: 1,
      });
      expect(response.body.links.dashboard.submissions).toContain('/submissions');

      const refund = stopRefundCents({
        costPerParticipantCents: opportunity.pricing.cost_per_participant_cents,
        numParticipants: 10,
        approvedCount: 1,
        inProgressCount: 1,
      });
      expect(refund).toBe(8 * opportunity.pricing.cost_per_participant_cents);
      expect(await balanceOf(db, orgId)).toBe(afterLaunch + refund);
      const rows = await ledgerRows(db, orgId);
      expect(rows.filter((r) => r.kind === 'stop_refund')).toMatchObject([
        { amount_cents: refund, opportunity_id: opportunity.id, memo: reason },
      ]);
      expect(await ledgerSumCents(db, orgId)).toBe(await balanceOf(db, orgId));

      expect(await submissionRow(db, invited)).toMatchObject({
        status: 'abandoned',
        closed_reason: reason,
      });
      expect(await submissionRow(db, waiting)).toMatchObject({
        status: 'screened_out',
        closed_reason: reason,
      });
      expect((await submissionRow(db, working)).status).toBe('in_progress');
      expect((await submissionRow(db, approved)).status).toBe('approved');
      expect((await submissionRow(db, rejected)).status).toBe('rejected');
      const counters = await readCounters(db, opportunity.id);
      expect(counters['status:screen_passed']).toBe(0);
      expect(counters['status:awaiting_decision']).toBe(0);
      expect(counters['status:abandoned']).toBe(1);
      const stored = await db
        .selectFrom('opportunities')
        .select(['stop_reason', 'stopped_at'])
        .where('id', '=', opportunity.id)
        .executeTakeFirstOrThrow();
      expect(stored.stop_reason).toBe(reason);
      expect(stored.stopped_at).not.toBeNull();
      const changes = await eventsOf(db, orgId, 'submission.status.change');
      expect(changes.map((c) => `${c.previous_status}>${c.status}`)).toEqual(
        expect.arrayContaining(['screen_passed>abandoned', 'awaiting_decision>screened_out']),
      );

      // Stopped is final: another stop, a pause or a resume is a 409 and moves no money.
      for (const action of ['stop', 'pause', 'resume']) {
        const again = await customer.api.post(`/v2/opportunities/${opportunity.id}/${action}`, {});
        expect(again.status, action).toBe(409);
      }
      expect(await balanceOf(db, orgId)).toBe(afterLaunch + refund);
    });

    it('stops a paused opportunity, with or without a reason', async () => {
      const customer = await newCustomer(server);
      const opportunity = await launched(customer);
      await customer.api.post(`/v2/opportunities/${opportunity.id}/pause`, {});
      const response = await customer.api.post(`/v2/opportunities/${opportunity.id}/stop`, {});
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('stopped');
      expect(await balanceOf(server.database.db, customer.organization.id)).toBe(1_000_000);
    });

    it('answers 409 while a submission awaits review, and for drafts, fulfilled and completed ones', async () => {
      const customer = await newCustomer(server);
      const { db } = server.database;
      const orgId = customer.organization.id;
      const reviewing = await launched(customer);
      await seedSubmission(db, reviewing, orgId, 'awaiting_review');
      const blocked = await customer.api.post(`/v2/opportunities/${reviewing.id}/stop`, {
        reason: 'x',
      });
      expect(blocked.status).toBe(409);
      expect(blocked.body).toMatchObject({ code: 'CONFLICT' });
      expect(blocked.body.message).toContain('review');
      expect((await customer.api.get(`/v2/opportunities/${reviewing.id}`)).body.status).toBe(
        'active',
      );

      const fulfilled = await launched(customer, { num_participants: 1 });
      await seedSubmission(db, fulfilled, orgId, 'in_progress');
      expect((await customer.api.get(`/v2/opportunities/${fulfilled.id}`)).body.status).toBe(
        'fulfilled',
      );
      expect((await customer.api.post(`/v2/opportunities/${fulfilled.id}/stop`, {})).status).toBe(
        409,
      );

      const completed = await launched(customer, { num_participants: 1 });
      await seedSubmission(db, completed, orgId, 'approved');
      expect((await customer.api.post(`/v2/opportunities/${completed.id}/stop`, {})).status).toBe(
        409,
      );

      const draft = await createDraft(customer);
      const stopDraft = await customer.api.post(`/v2/opportunities/${draft.id}/stop`, {});
      expect(stopDraft.status).toBe(409);
      expect(stopDraft.body.message).toContain('delete');
      expect((await customer.api.post('/v2/opportunities/opp_none/stop', {})).status).toBe(404);
    });

    it('takes a reason up to 5,000 characters and needs a JSON body', async () => {
      const customer = await newCustomer(server);
      const one = await launched(customer);
      const tooLong = await customer.api.post(`/v2/opportunities/${one.id}/stop`, {
        reason: 'x'.repeat(5001),
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.issues[0].message).toContain('reason');
      const noBody = await customer.api.request('POST', `/v2/opportunities/${one.id}/stop`);
      expect(noBody.status).toBe(400);
      const longest = await customer.api.post(`/v2/opportunities/${one.id}/stop`, {
        reason: 'x'.repeat(5000),
      });
      expect(longest.status).toBe(200);
    });
  });

  describe('expiry', () => {
    function worker(now: Date) {
      return new Worker(
        { ...jobContextFor(server.context, quietLog), now: () => now },
        { definitions: [opportunityExpiryJob] },
      );
    }

    it('expires at ending_at: withdraws, refunds all but kept places, reads as draft; running again changes nothing', async () => {
      const customer = await newCustomer(server, { balanceCents: 500_000 });
      const { db } = server.database;
      const orgId = customer.organization.id;
      const opportunity = await launched(customer, { num_participants: 6 });
      await seedSubmission(db, opportunity, orgId, 'approved');
      await seedSubmission(db, opportunity, orgId, 'awaiting_review');
      await seedSubmission(db, opportunity, orgId, 'in_progress');
      const invited = await seedSubmission(db, opportunity, orgId, 'screen_passed');
      const afterLaunch = await balanceOf(db, orgId);

      // Not yet due: nothing happens.
      await worker(new Date(Date.parse(opportunity.ending_at) - 60_000)).drain();
      expect((await customer.api.get(`/v2/opportunities/${opportunity.id}`)).body.status).toBe(
        'active',
      );

      await worker(new Date(Date.parse(opportunity.ending_at) + 1000)).drain();
      const read = await customer.api.get(`/v2/opportunities/${opportunity.id}`);
      expect(read.body.status).toBe('draft');
      expect(read.body.links.dashboard.draft_editor).not.toBeNull();
      expect(read.body.submission_stats.approved).toBe(1);
      const refund = expiryRefundCents({
        costPerParticipantCents: opportunity.pricing.cost_per_participant_cents,
        numParticipants: 6,
        approvedCount: 1,
        inProgressCount: 1,
        awaitingReviewCount: 1,
      });
      expect(await balanceOf(db, orgId)).toBe(afterLaunch + refund);
      expect((await ledgerRows(db, orgId)).filter((r) => r.kind === 'expiry_refund')).toMatchObject(
        [{ amount_cents: refund, opportunity_id: opportunity.id }],
      );
      expect((await submissionRow(db, invited)).status).toBe('abandoned');
      const row = await db
        .selectFrom('opportunities')
        .select('status')
        .where('id', '=', opportunity.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('expired');

      // Expired reads as draft but was launched: it stays out of PATCH, DELETE and launch.
      expect(
        (await customer.api.patch(`/v2/opportunities/${opportunity.id}`, { title: 'x' })).status,
      ).toBe(409);
      expect((await customer.api.delete(`/v2/opportunities/${opportunity.id}`)).status).toBe(409);
      expect(
        (await customer.api.post(`/v2/opportunities/${opportunity.id}/launch`, {})).status,
      ).toBe(409);

      // The job again (a retry, a second worker): idempotent.
      const { expireOpportunity } = await import('../../src/opportunities/close.ts');
      expect(
        await expireOpportunity(db, { opportunityId: opportunity.id, now: new Date('2100-01-01') }),
      ).toBe('nothing_to_do');
      expect(await balanceOf(db, orgId)).toBe(afterLaunch + refund);
      expect(await ledgerSumCents(db, orgId)).toBe(afterLaunch + refund);
    });

    it('expires paused and fulfilled opportunities; a stopped one keeps its stop', async () => {
      const customer = await newCustomer(server);
      const { db } = server.database;
      const orgId = customer.organization.id;
      const paused = await launched(customer);
      await customer.api.post(`/v2/opportunities/${paused.id}/pause`, {});
      const fulfilled = await launched(customer, { num_participants: 1 });
      await seedSubmission(db, fulfilled, orgId, 'in_progress');
      const stopped = await launched(customer);
      await customer.api.post(`/v2/opportunities/${stopped.id}/stop`, {});
      const stoppedJob = await db
        .selectFrom('jobs')
        .select('status')
        .where('dedupe_key', '=', `opportunity-expiry:${stopped.id}`)
        .executeTakeFirstOrThrow();
      expect(stoppedJob.status).toBe('cancelled');

      const { expireOpportunity } = await import('../../src/opportunities/close.ts');
      const later = new Date(Date.now() + 30 * 86_400_000);
      expect(await expireOpportunity(db, { opportunityId: paused.id, now: later })).toBe('expired');
      expect(await expireOpportunity(db, { opportunityId: fulfilled.id, now: later })).toBe(
        'expired',
      );
      expect(await expireOpportunity(db, { opportunityId: stopped.id, now: later })).toBe(
        'nothing_to_do',
      );
      const status = async (id: string) =>
        (await customer.api.get(`/v2/opportunities/${id}`)).body.status;
      expect(await status(paused.id)).toBe('draft');
      expect(await status(fulfilled.id)).toBe('draft');
      expect(await status(stopped.id)).toBe('stopped');
      expect(await ledgerSumCents(db, orgId)).toBe(await balanceOf(db, orgId));
    });
  });
});
