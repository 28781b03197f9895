import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENROLL_WITHIN_HOURS } from '../../src/admission/index.ts';
import { Worker } from '../../src/platform/jobs/worker.ts';
import { jobContextFor } from '../../src/server.ts';
import { studyClosedSeatsJob } from '../../src/sessions/index.ts';
import { lockSubmission } from '../../src/submissions/store.ts';
import { timeOutHeld } from '../../src/submissions/work.ts';
import { runCli } from '../support/cli.ts';
import { engines, type TestServer } from '../support/harness.ts';
import {
  apply,
  loadGeographyOnce,
  signUp,
  type TestParticipant,
} from '../support/participant-side.ts';
import { launch, scheduledStudy, startSessionsWorld } from './support.ts';

/**
 * A passed screener holds a place on a scheduled study only while its holder enrolls
 * (docs/decisions/0185-enrolling-to-hold-a-place.md): 48 hours, again after a seat is given back;
 * an enrollment holds it past the session, and a session moved carries the hold (and a calendar
 * update) with it.
 */
describe.each(engines())(
  'a place on a scheduled study waits for an enrollment, on %s',
  (engine) => {
    let server: TestServer;
    let env: NodeJS.ProcessEnv;
    let clock: { now: number };
    const START = '2026-10-01T08:00:00.000Z';
    beforeAll(async () => {
      loadGeographyOnce();
      ({ server, env, clock } = await startSessionsWorld(engine, START));
    }, 60_000);
    afterAll(() => server?.close());

    const at = (iso: string) => {
      clock.now = Date.parse(iso);
    };
    const hoursAfter = (iso: string, hours: number) =>
      new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
    const placeOf = async (person: TestParticipant, submissionId: string) => {
      const read = await person.api.get(`/v2/participant/submissions/${submissionId}`);
      expect(read.status, read.text).toBe(200);
      return read.body as { status: string; deadline_at: string | null; abandoned_reason: string };
    };
    const mailsTo = (participantId: string) =>
      server.database.db
        .selectFrom('mail_messages as m')
        .innerJoin('participants as p', 'p.email', 'm.to_address')
        .select(['m.subject', 'm.text_body', 'm.attachments'])
        .where('p.id', '=', participantId)
        .orderBy('m.id')
        .execute();
    /**
     * The time-out job's round (src/submissions/time-out.ts) for these submissions only: on
     * PostgreSQL the run's database is shared, and other files' places must not time out here.
     */
    const timeOut = async (...submissionIds: string[]) => {
      let timedOut = 0;
      for (const id of submissionIds) {
        const done = await server.database.db.transaction().execute(async (trx) => {
          const submission = await lockSubmission(trx, id);
          const opportunity =
            submission &&
            (await trx
              .selectFrom('opportunities')
              .selectAll()
              .where('id', '=', submission.opportunity_id)
              .executeTakeFirst());
          if (!submission || !opportunity) return false;
          return timeOutHeld(trx, { opportunity, submission }, new Date(clock.now));
        });
        if (done) timedOut += 1;
      }
      return { timedOut };
    };

    /** A launched study of two places and one session of two seats on 20 October, and one applicant. */
    const oneSessionStudy = async (timezone?: string) => {
      at(START);
      const study = await scheduledStudy(server, { places: 2 });
      const session = (
        await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
          starts_at: '2026-10-20T09:00:00.000Z',
          duration_minutes: 60,
          capacity: 2,
        })
      ).body;
      await launch(study.api, study.opportunityId);
      const person = await signUp(server, timezone ? { timezone } : {});
      const submissionId = (await apply(person, study.opportunityId)).submission_id!;
      return { study, session, person, submissionId };
    };

    it('goes back 48 hours after the screener unless its holder enrolls; enrolling holds it past the session, cancelling starts the wait again', async () => {
      at(START);
      expect(ENROLL_WITHIN_HOURS).toBe(48);
      // A time limit of a week: the 48 hours come first.
      const study = await scheduledStudy(server, { places: 2, maxMinutes: 7 * 24 * 60 });
      const sessions: { id: string }[] = [];
      for (const starts_at of ['2026-10-25T09:00:00.000Z', '2026-10-26T09:00:00.000Z']) {
        const created = await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
          starts_at,
          duration_minutes: 60,
          capacity: 1,
        });
        expect(created.status, created.text).toBe(200);
        sessions.push(created.body);
      }
      await launch(study.api, study.opportunityId);
      const enrolling = await signUp(server);
      const waiting = await signUp(server);
      const kept = (await apply(enrolling, study.opportunityId)).submission_id!;
      const unenrolled = (await apply(waiting, study.opportunityId)).submission_id!;
      expect((await placeOf(waiting, unenrolled)).deadline_at).toBe(hoursAfter(START, 48));

      const path = `/v2/participant/submissions/${kept}/enrollment`;
      expect((await enrolling.api.post(path, { session_id: sessions[0]!.id })).status).toBe(200);
      // A day after the session ends.
      expect((await placeOf(enrolling, kept)).deadline_at).toBe('2026-10-26T10:00:00.000Z');

      // A day later they cancel their seat: the 48 hours start again, and the mail says until when.
      at('2026-10-02T08:00:00.000Z');
      expect((await enrolling.api.delete(path)).status).toBe(200);
      expect((await placeOf(enrolling, kept)).deadline_at).toBe('2026-10-04T08:00:00.000Z');
      const withdrawal = (await mailsTo(enrolling.id)).at(-1)!;
      expect(withdrawal.subject).toContain('You left the session');
      expect(withdrawal.text_body).toMatch(/choose another session before .*2026/);

      // The one who never enrolled loses the place at the 48th hour; the other keeps theirs.
      at('2026-10-03T08:00:30.000Z');
      expect((await timeOut(unenrolled, kept)).timedOut).toBe(1);
      expect(await placeOf(waiting, unenrolled)).toMatchObject({
        status: 'abandoned',
        abandoned_reason: 'timed_out',
        deadline_at: null,
      });
      expect((await placeOf(enrolling, kept)).status).toBe('screen_passed');
      // Its place went back: someone new takes it (both places were taken before).
      const late = await signUp(server);
      expect((await apply(late, study.opportunityId)).status).toBe('screen_passed');

      // Enrolled again, the place outlives the 48 hours.
      expect((await enrolling.api.post(path, { session_id: sessions[1]!.id })).status).toBe(200);
      at('2026-10-05T08:00:00.000Z');
      await timeOut(kept);
      expect(await placeOf(enrolling, kept)).toMatchObject({
        status: 'screen_passed',
        deadline_at: '2026-10-27T10:00:00.000Z',
      });
    });

    it('a session moved is mailed to those enrolled with the calendar update (same UID, higher sequence), and holds their place past its new end', async () => {
      const { study, session, person, submissionId } = await oneSessionStudy('Europe/Berlin');
      const enrolled = await person.api.post(
        `/v2/participant/submissions/${submissionId}/enrollment`,
        {
          session_id: session.id,
        },
      );
      expect(enrolled.status, enrolled.text).toBe(200);

      at('2026-10-02T08:00:00.000Z');
      const moved = await study.api.patch(`/v2/sessions/${session.id}`, {
        starts_at: '2026-10-30T09:00:00.000Z',
      });
      expect(moved.status, moved.text).toBe(200);
      const mails = await mailsTo(person.id);
      expect(mails).toHaveLength(2);
      const change = mails[1]!;
      expect(change.subject).toContain('Moved');
      // 10:00 in Berlin, after the clocks went back.
      expect(change.text_body).toContain('10:00');
      const [attachment] = JSON.parse(change.attachments!);
      expect(attachment.content_type).toBe('text/calendar; charset=utf-8; method=REQUEST');
      const first = Object.values(
        ical.sync.parseICS(JSON.parse(mails[0]!.attachments!)[0].content),
      ).find((item) => item?.type === 'VEVENT') as VEvent;
      const update = Object.values(ical.sync.parseICS(attachment.content)).find(
        (item) => item?.type === 'VEVENT',
      ) as VEvent;
      expect(update.uid).toBe(first.uid);
      expect(new Date(update.start).toISOString()).toBe('2026-10-30T09:00:00.000Z');
      expect(Number(update.sequence)).toBeGreaterThan(Number(first.sequence));
      expect((await placeOf(person, submissionId)).deadline_at).toBe('2026-10-31T10:00:00.000Z');

      // A change of seats alone mails nobody.
      expect((await study.api.patch(`/v2/sessions/${session.id}`, { capacity: 1 })).status).toBe(
        200,
      );
      expect(await mailsTo(person.id)).toHaveLength(2);
    });

    it('on a study without a time limit (hourly), an enrollment holds the place for as long as the study runs; a cancelled session starts the 48 hours again', async () => {
      at(START);
      const study = await scheduledStudy(server, { places: 4 });
      await runCli(env, [
        'opportunity',
        'pay',
        study.opportunityId,
        '--frequency',
        'hourly',
        '--rate-cents',
        '1500',
      ]);
      const session = (
        await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
          starts_at: '2026-10-20T09:00:00.000Z',
          duration_minutes: 90,
          capacity: 2,
        })
      ).body;
      await launch(study.api, study.opportunityId);
      const person = await signUp(server);
      const submissionId = (await apply(person, study.opportunityId)).submission_id!;
      expect((await placeOf(person, submissionId)).deadline_at).toBe(hoursAfter(START, 48));
      const path = `/v2/participant/submissions/${submissionId}/enrollment`;
      expect((await person.api.post(path, { session_id: session.id })).status).toBe(200);
      expect((await placeOf(person, submissionId)).deadline_at).toBeNull();

      // The researchers add a second session, then cancel the first: the place waits again.
      const other = await study.api.post(`/v2/opportunities/${study.opportunityId}/sessions`, {
        starts_at: '2026-10-22T09:00:00.000Z',
        duration_minutes: 90,
        capacity: 2,
      });
      expect(other.status, other.text).toBe(200);
      at('2026-10-10T12:00:00.000Z');
      expect((await study.api.delete(`/v2/sessions/${session.id}`)).status).toBe(200);
      expect((await placeOf(person, submissionId)).deadline_at).toBe('2026-10-12T12:00:00.000Z');
      const cancellation = (await mailsTo(person.id)).at(-1)!;
      expect(cancellation.subject).toContain('Cancelled');
      expect(cancellation.text_body).toMatch(/kept until .*2026/);

      // With no session left at all, the study is no longer scheduled: no clock runs.
      expect((await study.api.delete(`/v2/sessions/${other.body.id}`)).status).toBe(200);
      expect((await placeOf(person, submissionId)).deadline_at).toBe('2026-10-12T12:00:00.000Z');
    });

    it('a stopped study gives back the seats of the places it withdrew and mails each holder the calendar’s cancellation', async () => {
      const { study, session, person, submissionId } = await oneSessionStudy();
      const enrolled = await person.api.post(
        `/v2/participant/submissions/${submissionId}/enrollment`,
        {
          session_id: session.id,
        },
      );
      expect(enrolled.status, enrolled.text).toBe(200);

      at('2026-10-05T08:00:00.000Z');
      const stopped = await study.api.post(`/v2/opportunities/${study.opportunityId}/stop`, {});
      expect(stopped.status, stopped.text).toBe(200);
      expect((await placeOf(person, submissionId)).abandoned_reason).toBe('withdrawn');
      const worker = new Worker(
        jobContextFor(server.context, { info() {}, warn() {}, error() {} }),
        { definitions: [studyClosedSeatsJob] },
      );
      await worker.drain();
      expect((await study.api.get(`/v2/sessions/${session.id}`)).body.enrolled).toBe(0);
      const last = (await mailsTo(person.id)).at(-1)!;
      expect(last.subject).toContain('Cancelled');
      expect(last.text_body).toContain('has closed');
      const [attachment] = JSON.parse(last.attachments!);
      expect(attachment.content_type).toBe('text/calendar; charset=utf-8; method=CANCEL');
      const event = Object.values(ical.sync.parseICS(attachment.content)).find(
        (item) => item?.type === 'VEVENT',
      ) as VEvent;
      expect(event.uid).toBe(`${session.id}@cohort.test`);
      expect(event.status).toBe('CANCELLED');
      const enrollment = await person.api.get(
        `/v2/participant/submissions/${submissionId}/enrollment`,
      );
      expect(enrollment.body.status).toBe('cancelled');
      // Run again, it finds nothing more to give back or mail.
      await worker.drain();
      expect((await mailsTo(person.id)).at(-1)!.subject).toBe(last.subject);
      expect(await mailsTo(person.id)).toHaveLength(2);
    });
  },
);
