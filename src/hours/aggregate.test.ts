import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateHoursRows, type StoredDayHours, secondsToHours } from './aggregate.ts';
import { splitIntervalByLocalDay } from './split.ts';
import { parseHoursWindow } from './window.ts';

const kolkata = {
  participantId: 'par_a',
  submissionId: 'sub_a',
  email: 'a@example.org',
  timezone: 'Asia/Kolkata',
};
const newYork = {
  participantId: 'par_b',
  submissionId: 'sub_b',
  email: 'b@example.org',
  timezone: 'America/New_York',
};

describe('secondsToHours', () => {
  it('rounds to hundredths of an hour, half up', () => {
    expect(secondsToHours(3600)).toBe(1);
    expect(secondsToHours(5400)).toBe(1.5);
    expect(secondsToHours(17)).toBe(0);
    expect(secondsToHours(18)).toBe(0.01);
    expect(secondsToHours(3600 + 18)).toBe(1.01);
    expect(secondsToHours(7 * 3600 + 59 * 60 + 59)).toBe(8);
  });

  it('is never more than 18 seconds from the exact figure and has at most two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (seconds) => {
        const hours = secondsToHours(seconds);
        expect(Math.abs(hours * 3600 - seconds)).toBeLessThanOrEqual(18 + 1e-6);
        expect(Number(hours.toFixed(2))).toBe(hours);
      }),
    );
  });
});

