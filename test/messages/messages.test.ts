import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../../fixtures/quiet-log.ts';
import { bulkMessageJob } from '../../src/messages/bulk.job.ts';
import type { BulkMessagePayload } from '../../src/messages/jobs.ts';
import { jobContextFor } from '../../src/server.ts';
import {
  client,
  createTestOrganization,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { type Clock, payingStudy, startWork } from '../support/money.ts';
import { apply, loadGeographyOnce, signUp } from '../support/participant-side.ts';

describe.each(engines())('messages on %s', (engine) => {
  let server: TestServer;
  const clock: Clock = { now: Date.parse('2026-05-01T09:00:00.000Z') };
  beforeAll(async () => {
    loadGeographyOnce();
    server = await startTestServer(
      engine,
      { rateLimitPerKey: 100_000 },
      { clock: () => clock.now },
    );
  }, 60_000);
  afterAll(() => server.close());

  async function study(review: 'auto_invite' | 'manual_review' = 'auto_invite') {
    const organization = await createTestOrganization(server, { balanceCents: 1_000_000 });
    const launched = await payingStudy(server, organization, { title: 'Thread study' });
    if (review === 'manual_review') {
      await server.database.db
        .updateTable('opportunities')
        .set({ customer_screening_review: 'manual_review' })
        .where('id', '=', launched.id)
        .execute();
    }
    return { organization, study: launched, api: launched.customer };
  }

  async function mailTo(participantId: string) {
    const participant = await server.database.db
      .selectFrom('participants')
      .select('email')
      .where('id', '=', participantId)
      .executeTakeFirstOrThrow();
    return server.database.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('to_address', '=', participant.email)
      .where('kind', '=', 'message')
      .orderBy('id')
      .execute();
  }

  it('keeps a plain-text thread both ways: the participant is mailed, replies raise the webhook event', async () => {
    const { organization, study: s, api } = await study();
    const worker = await startWork(server, clock, s.id);
    const body =
      'Thanks! Could you also try <a href="https://evil.example">this</a>? https://example.org/next';
    const sent = await api.post(`/v2/submissions/${worker.submissionId}/messages`, { body });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({
      id: expect.stringMatching(/^msg_/),
      submission_id: worker.submissionId,
      opportunity_id: s.id,
      participant_id: worker.id,
      sender: 'organization',
      body,
      batch_id: null,
      created_at: new Date(clock.now).toISOString(),
    });
    const [mail] = await mailTo(worker.id);
    expect(mail).toMatchObject({
      kind: 'message',
      html_body: null,
      subject: 'New message about “Thread study”',
    });
    expect(mail!.text_body).toContain(body);
    expect(mail!.text_body).toContain(
      `http://cohort.test/participate/submissions/${worker.submissionId}`,
    );

    clock.now += 60_000;
    const reply = await worker.api.post(
      `/v2/participant/submissions/${worker.submissionId}/messages`,
      {
        body: 'Sure, done.',
      },
    );
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^msg_/),
      submission_id: worker.submissionId,
      sender: 'participant',
      body: 'Sure, done.',
      created_at: new Date(clock.now).toISOString(),
    });
    const events = await server.database.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('organization_id', '=', organization.id)
      .where('type', '=', 'message.received')
      .execute();
    expect(events.map((e) => JSON.parse(e.data))).toEqual([
      {
        message_id: reply.body.id,
        submission_id: worker.submissionId,
        opportunity_id: s.id,
        participant_id: worker.id,
        body: 'Sure, done.',
        created_at: reply.body.created_at,
      },
    ]);

    const first = await api.get(`/v2/submissions/${worker.submissionId}/messages?limit=1`);
    expect(first.body.data.map((m: { id: string }) => m.id)).toEqual([sent.body.id]);
    const second = await api.get(
      `/v2/submissions/${worker.submissionId}/messages?limit=1&cursor=${first.body.pagination.next_cursor}`,
    );
    expect(second.body.data).toEqual([
      expect.objectContaining({ id: reply.body.id, sender: 'participant' }),
    ]);
    expect(second.body.pagination).toEqual({ next_cursor: null, has_more: false });
    const mine = await worker.api.get(
      `/v2/participant/submissions/${worker.submissionId}/messages`,
    );
    expect(mine.body.data.map((m: { sender: string }) => m.sender)).toEqual([
      'organization',
      'participant',
    ]);
    expect(mine.body.data[0]).not.toHaveProperty('participant_id');
  });

  it('refuses blank and long bodies, other people’s submissions and applicants', async () => {
    const { study: s, api } = await study();
    const worker = await startWork(server, clock, s.id);
    const path = `/v2/submissions/${worker.submissionId}/messages`;
    expect((await api.post(path, { body: '   ' })).status).toBe(400);
    expect((await api.post(path, { body: 'x'.repeat(5_001) })).status).toBe(400);
    expect((await api.post(path, { body: 'x'.repeat(5_000) })).status).toBe(200);
    expect((await api.post('/v2/submissions/sub_nope/messages', { body: 'Hi' })).status).toBe(404);
    const other = await createTestOrganization(server);
    expect((await client(server, other.apiKey).post(path, { body: 'Hi' })).status).toBe(404);
    expect((await client(server, other.apiKey).get(path)).status).toBe(404);
    const someoneElse = await signUp(server);
    expect(
      (
        await someoneElse.api.post(`/v2/participant/submissions/${worker.submissionId}/messages`, {
          body: 'Hi',
        })
      ).status,
    ).toBe(404);

    const manual = await study('manual_review');
    const applicant = await signUp(server);
    const applied = await apply(applicant, manual.study.id, []);
    expect(applied.status).toBe('awaiting_decision');
    const waiting = applied.applicant_id!;
    expect(
      (await manual.api.post(`/v2/submissions/${waiting}/messages`, { body: 'Hi' })).status,
    ).toBe(404);
    const early = await applicant.api.post(`/v2/participant/submissions/${waiting}/messages`, {
      body: 'Hi',
    });
    expect(early.status).toBe(409);
  });

  it('writes one message per recipient of a bulk send, by id or by status, once', async () => {
    const { study: s, api } = await study();
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await startWork(server, clock, s.id));
    await people[0]!.submit();
    const context = jobContextFor(server.context, quietLog);
    async function runJobs(batchId: string) {
      const jobs = await server.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', 'messages.bulk')
        .where('dedupe_key', 'like', `messages.bulk:${batchId}:%`)
        .execute();
      for (const job of jobs) {
        await bulkMessageJob.handle(context, JSON.parse(job.payload) as BulkMessagePayload, job);
      }
      return jobs.length;
    }

    const byStatus = await api.post(`/v2/opportunities/${s.id}/messages`, {
      body: 'Reminder: hand in your work',
      status: 'in_progress',
    });
    expect(byStatus.status, byStatus.text).toBe(200);
    expect(byStatus.body).toEqual({
      batch_id: expect.stringMatching(/^mbt_/),
      recipient_count: 2,
      status: 'queued',
    });
    expect(await runJobs(byStatus.body.batch_id)).toBe(1);
    // A job run again (its worker died after committing) writes nothing twice.
    await runJobs(byStatus.body.batch_id);
    for (const [index, person] of people.entries()) {
      const thread = await api.get(`/v2/submissions/${person.submissionId}/messages`);
      expect(thread.body.data.length).toBe(index === 0 ? 0 : 1);
      if (index > 0) expect(thread.body.data[0].batch_id).toBe(byStatus.body.batch_id);
      expect((await mailTo(person.id)).length).toBe(index === 0 ? 0 : 1);
    }

    const byIds = await api.post(`/v2/opportunities/${s.id}/messages`, {
      body: 'Thank you all',
      submission_ids: [people[0]!.submissionId, people[1]!.submissionId, people[0]!.submissionId],
    });
    expect(byIds.body.recipient_count).toBe(2);
    await runJobs(byIds.body.batch_id);
    expect(
      (await api.get(`/v2/submissions/${people[0]!.submissionId}/messages`)).body.data,
    ).toHaveLength(1);

    const elsewhere = await startWork(
      server,
      clock,
      (await payingStudy(server, (await study()).organization)).id,
    );
    const bad = await api.post(`/v2/opportunities/${s.id}/messages`, {
      body: 'Hi',
      submission_ids: [people[0]!.submissionId, 'sub_nope', elsewhere.submissionId],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { message: string }) => i.message)).toEqual([
      expect.stringContaining('submission_ids[1]'),
      expect.stringContaining('submission_ids[2]'),
    ]);
    for (const wrong of [
      { body: 'Hi' },
      { body: 'Hi', status: 'approved', submission_ids: [people[0]!.submissionId] },
      { body: 'Hi', status: 'approved' },
    ]) {
      expect((await api.post(`/v2/opportunities/${s.id}/messages`, wrong)).status).toBe(400);
    }
    expect(
      (await api.post('/v2/opportunities/opp_nope/messages', { body: 'Hi', status: 'approved' }))
        .status,
    ).toBe(404);
  });
});
