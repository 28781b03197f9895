import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import {
  type Client,
  client,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { hoursStudy, type WorkStage, worker } from './fixtures.ts';

const NOW = '2026-06-01T12:00:00.000Z';
const WORK_STARTED = '2026-03-01T00:00:00.000Z';

describe.each(engines())('participant time entries on %s', (engine) => {
  let server: TestServer;
  const clock = { now: Date.parse(NOW) };
  beforeAll(async () => {
    // Sign-up validates places against the geography, loaded once per process.
    loadGeography();
    server = await startTestServer(engine, { rateLimitPerKey: 10_000 }, { clock: () => clock.now });
  });
  afterAll(() => server.close());

  /** Someone in `timezone` at work (by default) on a new study since WORK_STARTED. */
  async function tracker(timezone: string, options: { stage?: WorkStage } = {}) {
    const study = await hoursStudy(server);
    const person = await worker(server, clock, study, {
      timezone,
      startedAt: WORK_STARTED,
      stage: options.stage,
    });
    return { study, person, api: person.api, submissionId: person.submissionId };
  }

  /** The same person at work on a second study as well. */
  async function secondSubmission(first: Awaited<ReturnType<typeof tracker>>) {
    const again = await worker(server, clock, await hoursStudy(server), {
      timezone: 'Europe/Berlin',
      startedAt: WORK_STARTED,
      as: first.person,
    });
    return again.submissionId;
  }

  const record = (api: Client, submissionId: string, startedAt: string, endedAt: string) =>
    api.post('/v2/participant/time-entries', {
      submission_id: submissionId,
      started_at: startedAt,
      ended_at: endedAt,
    });

  it('records an entry crossing local midnight, split between the two local dates', async () => {
    const { api, submissionId } = await tracker('Asia/Kolkata');
    // 23:00 to 01:30 in Kolkata (UTC+05:30).
    const response = await record(api, submissionId, '2026-03-01T17:30:00Z', '2026-03-01T20:00Z');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^tim_/),
      submission_id: submissionId,
      started_at: '2026-03-01T17:30:00.000Z',
      ended_at: '2026-03-01T20:00:00.000Z',
      seconds: 9000,
      created_at: NOW,
      timezone: 'Asia/Kolkata',
      days: [
        { date: '2026-03-01', seconds: 3600 },
        { date: '2026-03-02', seconds: 5400 },
      ],
    });
  });

  it('splits across a daylight saving change by elapsed time, and reads offsets as instants', async () => {
    const { api, submissionId } = await tracker('America/New_York');
    // 22:00 EST on 03-07 to 03:30 EDT on 03-08: 2.5 h elapsed after midnight, 3.5 on the wall.
    const response = await record(
      api,
      submissionId,
      '2026-03-07T22:00:00-05:00',
      '2026-03-08T03:30:00-04:00',
    );
    expect(response.status).toBe(200);
    expect(response.body.started_at).toBe('2026-03-08T03:00:00.000Z');
    expect(response.body.ended_at).toBe('2026-03-08T07:30:00.000Z');
    expect(response.body.days).toEqual([
      { date: '2026-03-07', seconds: 7200 },
      { date: '2026-03-08', seconds: 9000 },
    ]);
  });

  it('counts days in the tracker timezone the person has when the entry is recorded', async () => {
    const { api, submissionId } = await tracker('Asia/Kolkata');
    const first = await record(api, submissionId, '2026-03-03T20:00:00Z', '2026-03-03T21:00Z');
    expect(first.body).toMatchObject({
      timezone: 'Asia/Kolkata',
      days: [{ date: '2026-03-04', seconds: 3600 }],
    });
    const moved = await api.patch('/v2/participant/me', { timezone: 'America/Los_Angeles' });
    expect(moved.status, moved.text).toBe(200);
    const second = await record(api, submissionId, '2026-03-04T20:00:00Z', '2026-03-04T21:00Z');
    expect(second.body).toMatchObject({
      timezone: 'America/Los_Angeles',
      days: [{ date: '2026-03-04', seconds: 3600 }],
    });
  });

  it('refuses an end before or at the start', async () => {
    const { api, submissionId } = await tracker('Europe/Berlin');
    for (const [startedAt, endedAt] of [
      ['2026-03-02T10:00:00Z', '2026-03-02T09:00:00Z'],
      ['2026-03-02T10:00:00Z', '2026-03-02T10:00:00Z'],
    ] as const) {
      const response = await record(api, submissionId, startedAt, endedAt);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        code: 'BAD_REQUEST',
        message: 'The time entry is invalid',
        issues: [{ message: 'ended_at must be after started_at' }],
      });
    }
  });

  it('refuses future time, naming each end that is in the future', async () => {
    const { api, submissionId } = await tracker('Europe/Berlin');
    const endsLater = await record(
      api,
      submissionId,
      '2026-06-01T11:00:00Z',
      '2026-06-01T12:00:01Z',
    );
    expect(endsLater.status).toBe(400);
    expect(endsLater.body.issues).toEqual([
      { message: `ended_at 2026-06-01T12:00:01.000Z is in the future (now ${NOW})` },
    ]);
    const bothLater = await record(api, submissionId, '2026-06-02T09:00:00Z', '2026-06-02T10:00Z');
    expect(bothLater.status).toBe(400);
    expect(bothLater.body.issues).toEqual([
      { message: `started_at 2026-06-02T09:00:00.000Z is in the future (now ${NOW})` },
      { message: `ended_at 2026-06-02T10:00:00.000Z is in the future (now ${NOW})` },
    ]);
    // Ending exactly now is not the future.
    const upToNow = await record(api, submissionId, '2026-06-01T11:00:00Z', NOW);
    expect(upToNow.status).toBe(200);
  });

  it('refuses time before work on the submission started', async () => {
    const { api, submissionId } = await tracker('Europe/Berlin');
    const response = await record(api, submissionId, '2026-02-28T23:30:00Z', '2026-03-01T00:30Z');
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      {
        message: `started_at 2026-02-28T23:30:00.000Z is before work on this submission started (${WORK_STARTED})`,
      },
    ]);
    const fromTheStart = await record(api, submissionId, WORK_STARTED, '2026-03-01T00:30Z');
    expect(fromTheStart.status).toBe(200);
  });

  it('lists every problem at once', async () => {
    const { api, submissionId } = await tracker('Europe/Berlin');
    const response = await record(api, submissionId, '2026-02-01T10:00:00Z', '2026-07-01T10:00Z');
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { message: `ended_at 2026-07-01T10:00:00.000Z is in the future (now ${NOW})` },
      {
        message: `started_at 2026-02-01T10:00:00.000Z is before work on this submission started (${WORK_STARTED})`,
      },
    ]);
  });

  it('refuses malformed instants: dates, zone-less times, text, impossible dates', async () => {
    const { api, submissionId } = await tracker('Europe/Berlin');
    const response = await record(api, submissionId, '2026-03-02', '2026-03-02T10:00:00');
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([
      { message: expect.stringMatching(/^started_at "2026-03-02" is a date, not an instant/) },
      { message: expect.stringMatching(/^ended_at "2026-03-02T10:00:00" has no time zone/) },
    ]);
    const text = await record(api, submissionId, 'yesterday', '2026-02-30T10:00:00Z');
    expect(text.status).toBe(400);
    expect(text.body.issues).toEqual([
      { message: expect.stringMatching(/^started_at "yesterday" is not an ISO 8601 timestamp/) },
      { message: 'ended_at "2026-02-30T10:00:00Z" is not a calendar date' },
    ]);
  });

  it('refuses a body without the fields, or with unknown ones, listing each', async () => {
    const { api, submissionId } = await tracker('Europe/Berlin');
    const missing = await api.post('/v2/participant/time-entries', {
      submission_id: submissionId,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual(
      expect.arrayContaining([
        { message: 'body.started_at: is required' },
        { message: 'body.ended_at: is required' },
      ]),
    );
    const extra = await api.post('/v2/participant/time-entries', {
      submission_id: submissionId,
      started_at: '2026-03-02T10:00:00Z',
      ended_at: '2026-03-02T11:00:00Z',
      minutes: 60,
    });
    expect(extra.status).toBe(400);
    expect(extra.body.issues).toEqual([{ message: 'body.minutes: unknown field' }]);
  });

  it("refuses overlap with the person's own entries on any submission; touching is fine", async () => {
    const first = await tracker('Europe/Berlin');
    const other = await secondSubmission(first);
    const { api, submissionId } = first;
    expect(
      (await record(api, submissionId, '2026-03-05T08:00:00Z', '2026-03-05T12:00Z')).status,
    ).toBe(200);
    expect(
      (await record(api, submissionId, '2026-03-05T13:00:00Z', '2026-03-05T14:00Z')).status,
    ).toBe(200);

    // Inside a long earlier entry (it starts well before the new one).
    const inside = await record(api, submissionId, '2026-03-05T10:00:00Z', '2026-03-05T11:00Z');
    expect(inside.status).toBe(400);
    expect(inside.body.issues).toEqual([
      {
        message:
          'Overlaps time already recorded from 2026-03-05T08:00:00.000Z to 2026-03-05T12:00:00.000Z',
      },
    ]);
    // Covering both, on the other submission: both are named.
    const covering = await record(api, other, '2026-03-05T07:00:00Z', '2026-03-05T15:00Z');
    expect(covering.status).toBe(400);
    expect(covering.body.issues).toEqual([
      {
        message:
          'Overlaps time already recorded from 2026-03-05T08:00:00.000Z to 2026-03-05T12:00:00.000Z',
      },
      {
        message:
          'Overlaps time already recorded from 2026-03-05T13:00:00.000Z to 2026-03-05T14:00:00.000Z',
      },
    ]);
    // The same instant exactly.
    expect((await record(api, other, '2026-03-05T13:00:00Z', '2026-03-05T14:00Z')).status).toBe(
      400,
    );
    // Touching both ends of existing entries.
    const between = await record(api, other, '2026-03-05T12:00:00Z', '2026-03-05T13:00:00Z');
    expect(between.status).toBe(200);

    // Someone else may work at the same time.
    const colleague = await tracker('Europe/Berlin');
    const sameTime = await record(
      colleague.api,
      colleague.submissionId,
      '2026-03-05T08:00:00Z',
      '2026-03-05T12:00:00Z',
    );
    expect(sameTime.status).toBe(200);
  });

  it('records one of many overlapping entries sent at once', async () => {
    const { api, submissionId } = await tracker('Europe/Berlin');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        record(
          api,
          submissionId,
          new Date(Date.parse('2026-03-06T10:00:00Z') + i * 60_000).toISOString(),
          '2026-03-06T11:00:00Z',
        ),
      ),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 400)).toHaveLength(19);
    const listed = await api.get(`/v2/participant/time-entries?submission_id=${submissionId}`);
    expect(listed.body.data).toHaveLength(1);
  });

  it('refuses time on a submission that is not in progress with a 409', async () => {
    const stages = ['screen_passed', 'awaiting_review', 'approved', 'abandoned'] as const;
    for (const status of stages) {
      const { api, submissionId } = await tracker('Europe/Berlin', { stage: status });
      const response = await record(api, submissionId, '2026-03-02T10:00:00Z', '2026-03-02T11:00Z');
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        code: 'CONFLICT',
        message: `Submission ${submissionId} is not in progress`,
        issues: [
          {
            message: `Time can be recorded only while the submission is in progress; it is ${status}`,
          },
        ],
      });
    }
  });

  it("answers another participant's submission, or an unknown one, with 404", async () => {
    const owner = await tracker('Europe/Berlin');
    const intruder = await tracker('Europe/Berlin');
    for (const id of [owner.submissionId, 'sub_doesnotexist']) {
      const response = await record(intruder.api, id, '2026-03-02T10:00:00Z', '2026-03-02T11:00Z');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        code: 'NOT_FOUND',
        message: `Submission ${id} not found`,
        issues: [{ message: `You have no submission with id ${id}` }],
      });
      const listed = await intruder.api.get(`/v2/participant/time-entries?submission_id=${id}`);
      expect(listed.status).toBe(404);
    }
  });

  it('takes a participant token only', async () => {
    const { submissionId, study } = await tracker('Europe/Berlin');
    const { customer } = study;
    const body = {
      submission_id: submissionId,
      started_at: '2026-03-02T10:00:00Z',
      ended_at: '2026-03-02T11:00:00Z',
    };
    const anonymous = await client(server).post('/v2/participant/time-entries', body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('UNAUTHORIZED');
    const withKey = await customer.post('/v2/participant/time-entries', body);
    expect(withKey.status).toBe(401);
    expect((await customer.get('/v2/participant/time-entries')).status).toBe(401);
  });

  it('lists own entries latest first in keyset pages, optionally for one submission', async () => {
    const first = await tracker('Europe/Berlin');
    const other = await secondSubmission(first);
    const ids: string[] = [];
    for (let day = 10; day <= 16; day++) {
      const submissionId = day % 2 === 0 ? first.submissionId : other;
      const response = await record(
        first.api,
        submissionId,
        `2026-03-${day}T09:00:00Z`,
        `2026-03-${day}T10:15:30Z`,
      );
      expect(response.status).toBe(200);
      ids.push(response.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await first.api.get(`/v2/participant/time-entries${query}`);
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.data.map((entry: { id: string }) => entry.id));
      cursor = page.body.pagination.next_cursor;
      expect(page.body.pagination.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());

    const onOne = await first.api.get(`/v2/participant/time-entries?submission_id=${other}`);
    expect(onOne.body.data.map((entry: { id: string }) => entry.id)).toEqual([
      ids[5],
      ids[3],
      ids[1],
    ]);
    expect(onOne.body.data[0]).toEqual({
      id: ids[5],
      submission_id: other,
      started_at: '2026-03-15T09:00:00.000Z',
      ended_at: '2026-03-15T10:15:30.000Z',
      seconds: 4530,
      created_at: NOW,
    });
    const badCursor = await first.api.get('/v2/participant/time-entries?cursor=nonsense');
    expect(badCursor.status).toBe(400);
  });
});