describe('aggregateHoursRows', () => {
  const window = parseHoursWindow('2026-03-01', '2026-03-08');
  if (!window.ok) throw new Error('window');

  const rows: StoredDayHours[] = [
    // Kolkata's 2026-03-01 opened before the window; its 2026-03-08 opened inside it.
    { ...kolkata, date: '2026-03-01', seconds: 3600, updatedAt: '2026-03-01T10:00:00Z' },
    { ...kolkata, date: '2026-03-08', seconds: 5400, updatedAt: '2026-03-07T20:00:00Z' },
    { ...kolkata, date: '2026-03-02', seconds: 1000 },
    { ...kolkata, date: '2026-03-02', seconds: 800 },
    // New York's 2026-03-08 opens at 05:00Z, after the window.
    { ...newYork, date: '2026-03-01', seconds: 7200, updatedAt: 1_772_400_000_000 },
    { ...newYork, date: '2026-03-08', seconds: 60 },
    { ...newYork, date: '2026-03-03', seconds: 0 },
  ];

  it("keeps each person's days that opened in the window, merged to one row per person and date", () => {
    const report = aggregateHoursRows({ rows, window, asOf: '2026-03-08T01:00:00Z' });
    expect(report.data).toEqual([
      {
        participant_id: 'par_a',
        submission_id: 'sub_a',
        email: 'a@example.org',
        date: '2026-03-02',
        timezone: 'Asia/Kolkata',
        seconds: 1800,
        hours: 0.5,
      },
      {
        participant_id: 'par_a',
        submission_id: 'sub_a',
        email: 'a@example.org',
        date: '2026-03-08',
        timezone: 'Asia/Kolkata',
        seconds: 5400,
        hours: 1.5,
      },
      {
        participant_id: 'par_b',
        submission_id: 'sub_b',
        email: 'b@example.org',
        date: '2026-03-01',
        timezone: 'America/New_York',
        seconds: 7200,
        hours: 2,
      },
    ]);
    expect(report.total_seconds).toBe(14_400);
    expect(report.total_hours).toBe(4);
    expect(report.last_updated_at).toBe('2026-03-07T20:00:00.000Z');
  });

  it('says when an empty report was true', () => {
    expect(aggregateHoursRows({ rows: [], window, asOf: 1_772_931_600_000 })).toEqual({
      last_updated_at: '2026-03-08T01:00:00.000Z',
      total_seconds: 0,
      total_hours: 0,
      data: [],
    });
  });

  it('derives total hours from the exact total, not from rounded rows', () => {
    const report = aggregateHoursRows({
      rows: [
        { ...kolkata, date: '2026-03-02', seconds: 17 },
        { ...kolkata, date: '2026-03-03', seconds: 17 },
      ],
      asOf: 0,
    });
    expect(report.data.map((row) => row.hours)).toEqual([0, 0]);
    expect(report.total_seconds).toBe(34);
    expect(report.total_hours).toBe(0.01);
  });

  it('totals are the exact sum of row seconds, whatever the input order', () => {
    const row = fc.record({
      participantId: fc.constantFrom('par_a', 'par_b', 'par_c'),
      submissionId: fc.constantFrom('sub_1', 'sub_2'),
      email: fc.constant('x@example.org'),
      timezone: fc.constantFrom('Asia/Kathmandu', 'Pacific/Pago_Pago', 'Australia/Lord_Howe'),
      date: fc.constantFrom('2026-02-28', '2026-03-01', '2026-03-05', '2026-03-08', '2026-03-09'),
      seconds: fc.integer({ min: 0, max: 86_400 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (input) => {
        const report = aggregateHoursRows({ rows: input, window, asOf: 0 });
        const reversed = aggregateHoursRows({ rows: [...input].reverse(), window, asOf: 0 });
        expect(report.total_seconds).toBe(report.data.reduce((sum, r) => sum + r.seconds, 0));
        expect(report.total_hours).toBe(secondsToHours(report.total_seconds));
        expect(reversed.total_seconds).toBe(report.total_seconds);
        const keys = report.data.map((r) => `${r.participant_id} ${r.submission_id} ${r.date}`);
        expect(new Set(keys).size).toBe(keys.length);
        expect([...keys].sort()).toEqual(keys);
      }),
    );
  });
});

describe('the worked example of docs/hours.md', () => {
  const asha = { ...kolkata, email: 'asha@example.org' };
  const ben = { ...newYork, email: 'ben@example.org' };
  const entries = [
    [asha, '2026-03-01T17:30:00Z', '2026-03-01T20:00:00Z'],
    [asha, '2026-03-08T04:30:00Z', '2026-03-08T06:30:00Z'],
    [ben, '2026-03-01T03:00:00Z', '2026-03-01T06:00:00Z'],
    [ben, '2026-03-08T03:00:00Z', '2026-03-08T07:30:00Z'],
  ] as const;
  const rows = entries.flatMap(([person, start, end]) =>
    splitIntervalByLocalDay(Date.parse(start), Date.parse(end), person.timezone).map((part) => ({
      ...person,
      ...part,
    })),
  );
  const report = (from: string, to: string) => {
    const window = parseHoursWindow(from, to);
    if (!window.ok) throw new Error(JSON.stringify(window.issues));
    return aggregateHoursRows({ rows, window, asOf: '2026-03-08T07:30:00Z' });
  };
  const summary = (r: ReturnType<typeof report>) =>
    r.data.map((row) => `${row.email} ${row.date} ${row.seconds}`);

  it('counts Asha 03-02 and 03-08, Ben 03-01 and 03-07', () => {
    const r = report('2026-03-01', '2026-03-08');
    expect(summary(r)).toEqual([
      'asha@example.org 2026-03-02 5400',
      'asha@example.org 2026-03-08 7200',
      'ben@example.org 2026-03-01 3600',
      'ben@example.org 2026-03-07 7200',
    ]);
    expect([r.total_seconds, r.total_hours]).toEqual([23_400, 6.5]);
  });

  it("puts Ben's 2026-03-08 in the next window", () => {
    expect(summary(report('2026-03-08', '2026-03-15'))).toEqual([
      'ben@example.org 2026-03-08 9000',
    ]);
  });

  it("gives Asha's own March 1 to 7 for a window in her offset", () => {
    const r = report('2026-03-01T00:00:00+05:30', '2026-03-08T00:00:00+05:30');
    expect(summary(r).filter((line) => line.startsWith('asha'))).toEqual([
      'asha@example.org 2026-03-01 3600',
      'asha@example.org 2026-03-02 5400',
    ]);
  });
});
