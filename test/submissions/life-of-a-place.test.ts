import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCounters } from '../../src/admission/counters.ts';
import { quotaCellKey } from '../../src/screening/index.ts';
import { client, createTestKey, engines } from '../support/harness.ts';
import {
  apply,
  loadGeographyOnce,
  PASSING_ANSWERS,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';
import {
  type Customer,
  launch,
  newCustomer,
  type PlaceWorld,
  startPlaceWorld,
  studyBody,
} from './place-world.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const ENGINEER_ANSWERS = [
  { key: 'role', answer: ['Engineer'] },
  { key: 'tools', answer: ['Figma'] },
];
/** At most `count` designers hold places at once. */
const designerCap = (count: number) => [
  { screening_question: 'role', targets: [{ value: 'Designer', count, type: 'maximum' }] },
];

describe.each(engines())('the life of a place on %s', (engine) => {
  let world: PlaceWorld;
  beforeAll(async () => {
    loadGeographyOnce();
    world = await startPlaceWorld(engine);
  });
  afterAll(() => world.close());

  const participant = () => signUp(world.server);
  const submissionOf = (customer: Customer, id: string) =>
    customer.api.get(`/v2/submissions/${id}`);
  const opportunityOf = (customer: Customer, id: string) =>
    customer.api.get(`/v2/opportunities/${id}`);
  const statusEvents = async (organizationId: string, submissionId: string) =>
    (
      await world.server.database.db
        .selectFrom('events')
        .select('data')
        .where('organization_id', '=', organizationId)
        .where('type', '=', 'submission.status.change')
        .orderBy('id')
        .execute()
    )
      .map((row) => JSON.parse(row.data))
      .filter((data) => data.submission_id === submissionId);
  /** Applies, starts and hands in the one task: awaiting_review. */
  async function handIn(person: TestParticipant, opportunityId: string) {
    const id = (await apply(person, opportunityId)).submission_id!;
    await person.api.post(`/v2/participant/submissions/${id}/start`);
    const done = await person.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, {
      notes: 'Done',
    });
    expect(done.body.status, done.text).toBe('awaiting_review');
    return id;
  }

  describe('limits on the opportunity', () => {
    it('defaults both limits, takes them on create and on a draft’s edit, and checks their bounds', async () => {
      const customer = await newCustomer(world);
      const project = await customer.api.post('/v2/projects', { name: 'Limits' });
      const body = (extra = {}) => studyBody(project.body.id, extra);

      const plain = await customer.api.post('/v2/opportunities', body());
      expect(plain.status, plain.text).toBe(200);
      // Three times the one 15-minute task; at least 10 minutes.
      expect(plain.body.max_minutes_per_submission).toBe(45);
      expect(plain.body.auto_approve_after_days).toBe(21);
      const short = await customer.api.post(
        '/v2/opportunities',
        body({ tasks: [{ ...body().tasks[0], duration_minutes: 2 }] }),
      );
      expect(short.body.max_minutes_per_submission).toBe(10);

      const set = await customer.api.post(
        '/v2/opportunities',
        body({ max_minutes_per_submission: 120, auto_approve_after_days: null }),
      );
      expect(set.body).toMatchObject({
        max_minutes_per_submission: 120,
        auto_approve_after_days: null,
      });

      for (const wrong of [
        { max_minutes_per_submission: 0 },
        { max_minutes_per_submission: 10_081 },
        { max_minutes_per_submission: 1.5 },
        { auto_approve_after_days: 0 },
        { auto_approve_after_days: 366 },
      ]) {
        const refused = await customer.api.post('/v2/opportunities', body(wrong));
        expect(refused.status, JSON.stringify(wrong)).toBe(400);
        expect(refused.body.issues.map((i: { message: string }) => i.message).join()).toContain(
          Object.keys(wrong)[0],
        );
      }

      const path = `/v2/opportunities/${plain.body.id}`;
      const edited = await customer.api.patch(path, {
        max_minutes_per_submission: 600,
        auto_approve_after_days: 3,
      });
      expect(edited.body).toMatchObject({
        max_minutes_per_submission: 600,
        auto_approve_after_days: 3,
      });
      const reset = await customer.api.patch(path, {
        max_minutes_per_submission: null,
        auto_approve_after_days: null,
      });
      expect(reset.body).toMatchObject({
        max_minutes_per_submission: 45,
        auto_approve_after_days: null,
      });
      expect((await customer.api.patch(path, { max_minutes_per_submission: 0 })).status).toBe(400);

      await customer.api.post(`${path}/launch`, {});
      const launched = await customer.api.patch(path, { max_minutes_per_submission: 60 });
      expect(launched.status).toBe(409);
      const read = await customer.api.get(path);
      expect(read.body).toMatchObject({ max_minutes_per_submission: 45, places_taken: 0 });
    });
  });

  describe('time limits', () => {
    it('times out a place held past the limit by the job, says why, and gives the place to the next applicant', async () => {
      const customer = await newCustomer(world);
      const study = await launch(customer, {
        num_participants: 1,
        max_minutes_per_submission: 30,
        quotas: designerCap(1),
      });
      const first = await participant();
      const placed = await apply(first, study.id);
      expect(placed.status).toBe('screen_passed');
      const id = placed.submission_id!;
      const held = await submissionOf(customer, id);
      expect(Date.parse(held.body.deadline_at) - world.now().getTime()).toBeGreaterThan(
        29 * MINUTE,
      );
      expect(Date.parse(held.body.deadline_at) - world.now().getTime()).toBeLessThanOrEqual(
        30 * MINUTE,
      );
      expect((await first.api.get(`/v2/participant/submissions/${id}`)).body.deadline_at).toBe(
        held.body.deadline_at,
      );
      let opportunity = await opportunityOf(customer, study.id);
      expect(opportunity.body).toMatchObject({ status: 'fulfilled', places_taken: 1 });
      // Full: recruiting has closed.
      const turnedAway = await (await participant()).api.post(
        `/v2/participant/opportunities/${study.id}/applications`,
        { answers: PASSING_ANSWERS },
      );
      expect(turnedAway.status).toBe(409);

      world.advance(29 * MINUTE);
      await world.drain();
      expect((await submissionOf(customer, id)).body.status).toBe('screen_passed');

      world.advance(2 * MINUTE);
      await world.drain();
      const timedOut = await submissionOf(customer, id);
      expect(timedOut.body).toMatchObject({
        status: 'abandoned',
        abandoned_reason: 'timed_out',
        deadline_at: null,
      });
      expect((await first.api.get(`/v2/participant/submissions/${id}`)).body).toMatchObject({
        status: 'abandoned',
        abandoned_reason: 'timed_out',
      });
      expect((await statusEvents(customer.organization.id, id)).at(-1)).toEqual({
        submission_id: id,
        opportunity_id: study.id,
        participant_id: first.id,
        previous_status: 'screen_passed',
        status: 'abandoned',
        abandoned_reason: 'timed_out',
      });
      opportunity = await opportunityOf(customer, study.id);
      expect(opportunity.body).toMatchObject({ status: 'active', places_taken: 0 });
      expect(opportunity.body.quota_progress[0].targets[0].current).toBe(0);

      // The freed place and its quota cell go to the next designer.
      const next = await apply(await participant(), study.id);
      expect(next.status).toBe('screen_passed');
      expect((await opportunityOf(customer, study.id)).body).toMatchObject({
        status: 'fulfilled',
        places_taken: 1,
      });
    });

    it('times out work in progress; a hand-in after the limit is refused and times it out at once', async () => {
      const customer = await newCustomer(world);
      const study = await launch(customer, { max_minutes_per_submission: 20 });
      const person = await participant();
      const id = (await apply(person, study.id)).submission_id!;
      world.advance(10 * MINUTE);
      const started = await person.api.post(`/v2/participant/submissions/${id}/start`);
      expect(started.body.status).toBe('in_progress');
      // Starting does not restart the clock: it runs from when the place was taken.
      expect(started.body.deadline_at).toBe((await submissionOf(customer, id)).body.deadline_at);

      world.advance(11 * MINUTE);
      const late = await person.api.post(`/v2/participant/submissions/${id}/tasks/1/submit`, {
        notes: 'Done, a little late',
      });
      expect(late.status).toBe(409);
      expect(late.body.message).toContain('time limit');
      expect((await submissionOf(customer, id)).body).toMatchObject({
        status: 'abandoned',
        abandoned_reason: 'timed_out',
      });
      expect((await person.api.post(`/v2/participant/submissions/${id}/return`)).status).toBe(409);

      // The job leaves a submission that is no longer held alone, and times out one in progress.
      const other = await participant();
      const otherId = (await apply(other, study.id)).submission_id!;
      await other.api.post(`/v2/participant/submissions/${otherId}/start`);
      world.advance(21 * MINUTE);
      await world.drain();
      expect((await submissionOf(customer, otherId)).body).toMatchObject({
        status: 'abandoned',
        abandoned_reason: 'timed_out',
      });
      const events = await statusEvents(customer.organization.id, otherId);
      expect(events.map((e) => `${e.previous_status}>${e.status}:${e.abandoned_reason}`)).toEqual([
        'null>screen_passed:undefined',
        'screen_passed>in_progress:undefined',
        'in_progress>abandoned:timed_out',
      ]);
    });

    it('gives work handed in before the limit no time limit, and a gated task a fresh one when it opens', async () => {
      const customer = await newCustomer(world);
      const study = await launch(customer, {
        max_minutes_per_submission: 30,
        tasks: [
          { ...studyBody('').tasks[0], sequence: 1 },
          {
            ...studyBody('').tasks[0],
            sequence: 2,
            title: 'Follow-up',
            available_after_sequence: 1,
            available_after_delay_minutes: 120,
          },
        ],
      });
      const person = await participant();
      const id = await handIn(person, study.id);
      expect((await submissionOf(customer, id)).body.deadline_at).toBeNull();
      world.advance(DAY);
      await world.drain();
      expect((await submissionOf(customer, id)).body.status).toBe('awaiting_review');

      const approved = await customer.api.post(`/v2/submissions/${id}/approve`, {});
      expect(approved.body.status).toBe('in_progress');
      const back = await submissionOf(customer, id);
      // The follow-up opens two hours after the approval; the 30 minutes run from then.
      expect(Date.parse(back.body.deadline_at) - world.now().getTime()).toBeGreaterThan(
        149 * MINUTE,
      );
      expect(Date.parse(back.body.deadline_at) - world.now().getTime()).toBeLessThanOrEqual(
        150 * MINUTE,
      );
      world.advance(140 * MINUTE);
      await world.drain();
      expect((await submissionOf(customer, id)).body.status).toBe('in_progress');
      world.advance(11 * MINUTE);
      await world.drain();
      expect((await submissionOf(customer, id)).body.abandoned_reason).toBe('timed_out');
    });
  });

  describe('returns', () => {
    it('lets a participant give a place back, before or during the work; abandon is the same move', async () => {
      const customer = await newCustomer(world);
      const study = await launch(customer, { num_participants: 2, quotas: designerCap(1) });
      const first = await participant();
      const id = (await apply(first, study.id)).submission_id!;
      expect((await opportunityOf(customer, study.id)).body.places_taken).toBe(1);
      expect((await apply(await participant(), study.id)).status).toBe('screened_out');

      const stranger = await participant();
      expect((await stranger.api.post(`/v2/participant/submissions/${id}/return`)).status).toBe(
        404,
      );
      const returned = await first.api.post(`/v2/participant/submissions/${id}/return`);
      expect(returned.status, returned.text).toBe(200);
      expect(returned.body).toMatchObject({
        status: 'abandoned',
        abandoned_reason: 'returned',
        deadline_at: null,
      });
      expect((await first.api.post(`/v2/participant/submissions/${id}/return`)).status).toBe(409);
      expect((await statusEvents(customer.organization.id, id)).at(-1)).toMatchObject({
        previous_status: 'screen_passed',
        status: 'abandoned',
        abandoned_reason: 'returned',
      });
      const after = await opportunityOf(customer, study.id);
      expect(after.body.places_taken).toBe(0);
      expect(after.body.quota_progress[0].targets[0].current).toBe(0);

      // Under way, through the older name: the same move, the same reason.
      const second = await participant();
      const secondId = (await apply(second, study.id)).submission_id!;
      await second.api.post(`/v2/participant/submissions/${secondId}/start`);
      const abandoned = await second.api.post(`/v2/participant/submissions/${secondId}/abandon`);
      expect(abandoned.body).toMatchObject({ status: 'abandoned', abandoned_reason: 'returned' });
      expect((await submissionOf(customer, secondId)).body.abandoned_reason).toBe('returned');

      // Work handed in cannot be taken back.
      const third = await participant();
      const thirdId = await handIn(third, study.id);
      expect((await third.api.post(`/v2/participant/submissions/${thirdId}/return`)).status).toBe(
        409,
      );
    });

    it('lets the researcher ask for a place back: recorded, and the participant is told why', async () => {
      const customer = await newCustomer(world);
      const study = await launch(customer);
      const person = await participant();
      const id = (await apply(person, study.id)).submission_id!;
      const path = `/v2/submissions/${id}/request-return`;

      expect((await customer.api.post(path, {})).status).toBe(400);
      expect((await customer.api.post(path, { reason: '' })).status).toBe(400);
      expect((await customer.api.post(path, { reason: 'x'.repeat(5001) })).status).toBe(400);
      const viewer = await createTestKey(world.server, customer.organization.id, 'viewer');
      expect((await client(world.server, viewer.apiKey).post(path, { reason: 'r' })).status).toBe(
        403,
      );
      const stranger = await newCustomer(world);
      expect((await stranger.api.post(path, { reason: 'r' })).status).toBe(404);

      const reason = 'We filled this group with people from another panel';
      const before = world.now().getTime();
      const asked = await customer.api.post(path, { reason });
      expect(asked.status, asked.text).toBe(200);
      expect(asked.body).toMatchObject({
        id,
        status: 'screen_passed',
        return_request_reason: reason,
      });
      expect(Date.parse(asked.body.return_requested_at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(asked.body.return_requested_at)).toBeLessThanOrEqual(world.now().getTime());
      const mail = await world.server.database.db
        .selectFrom('mail_messages')
        .selectAll()
        .where('kind', '=', 'message')
        .where('text_body', 'like', `%${id}%`)
        .execute();
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toContain('Checkout usability study');
      expect(mail[0]!.text_body).toContain(reason);
      expect(mail[0]!.text_body).toContain(`http://cohort.test/participate/submissions/${id}`);
      const seen = await person.api.get(`/v2/participant/submissions/${id}`);
      expect(seen.body).toMatchObject({ return_request_reason: reason, status: 'screen_passed' });
      // The request is a message of the submission's thread, which the participant can answer.
      const thread = await person.api.get(`/v2/participant/submissions/${id}/messages`);
      expect(thread.body.data).toHaveLength(1);
      expect(thread.body.data[0].body).toContain(reason);

      const returned = await person.api.post(`/v2/participant/submissions/${id}/return`);
      expect(returned.body).toMatchObject({ status: 'abandoned', abandoned_reason: 'returned' });
      // Nothing is held any more: nothing to ask for.
      expect((await customer.api.post(path, { reason })).status).toBe(409);
      const reviewed = await handIn(await participant(), study.id);
      expect(
        (await customer.api.post(`/v2/submissions/${reviewed}/request-return`, { reason })).status,
      ).toBe(409);
    });
  });

  describe('auto-approval', () => {
    it('approves and pays work left awaiting review for auto_approve_after_days, and the ledger says so', async () => {
      const customer = await newCustomer(world);
      const study = await launch(customer);
      const person = await participant();
      const id = await handIn(person, study.id);
      const waiting = await submissionOf(customer, id);
      expect(Date.parse(waiting.body.auto_approve_at) - world.now().getTime()).toBeGreaterThan(
        21 * DAY - MINUTE,
      );

      world.advance(20 * DAY);
      await world.drain();
      expect((await submissionOf(customer, id)).body.status).toBe('awaiting_review');
      world.advance(DAY + MINUTE);
      await world.drain();
      const approved = await submissionOf(customer, id);
      expect(approved.body).toMatchObject({ status: 'approved', auto_approve_at: null });
      const incentive = (await person.api.get(`/v2/participant/submissions/${id}`)).body
        .incentive_cents;
      expect(incentive).toBeGreaterThan(0);
      expect((await person.api.get(`/v2/participant/submissions/${id}`)).body.paid_cents).toBe(
        incentive,
      );
      const ledger = await world.server.database.db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('submission_id', '=', id)
        .execute();
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({
        kind: 'participant_payout',
        amount_cents: 0,
        participant_amount_cents: incentive,
      });
      expect(ledger[0]!.memo).toContain('approved automatically after 21 days');
      expect((await statusEvents(customer.organization.id, id)).at(-1)).toMatchObject({
        previous_status: 'awaiting_review',
        status: 'approved',
      });
      expect((await opportunityOf(customer, study.id)).body.submission_stats.approved).toBe(1);
    });

    it('follows the opportunity’s own days, never approves with null, and leaves decided work alone', async () => {
      const customer = await newCustomer(world);
      const quick = await launch(customer, { auto_approve_after_days: 3, num_participants: 3 });
      const never = await launch(customer, { auto_approve_after_days: null });
      const quickId = await handIn(await participant(), quick.id);
      const neverId = await handIn(await participant(), never.id);
      const rejectedId = await handIn(await participant(), quick.id);
      expect((await submissionOf(customer, neverId)).body.auto_approve_at).toBeNull();
      await customer.api.post(`/v2/submissions/${rejectedId}/reject`, {
        rejection_category: 'LOW_EFFORT',
      });

      world.advance(3 * DAY + MINUTE);
      await world.drain();
      expect((await submissionOf(customer, quickId)).body.status).toBe('approved');
      expect((await submissionOf(customer, rejectedId)).body.status).toBe('rejected');
      world.advance(400 * DAY);
      await world.drain();
      expect((await submissionOf(customer, neverId)).body.status).toBe('awaiting_review');
      const memos = await world.server.database.db
        .selectFrom('ledger_entries')
        .select('memo')
        .where('submission_id', '=', quickId)
        .execute();
      expect(memos[0]!.memo).toContain('after 3 days');
    });
  });

  describe('while no worker runs', () => {
    it('applies a time-out and an auto-approval that fell due while the server was down when it comes back', async () => {
      const customer = await newCustomer(world);
      const study = await launch(customer, {
        num_participants: 3,
        max_minutes_per_submission: 60,
        auto_approve_after_days: 1,
      });
      const heldId = (await apply(await participant(), study.id)).submission_id!;
      const reviewedId = await handIn(await participant(), study.id);
      // A worker has run (the clock jobs exist, their next rounds queued), then everything stops
      // for two days.
      await world.drain();
      await world.restart(() => world.advance(2 * DAY));
      const api = client(world.server, customer.organization.apiKey);
      // Served before any worker runs: nothing has moved yet.
      expect((await api.get(`/v2/submissions/${heldId}`)).body.status).toBe('screen_passed');
      await world.drain();
      expect((await api.get(`/v2/submissions/${heldId}`)).body).toMatchObject({
        status: 'abandoned',
        abandoned_reason: 'timed_out',
      });
      expect((await api.get(`/v2/submissions/${reviewedId}`)).body.status).toBe('approved');
      expect((await api.get(`/v2/opportunities/${study.id}`)).body.places_taken).toBe(1);
    });
  });

  describe('replacement under concurrency', () => {
    it('never lets concurrent returns and applications overfill a quota cell or the places', async () => {
      const customer = await newCustomer(world);
      const study = await launch(customer, { num_participants: 4, quotas: designerCap(2) });
      const { db } = world.server.database;
      const cell = quotaCellKey('role', 'Designer');
      const known = new Map<string, TestParticipant>();
      for (let round = 0; round < 3; round++) {
        // Whoever holds a place from the round before returns it while newcomers apply, at once.
        const holders = await db
          .selectFrom('submissions')
          .select(['id', 'participant_id'])
          .where('opportunity_id', '=', study.id)
          .where('status', '=', 'screen_passed')
          .execute();
        const newcomers = await Promise.all(Array.from({ length: 8 }, () => participant()));
        for (const person of newcomers) known.set(person.id, person);
        await Promise.all([
          ...holders.map((row) =>
            known.get(row.participant_id)!.api.post(`/v2/participant/submissions/${row.id}/return`),
          ),
          ...newcomers.map((person, i) =>
            person.api.post(`/v2/participant/opportunities/${study.id}/applications`, {
              answers: i % 4 === 3 ? ENGINEER_ANSWERS : PASSING_ANSWERS,
            }),
          ),
        ]);
        const rows = await db
          .selectFrom('submissions')
          .select(['status', 'quota_cells'])
          .where('opportunity_id', '=', study.id)
          .execute();
        const holding = rows.filter((row) => row.status === 'screen_passed');
        const designers = holding.filter((row) => row.quota_cells.includes('Designer'));
        const counters = await readCounters(db, study.id);
        expect(holding.length).toBeLessThanOrEqual(4);
        expect(designers.length).toBeLessThanOrEqual(2);
        expect(counters[cell] ?? 0).toBe(designers.length);
        expect(counters['status:screen_passed']).toBe(holding.length);
        const read = await opportunityOf(customer, study.id);
        expect(read.body.places_taken).toBe(holding.length);
        expect(read.body.quota_progress[0].targets[0].current).toBe(designers.length);
      }
    });
  });

  if (engine === 'sqlite') {
    it('finds due clocks through their indexes, not by scanning submissions', async () => {
      const { db } = world.server.database;
      for (const column of ['deadline_at', 'auto_approve_at']) {
        const plan = await sql<{ detail: string }>`
          explain query plan select id from submissions
          where ${sql.ref(column)} <= ${new Date().toISOString()}
          order by ${sql.ref(column)} limit 100
        `.execute(db);
        const details = plan.rows.map((row) => row.detail).join('\n');
        expect(details).toMatch(/USING INDEX submissions_(deadline|auto_approve)/);
        expect(details).not.toMatch(/SCAN submissions(?! USING)/);
      }
    });
  }
});
