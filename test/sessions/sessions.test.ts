import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import { sessionReminderJob } from '../../src/sessions/index.ts';
import { runCli } from '../support/cli.ts';
import { engines, type TestServer } from '../support/harness.ts';
import { apply, loadGeographyOnce, signUp } from '../support/participant-side.ts';
import { launch, scheduledStudy, startSessionsWorld } from './support.ts';

const quiet = { info() {}, warn() {}, error() {} };

describe.each(engines())('lab sessions on %s', (engine) => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  let clock: { now: number };
  beforeAll(async () => {
    loadGeographyOnce();
    ({ server, env, clock } = await startSessionsWorld(engine, '2026-10-01T08:00:00.000Z'));
  }, 60_000);
  afterAll(() => server?.close());

  const lab = {
    name: 'Lab 2',
    address: 'Hauptstraße 1, 10115 Berlin',
    time_zone: 'Europe/Berlin',
    capacity: 12,
  };
  // Sunday 25 October 2026, 10:00 in Berlin, the morning the clocks went back.
  const STARTS = '2026-10-25T09:00:00.000Z';

  const mailsTo = (participantId: string) =>
    server.database.db
      .selectFrom('mail_messages as m')
      .innerJoin('participants as p', 'p.email', 'm.to_address')
      .select(['m.id', 'm.subject', 'm.text_body', 'm.attachments', 'm.kind'])
      .where('p.id', '=', participantId)
      .orderBy('m.id')
      .execute();

  it('30 participants racing for 10 seats and 2 reserves: exactly 12 enroll', async () => {
    const study = await scheduledStudy(server, { places: 30 });
    const labRow = (await study.api.post('/v2/labs', lab)).body;
    const session = await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
      lab_id: labRow.id,
      starts_at: STARTS,
      duration_minutes: 60,
      capacity: 10,
      reserve: 2,
    });
    expect(session.status, session.text).toBe(200);
    expect(session.body).toMatchObject({
      enrolled: 0,
      seats_left: 12,
      enrollment_closes_at: '2026-10-25T07:00:00.000Z',
    });
    await launch(study.api, study.opportunityId);
    const people = await Promise.all(Array.from({ length: 30 }, () => signUp(server)));
    const submissions = await Promise.all(
      people.map(async (person) => (await apply(person, study.opportunityId)).submission_id!),
    );
    const picked = await people[0]!.api.get(
      `/v2/participant/opportunities/${study.opportunityId}/sessions`,
    );
    expect(picked.body.data).toEqual([
      expect.objectContaining({
        id: session.body.id,
        seats_left: 12,
        starts_at_lab_time: '2026-10-25T10:00',
        starts_at_your_time: '2026-10-25T02:00',
        lab: { name: lab.name, address: lab.address, time_zone: lab.time_zone },
      }),
    ]);
    const results = await Promise.all(
      people.map((person, index) =>
        person.api.post(`/v2/participant/submissions/${submissions[index]}/enrollment`, {
          session_id: session.body.id,
        }),
      ),
    );
    const statuses = results.map((result) => result.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(12);
    expect(statuses.filter((status) => status === 409)).toHaveLength(18);
    const full = results.find((result) => result.status === 409)!;
    expect(full.body.message).toContain('is full');
    const read = await study.api.get(`/v2/sessions/${session.body.id}`);
    expect(read.body).toMatchObject({ enrolled: 12, seats_left: 0 });
    const rows = await server.database.db
      .selectFrom('session_enrollments')
      .select(['reserve'])
      .where('session_id', '=', session.body.id)
      .where('status', '=', 'enrolled')
      .execute();
    expect(rows).toHaveLength(12);
    expect(rows.filter((row) => Number(row.reserve) === 1)).toHaveLength(2);
    // A full session is no longer offered.
    const after = await people[0]!.api.get(
      `/v2/participant/opportunities/${study.opportunityId}/sessions`,
    );
    expect(after.body.data).toEqual([]);
  }, 120_000);

  it('refuses a clash in one lab with a 409 naming the other session', async () => {
    const study = await scheduledStudy(server, { places: 30 });
    const labRow = (await study.api.post('/v2/labs', { ...lab, capacity: 10 })).body;
    const first = await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
      lab_id: labRow.id,
      starts_at: STARTS,
      duration_minutes: 90,
      capacity: 6,
    });
    expect(first.status, first.text).toBe(200);
    const other = await scheduledStudy(server, { places: 10 });
    // Another organization's lab is not this one's: the same times do not clash.
    const clash = await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
      lab_id: labRow.id,
      starts_at: '2026-10-25T10:00:00.000Z',
      duration_minutes: 60,
      capacity: 5,
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain(first.body.id);
    // Touching, not overlapping: fine. Overlapping but fitting: fine.
    const touching = await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
      lab_id: labRow.id,
      starts_at: '2026-10-25T10:30:00.000Z',
      duration_minutes: 60,
      capacity: 10,
    });
    expect(touching.status, touching.text).toBe(200);
    const fitting = await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
      lab_id: labRow.id,
      starts_at: '2026-10-25T09:30:00.000Z',
      duration_minutes: 30,
      capacity: 4,
    });
    expect(fitting.status, fitting.text).toBe(200);
    expect((await other.api.get(`/v2/sessions/${first.body.id}`)).status).toBe(404);
    // Deleting the lab is refused while sessions are to come.
    const refused = await study.api.delete(`/v2/labs/${labRow.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.issues[0].message).toContain(first.body.id);
    // The week calendar's use case and the lab's calendar file list them.
    const calendar = await study.api.get(`/v2/labs/${labRow.id}/calendar.ics`);
    const uids = Object.values(ical.sync.parseICS(calendar.text))
      .filter((item) => item?.type === 'VEVENT')
      .map((item) => (item as VEvent).uid)
      .sort();
    expect(uids).toEqual(
      [first.body.id, touching.body.id, fitting.body.id].map((id) => `${id}@cohort.test`).sort(),
    );
  });

  it('mails a confirmation with a calendar file, reminds across the October clock change, refuses a late cancellation and mails the cancellation', async () => {
    const study = await scheduledStudy(server, { places: 5 });
    const labRow = (await study.api.post('/v2/labs', lab)).body;
    const session = (
      await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
        lab_id: labRow.id,
        starts_at: STARTS,
        duration_minutes: 60,
        capacity: 4,
      })
    ).body;
    await launch(study.api, study.opportunityId);
    const person = await signUp(server, { timezone: 'Europe/Berlin' });
    const { submission_id } = await apply(person, study.opportunityId);
    const enrolled = await person.api.post(
      `/v2/participant/submissions/${submission_id}/enrollment`,
      {
        session_id: session.id,
      },
    );
    expect(enrolled.status, enrolled.text).toBe(200);
    expect(enrolled.body).toMatchObject({
      status: 'enrolled',
      reserve: false,
      session: { starts_at_your_time: '2026-10-25T10:00' },
    });
    // The confirmation: its attachment read back with another library.
    const [confirmation] = await mailsTo(person.id);
    expect(confirmation!.kind).toBe('session');
    const listed = JSON.parse(
      (
        await runCli(env, [
          'mail',
          'list',
          '--to',
          (await person.api.get('/v2/participant/me')).body.email,
          '--json',
        ])
      ).stdout,
    );
    expect(listed[0].attachments).toEqual([
      {
        filename: 'session.ics',
        content_type: 'text/calendar; charset=utf-8; method=REQUEST',
        content: expect.any(String),
      },
    ]);
    const event = Object.values(ical.sync.parseICS(listed[0].attachments[0].content)).find(
      (item) => item?.type === 'VEVENT',
    ) as VEvent;
    expect(event.uid).toBe(`${session.id}@cohort.test`);
    expect(event.location).toBe(`${lab.name}, ${lab.address}`);
    expect(new Date(event.start).toISOString()).toBe(STARTS);
    // The reminder: 24 hours before on the participant's wall clock, Saturday 10:00 CEST (08:00 UTC),
    // 25 hours before the start.
    const job = await server.database.db
      .selectFrom('jobs')
      .select(['run_at'])
      .where('kind', '=', 'sessions.reminder')
      .where('dedupe_key', 'like', `session-reminder:${enrolled.body.id}:%`)
      .executeTakeFirstOrThrow();
    expect(new Date(job.run_at).toISOString()).toBe('2026-10-24T08:00:00.000Z');
    const worker = new Worker(jobContextFor(server.context, quiet), {
      definitions: [sessionReminderJob],
    });
    clock.now = Date.parse('2026-10-24T07:59:00.000Z');
    await worker.drain();
    expect((await mailsTo(person.id)).map((mail) => mail.subject)).toHaveLength(1);
    clock.now = Date.parse('2026-10-24T08:00:30.000Z');
    await worker.drain();
    const reminder = (await mailsTo(person.id))[1]!;
    expect(reminder.subject).toContain('Reminder');
    expect(reminder.text_body).toContain('Europe/Berlin');
    // Past the deadline (two hours before): cancelling is refused with the deadline.
    clock.now = Date.parse('2026-10-25T07:30:00.000Z');
    const late = await person.api.delete(`/v2/participant/submissions/${submission_id}/enrollment`);
    expect(late.status).toBe(409);
    expect(late.body.issues[0].message).toContain('2026-10-25T07:00:00.000Z');
    // The researchers cancel: the same UID, STATUS:CANCELLED.
    const cancelled = await study.api.delete(`/v2/sessions/${session.id}`);
    expect(cancelled.body).toEqual({
      id: session.id,
      status: 'cancelled',
      cancelled_enrollments: 1,
    });
    const cancellation = (await mailsTo(person.id))[2]!;
    const attachment = JSON.parse(cancellation.attachments!)[0];
    const cancelledEvent = Object.values(ical.sync.parseICS(attachment.content)).find(
      (item) => item?.type === 'VEVENT',
    ) as VEvent;
    expect(cancelledEvent.uid).toBe(`${session.id}@cohort.test`);
    expect(cancelledEvent.status).toBe('CANCELLED');
    const events = await server.database.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('organization_id', '=', study.organization.id)
      .where('type', '=', 'session.cancelled')
      .execute();
    expect(events).toHaveLength(1);
    clock.now = Date.parse('2026-10-01T08:00:00.000Z');
  });

  it('cancels and enrolls again before the deadline (a move)', async () => {
    const study = await scheduledStudy(server, { places: 5 });
    const one = (
      await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
        starts_at: STARTS,
        duration_minutes: 30,
        capacity: 1,
      })
    ).body;
    const two = (
      await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
        starts_at: '2026-10-26T09:00:00Z',
        duration_minutes: 30,
        capacity: 1,
      })
    ).body;
    await launch(study.api, study.opportunityId);
    const person = await signUp(server);
    const { submission_id } = await apply(person, study.opportunityId);
    const path = `/v2/participant/submissions/${submission_id}/enrollment`;
    expect((await person.api.post(path, { session_id: one.id })).status).toBe(200);
    expect((await person.api.post(path, { session_id: two.id })).status).toBe(409);
    expect((await person.api.delete(path)).status).toBe(200);
    expect((await study.api.get(`/v2/sessions/${one.id}`)).body.enrolled).toBe(0);
    const moved = await person.api.post(path, { session_id: two.id });
    expect(moved.body).toMatchObject({
      status: 'enrolled',
      session: { id: two.id, online: true, lab: null },
    });
    const file = await person.api.get(`${path}/calendar.ics`);
    expect(file.headers.get('content-type')).toContain('text/calendar');
    // Giving the place back gives the seat back: the next person takes it.
    expect(
      (await person.api.post(`/v2/participant/submissions/${submission_id}/abandon`, {})).status,
    ).toBe(200);
    const next = await signUp(server);
    const nextSubmission = (await apply(next, study.opportunityId)).submission_id;
    const taken = await next.api.post(`/v2/participant/submissions/${nextSubmission}/enrollment`, {
      session_id: two.id,
    });
    expect(taken.status, taken.text).toBe(200);
    expect((await study.api.get(`/v2/sessions/${two.id}`)).body.enrolled).toBe(1);
  });
});
