import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGeography } from '../../src/filters/geography-filters.ts';
import {
  type Client,
  client,
  createTestKey,
  engines,
  startTestServer,
  type TestServer,
} from '../support/harness.ts';
import { type HoursStudy, hoursStudy, worker as startWorker } from './fixtures.ts';

const WORK_STARTED = '2026-02-01T00:00:00.000Z';

interface Row {
  participant_id: string;
  submission_id: string;
  email: string;
  date: string;
  timezone: string;
  seconds: number;
  hours: number;
}

describe.each(engines())('GET /v2/opportunities/{id}/hours on %s', (engine) => {
  let server: TestServer;
  const clock = { now: Date.parse('2026-06-01T00:00:00Z') };
  beforeAll(async () => {
    // Sign-up validates places against the geography, loaded once per process.
    loadGeography();
    server = await startTestServer(engine, { rateLimitPerKey: 10_000 }, { clock: () => clock.now });
  });
  afterAll(() => server.close());

  const study = () => hoursStudy(server);

  /** Someone in `timezone` at work on the study since WORK_STARTED. */
  const worker = (on: HoursStudy, timezone: string, name = 'Pat') =>
    startWorker(server, clock, on, { timezone, name, startedAt: WORK_STARTED });

  const hours = (api: Client, opportunityId: string, from: string, to: string) =>
    api.get(`/v2/opportunities/${opportunityId}/hours?from=${from}&to=${to}`);

  it('answers the worked example of docs/hours.md exactly', async () => {
    const work = await study();
    const { customer } = work;
    const opportunity = work.study;
    const asha = await worker(work, 'Asia/Kolkata', 'Asha');
    const ben = await worker(work, 'America/New_York', 'Ben');
    clock.now = Date.parse('2026-03-08T07:30:00Z');
    await asha.track('2026-03-01T17:30:00Z', '2026-03-01T20:00:00Z');
    await asha.track('2026-03-08T04:30:00Z', '2026-03-08T06:30:00Z');
    await ben.track('2026-03-01T03:00:00Z', '2026-03-01T06:00:00Z');
    await ben.track('2026-03-08T03:00:00Z', '2026-03-08T07:30:00Z');
    clock.now = Date.parse('2026-06-01T00:00:00Z');

    const a = { participant_id: asha.participantId, submission_id: asha.submissionId };
    const b = { participant_id: ben.participantId, submission_id: ben.submissionId };
    const ashaRow = { ...a, email: asha.email, timezone: 'Asia/Kolkata' };
    const benRow = { ...b, email: ben.email, timezone: 'America/New_York' };
    const response = await hours(customer, opportunity.id, '2026-03-01', '2026-03-08');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      last_updated_at: '2026-03-08T07:30:00.000Z',
      total_seconds: 23400,
      total_hours: 6.5,
      data: [
        { ...ashaRow, date: '2026-03-02', seconds: 5400, hours: 1.5 },
        { ...ashaRow, date: '2026-03-08', seconds: 7200, hours: 2 },
        { ...benRow, date: '2026-03-01', seconds: 3600, hours: 1 },
        { ...benRow, date: '2026-03-07', seconds: 7200, hours: 2 },
      ],
    });

    // The window in Asha's offset gives her 2026-03-01 to 03-07 (%2B is a "+").
    const inKolkata = await hours(
      customer,
      opportunity.id,
      '2026-03-01T00:00:00%2B05:30',
      '2026-03-08T00:00:00%2B05:30',
    );
    expect(inKolkata.status).toBe(200);
    expect(
      inKolkata.body.data.map((row: Row) => [row.participant_id, row.date, row.seconds]),
    ).toEqual([
      [asha.participantId, '2026-03-01', 3600],
      [asha.participantId, '2026-03-02', 5400],
      [ben.participantId, '2026-03-01', 3600],
      [ben.participantId, '2026-03-07', 7200],
    ]);
    // Ben's 2026-03-08 (9,000 s, a 23-hour day) is in the next window.
    const next = await hours(customer, opportunity.id, '2026-03-08', '2026-03-15');
    expect(next.body.data.map((row: Row) => [row.participant_id, row.date, row.seconds])).toEqual([
      [ben.participantId, '2026-03-08', 9000],
    ]);
  });

  describe('people in five zones, each working 23:00 to 01:00 local on March 1 to 6', () => {
    const zones = [
      { zone: 'America/New_York', offset: '-05:00' },
      { zone: 'Asia/Kolkata', offset: '+05:30' },
      { zone: 'Asia/Kathmandu', offset: '+05:45' },
      { zone: 'Pacific/Kiritimati', offset: '+14:00' },
      { zone: 'Pacific/Pago_Pago', offset: '-11:00' },
    ];
    let opportunityId: string;
    let customer: Client;
    const people = new Map<string, string>();

    beforeAll(async () => {
      const created = await study();
      opportunityId = created.study.id;
      customer = created.customer;
      for (const { zone, offset } of zones) {
        const person = await worker(created, zone);
        people.set(zone, person.participantId);
        for (let day = 1; day <= 6; day++) {
          const entry = await person.track(
            `2026-03-0${day}T23:00:00${offset}`,
            `2026-03-0${day + 1}T01:00:00${offset}`,
          );
          expect(entry.days).toEqual([
            { date: `2026-03-0${day}`, seconds: 3600 },
            { date: `2026-03-0${day + 1}`, seconds: 3600 },
          ]);
        }
      }
    });

    const datesByZone = (data: Row[]) => {
      const byZone: Record<string, string[]> = {};
      for (const row of data) {
        byZone[row.timezone] = [...(byZone[row.timezone] ?? []), `${row.date} ${row.seconds}`];
      }
      return byZone;
    };

    it('counts the local day that opened inside the window, in each person’s zone', async () => {
      // [03-01T00:00Z, 03-02T00:00Z): one local day per person, but not the same date for all.
      const response = await hours(customer, opportunityId, '2026-03-01', '2026-03-02');
      expect(response.status).toBe(200);
      expect(datesByZone(response.body.data)).toEqual({
        'America/New_York': ['2026-03-01 3600'], // opens 03-01T05:00Z
        'Asia/Kolkata': ['2026-03-02 7200'], // opens 03-01T18:30Z; its 03-01 opened 02-28T18:30Z
        'Asia/Kathmandu': ['2026-03-02 7200'], // opens 03-01T18:15Z
        'Pacific/Kiritimati': ['2026-03-02 7200'], // opens 03-01T10:00Z, across the date line
        'Pacific/Pago_Pago': ['2026-03-01 3600'], // opens 03-01T11:00Z
      });
      expect(response.body.total_seconds).toBe(3600 * 2 + 7200 * 3);
      expect(response.body.total_hours).toBe(8);
    });

    it('gives a day opening exactly at `to` to the next window, and one opening at `from` to this one', async () => {
      // Kolkata's 03-04 opens at 03-03T18:30:00Z.
      const before = await hours(customer, opportunityId, '2026-03-03', '2026-03-03T18:30:00Z');
      const after = await hours(customer, opportunityId, '2026-03-03T18:30:00Z', '2026-03-04');
      const kolkata = (data: Row[]) =>
        data.filter((row) => row.timezone === 'Asia/Kolkata').map((row) => row.date);
      expect(kolkata(before.body.data)).toEqual([]);
      expect(kolkata(after.body.data)).toEqual(['2026-03-04']);
      // Kathmandu's 03-04 opened 15 minutes earlier, inside the first window.
      expect(datesByZone(before.body.data)['Asia/Kathmandu']).toEqual(['2026-03-04 7200']);
      expect(datesByZone(after.body.data)['Asia/Kathmandu']).toBeUndefined();
    });

    it('partitions the days exactly over consecutive windows (none twice, none lost)', async () => {
      const cuts = [
        '2026-02-25',
        '2026-03-01T10:00:00Z', // Kiritimati's 03-02 opens here
        '2026-03-02T05:00:00Z', // New York's 03-02
        '2026-03-03T18:30:00Z', // Kolkata's 03-04
        '2026-03-04T07:13:59.500Z',
        '2026-03-05T11:00:00Z', // Pago Pago's 03-05
        '2026-03-06T18:15:00Z', // Kathmandu's 03-07
        '2026-03-12',
      ];
      const seen = new Map<string, number>();
      let total = 0;
      for (let i = 0; i + 1 < cuts.length; i++) {
        const response = await hours(customer, opportunityId, cuts[i]!, cuts[i + 1]!);
        expect(response.status).toBe(200);
        for (const row of response.body.data as Row[]) {
          const key = `${row.participant_id} ${row.date}`;
          expect(seen.has(key), `${key} counted twice`).toBe(false);
          seen.set(key, row.seconds);
        }
        total += response.body.total_seconds;
      }
      const whole = await hours(customer, opportunityId, cuts[0]!, cuts.at(-1)!);
      expect(whole.body.data).toHaveLength(5 * 7);
      expect(
        new Map(
          whole.body.data.map((row: Row) => [`${row.participant_id} ${row.date}`, row.seconds]),
        ),
      ).toEqual(seen);
      expect(total).toBe(5 * 6 * 7200);
      expect(whole.body.total_seconds).toBe(5 * 6 * 7200);
      expect(whole.body.total_hours).toBe(60);
      for (const id of people.values()) {
        expect(
          whole.body.data
            .filter((row: Row) => row.participant_id === id)
            .map((row: Row) => row.date),
        ).toEqual([
          '2026-03-01',
          '2026-03-02',
          '2026-03-03',
          '2026-03-04',
          '2026-03-05',
          '2026-03-06',
          '2026-03-07',
        ]);
      }
    });
  });

  it('reports only time on this opportunity, in the zone each day was tracked in', async () => {
    const first = await study();
    const second = await hoursStudy(server);
    const person = await worker(first, 'Asia/Kathmandu');
    const elsewhere = await startWorker(server, clock, second, {
      timezone: 'Asia/Kathmandu',
      startedAt: WORK_STARTED,
      as: person,
    });
    await person.track('2026-03-10T04:00:00Z', '2026-03-10T05:00:00Z');
    await elsewhere.track('2026-03-10T06:00:00Z', '2026-03-10T08:00:00Z');
    const moved = await person.api.patch('/v2/participant/me', { timezone: 'Europe/Paris' });
    expect(moved.status, moved.text).toBe(200);
    await person.track('2026-03-11T10:00:00Z', '2026-03-11T10:30:00Z');

    const response = await hours(first.customer, first.study.id, '2026-03-01', '2026-04-01');
    expect(response.body.data.map((row: Row) => [row.date, row.timezone, row.seconds])).toEqual([
      ['2026-03-10', 'Asia/Kathmandu', 3600],
      ['2026-03-11', 'Europe/Paris', 1800],
    ]);
    const onSecond = await hours(second.customer, second.study.id, '2026-03-01', '2026-04-01');
    expect(onSecond.body.data.map((row: Row) => [row.submission_id, row.seconds])).toEqual([
      [elsewhere.submissionId, 7200],
    ]);
  });

  it('shows the current day partial, growing as entries arrive, with last_updated_at', async () => {
    const work = await study();
    const { customer } = work;
    const opportunity = work.study;
    clock.now = Date.parse('2026-04-02T09:00:00Z');
    const empty = await hours(customer, opportunity.id, '2026-04-01', '2026-04-03');
    expect(empty.body).toEqual({
      last_updated_at: '2026-04-02T09:00:00.000Z',
      total_seconds: 0,
      total_hours: 0,
      data: [],
    });
    const person = await worker(work, 'Europe/Lisbon');
    await person.track('2026-04-02T08:00:00Z', '2026-04-02T08:45:00Z');
    const morning = await hours(customer, opportunity.id, '2026-04-01', '2026-04-03');
    expect(morning.body).toMatchObject({
      last_updated_at: '2026-04-02T09:00:00.000Z',
      total_seconds: 2700,
      total_hours: 0.75,
      data: [{ date: '2026-04-02', seconds: 2700, hours: 0.75 }],
    });
    clock.now = Date.parse('2026-04-02T15:00:18Z');
    await person.track('2026-04-02T14:00:00Z', '2026-04-02T15:00:18Z');
    clock.now = Date.parse('2026-04-02T16:00:00Z');
    const afternoon = await hours(customer, opportunity.id, '2026-04-01', '2026-04-03');
    expect(afternoon.body).toMatchObject({
      last_updated_at: '2026-04-02T15:00:18.000Z',
      total_seconds: 6318,
      total_hours: 1.76,
      data: [{ date: '2026-04-02', seconds: 6318, hours: 1.76 }],
    });
    clock.now = Date.parse('2026-06-01T00:00:00Z');
  });

  it('requires from and to, listing every problem with them in one 400', async () => {
    const { study: opportunity, customer } = await study();
    const path = `/v2/opportunities/${opportunity.id}/hours`;
    const cases: [string, (string | RegExp)[]][] = [
      ['', [/^from is required: /, /^to is required: /]],
      ['?from=2026-03-01', [/^to is required: /]],
      ['?to=2026-03-01', [/^from is required: /]],
      [
        '?from=yesterday&to=2026-02-30',
        [
          /^from "yesterday" is not an ISO 8601 timestamp/,
          /^to "2026-02-30" is not a calendar date$/,
        ],
      ],
      ['?from=2026-03-01T00:00:00&to=2026-03-02', [/^from "2026-03-01T00:00:00" has no time zone/]],
      [
        '?from=2026-03-01T00:00:00+05:30&to=2026-03-02',
        [/a "\+" in a query string must be sent as %2B$/],
      ],
      ['?from=2026-03-02&to=2026-03-01', ['to must be after from (to is exclusive)']],
      ['?from=2026-03-02&to=2026-03-02', ['to must be after from (to is exclusive)']],
      [
        '?from=2026-01-01&to=2026-04-03T00:00:00.001Z',
        ['to must be at most 92 days after from (latest allowed: 2026-04-03T00:00:00.000Z)'],
      ],
    ];
    for (const [query, expected] of cases) {
      const response = await customer.get(`${path}${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body, query).toEqual({
        code: 'BAD_REQUEST',
        message: 'The hours window is invalid',
        issues: expected.map((message) =>
          typeof message === 'string' ? { message } : { message: expect.stringMatching(message) },
        ),
      });
    }
    const twice = await customer.get(`${path}?from=2026-03-01&from=2026-03-02&to=2026-03-05`);
    expect(twice.status).toBe(400);
    // Exactly 92 days is allowed.
    expect((await customer.get(`${path}?from=2026-01-01&to=2026-04-03`)).status).toBe(200);
  });

  it("answers another organization's opportunity, or an unknown one, with 404", async () => {
    const owner = await study();
    const person = await worker(owner, 'Asia/Kolkata');
    await person.track('2026-03-02T10:00:00Z', '2026-03-02T11:00:00Z');
    const stranger = await study();
    for (const id of [owner.study.id, 'opp_doesnotexist']) {
      const response = await hours(stranger.customer, id, '2026-03-01', '2026-03-31');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        code: 'NOT_FOUND',
        message: `Opportunity ${id} not found`,
        issues: [{ message: `No opportunity with id ${id} exists in this organization` }],
      });
    }
    // A viewer key reads; a participant token is refused.
    const viewer = await createTestKey(server, owner.organizationId, 'viewer');
    const read = await hours(
      client(server, viewer.apiKey),
      owner.study.id,
      '2026-03-01',
      '2026-03-31',
    );
    expect(read.status).toBe(200);
    expect(read.body.total_seconds).toBe(3600);
    const asParticipant = await hours(person.api, owner.study.id, '2026-03-01', '2026-03-31');
    expect(asParticipant.status).toBe(401);
  });
});
