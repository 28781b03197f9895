import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AWKWARD_ZONES,
  CONTRACT_TEST_ZONES,
  INTERESTING_INSTANTS,
} from '../../test/hours/zones.ts';
import { addDays, DAY_MS } from '../platform/time/calendar-date.ts';
import { localDateOf, localDayExists, localDayOpensAt } from '../platform/time/time-zone.ts';
import {
  candidateDatesForWindow,
  localDaysOpeningInWindow,
  MAX_WINDOW_DAYS,
  parseHoursWindow,
} from './window.ts';

const at = (iso: string) => Date.parse(iso);
const messages = (reading: ReturnType<typeof parseHoursWindow>) =>
  reading.ok ? [] : reading.issues.map((issue) => issue.message);

describe('parseHoursWindow', () => {
  it('reads bare dates as midnight UTC', () => {
    expect(parseHoursWindow('2026-03-01', '2026-03-08')).toEqual({
      ok: true,
      fromMs: at('2026-03-01T00:00:00Z'),
      toMs: at('2026-03-08T00:00:00Z'),
    });
  });

  it('reads timestamps in UTC or with an offset', () => {
    const reading = parseHoursWindow('2026-03-01T00:00:00+05:30', '2026-03-01T12:30:15.123456Z');
    expect(reading).toEqual({
      ok: true,
      fromMs: at('2026-02-28T18:30:00Z'),
      toMs: at('2026-03-01T12:30:15.123Z'),
    });
    expect(parseHoursWindow('2026-03-01T00:00-0345', '2026-03-02t00:00z')).toMatchObject({
      ok: true,
      fromMs: at('2026-03-01T03:45:00Z'),
    });
  });

  it('requires both parameters and lists both when missing', () => {
    const found = messages(parseHoursWindow(undefined, ''));
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^from is required/);
    expect(found[1]).toMatch(/^to is required/);
  });

  it('lists every malformed parameter', () => {
    const found = messages(parseHoursWindow('2026-02-30', 'yesterday'));
    expect(found).toEqual([
      'from "2026-02-30" is not a calendar date',
      expect.stringMatching(/^to "yesterday" is not an ISO 8601 timestamp/),
    ]);
  });

  it('refuses date-times that do not say their zone', () => {
    expect(messages(parseHoursWindow('2026-03-01T00:00:00', '2026-03-02'))).toEqual([
      'from "2026-03-01T00:00:00" has no time zone: end it with Z for UTC or an offset such as +05:30',
    ]);
  });

  it('explains a + sign lost to query-string decoding', () => {
    expect(messages(parseHoursWindow('2026-03-01T00:00:00 05:30', '2026-03-02'))[0]).toMatch(/%2B/);
  });

  it('refuses impossible times, offsets and repeated parameters', () => {
    expect(messages(parseHoursWindow('2026-03-01T24:00:00Z', '2026-03-02'))[0]).toMatch(
      /not a time of day/,
    );
    expect(messages(parseHoursWindow('2026-03-01T10:00:60Z', '2026-03-02'))[0]).toMatch(
      /not a time of day/,
    );
    expect(messages(parseHoursWindow('2026-03-01T10:00:00+05:60', '2026-03-02'))[0]).toMatch(
      /offset/,
    );
    expect(messages(parseHoursWindow(['2026-03-01', '2026-03-02'], '2026-03-03'))).toEqual([
      'from must be given once',
    ]);
    expect(messages(parseHoursWindow('1899-12-31', '1900-01-02'))[0]).toMatch(/between 1900/);
    expect(messages(parseHoursWindow('20260301T000000Z', '2026-03-02'))).toHaveLength(1);
  });

  it('requires to after from', () => {
    expect(messages(parseHoursWindow('2026-03-01', '2026-03-01'))).toEqual([
      'to must be after from (to is exclusive)',
    ]);
    expect(messages(parseHoursWindow('2026-03-02', '2026-03-01'))).toHaveLength(1);
  });

  it('allows exactly 92 days and nothing more', () => {
    expect(parseHoursWindow('2026-01-01', '2026-04-03').ok).toBe(true);
    expect(MAX_WINDOW_DAYS).toBe(92);
    expect(messages(parseHoursWindow('2026-01-01', '2026-04-03T00:00:00.001Z'))).toEqual([
      'to must be at most 92 days after from (latest allowed: 2026-04-03T00:00:00.000Z)',
    ]);
    // 92 days of elapsed time, whatever daylight saving does to local clocks.
    expect(parseHoursWindow('2026-03-01T00:00:00-05:00', '2026-06-01T00:00:00-05:00').ok).toBe(
      true,
    );
  });
});

describe('localDaysOpeningInWindow', () => {
  const from = at('2026-03-01T00:00:00Z');
  const to = at('2026-03-08T00:00:00Z');
  const week = (first: string) => Array.from({ length: 7 }, (_, i) => addDays(first, i));

  it('gives zones east of UTC the days that open after from, up to the one opening before to', () => {
    // 2026-03-01 opened at 2026-02-28T18:30Z in Kolkata, before the window.
    expect(localDaysOpeningInWindow(from, to, 'Asia/Kolkata')).toEqual(week('2026-03-02'));
    expect(localDaysOpeningInWindow(from, to, 'Asia/Kathmandu')).toEqual(week('2026-03-02'));
    expect(localDaysOpeningInWindow(from, to, 'Pacific/Kiritimati')).toEqual(week('2026-03-02'));
  });

  it('gives zones west of UTC the days of the same dates', () => {
    expect(localDaysOpeningInWindow(from, to, 'America/New_York')).toEqual(week('2026-03-01'));
    expect(localDaysOpeningInWindow(from, to, 'Pacific/Pago_Pago')).toEqual(week('2026-03-01'));
  });

  it('puts a day opening exactly at to in the next window', () => {
    const kolkataMarch2 = at('2026-03-01T18:30:00Z');
    expect(localDaysOpeningInWindow(from, kolkataMarch2, 'Asia/Kolkata')).toEqual([]);
    expect(localDaysOpeningInWindow(kolkataMarch2, to, 'Asia/Kolkata')[0]).toBe('2026-03-02');
  });

  it('never lists a date the zone skipped', () => {
    const days = localDaysOpeningInWindow(
      at('1994-12-29T00:00:00Z'),
      at('1995-01-03T00:00:00Z'),
      'Pacific/Kiritimati',
    );
    // -10:00 before the jump (days open at 10:00Z), +14:00 after (days open the day before).
    expect(days).toEqual(['1994-12-29', '1994-12-30', '1995-01-01', '1995-01-02', '1995-01-03']);
  });

  it('counts a 23-hour day once', () => {
    const days = localDaysOpeningInWindow(
      at('2026-03-08T05:00:00Z'),
      at('2026-03-09T04:00:00Z'),
      'America/New_York',
    );
    expect(days).toEqual(['2026-03-08']);
  });

  const ZONES = [...CONTRACT_TEST_ZONES, ...AWKWARD_ZONES];
  const zone = fc.constantFrom(...ZONES);
  const instant = fc.oneof(
    fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2040, 0, 1) }),
    fc
      .tuple(
        fc.constantFrom(...INTERESTING_INSTANTS),
        fc.integer({ min: -4 * DAY_MS, max: 4 * DAY_MS }),
      )
      .map(([base, jitter]) => base + jitter),
  );
  /** A boundary that is often exactly some zone's day opening, the case most easily got wrong. */
  const boundaryAfter = (start: number) =>
    fc.oneof(
      fc.integer({ min: 1, max: 20 * DAY_MS }).map((length) => start + length),
      fc
        .tuple(fc.integer({ min: 0, max: 20 }), zone)
        .map(([days, z]) => localDayOpensAt(addDays(localDateOf(start, z), days + 1), z)),
    );
  const windows = instant.chain((a) =>
    boundaryAfter(a).chain((b) => boundaryAfter(b).map((c) => [a, b, c] as const)),
  );

  it('partitions days exactly between consecutive windows [a, b) and [b, c)', () => {
    fc.assert(
      fc.property(windows, zone, ([a, b, c], z) => {
        const first = localDaysOpeningInWindow(a, b, z);
        const second = localDaysOpeningInWindow(b, c, z);
        const whole = localDaysOpeningInWindow(a, c, z);
        expect([...first, ...second]).toEqual(whole);
        expect(new Set(whole).size).toBe(whole.length);
      }),
    );
  });

  it('lists exactly the existing dates whose opening instant is inside the window', () => {
    fc.assert(
      fc.property(windows, zone, ([a, , c], z) => {
        const listed = localDaysOpeningInWindow(a, c, z);
        const listedSet = new Set(listed);
        // Every date near the window, listed or not, is checked against the definition.
        const first = addDays(localDateOf(a, z), -2);
        const last = addDays(localDateOf(c, z), 2);
        for (let date = first; date <= last; date = addDays(date, 1)) {
          const opening = localDayOpensAt(date, z);
          const counts = opening >= a && opening < c && localDayExists(date, z);
          expect(listedSet.has(date), `${z} ${date}`).toBe(counts);
        }
        expect([...listed].sort()).toEqual(listed);
      }),
    );
  });

  it('asks the store for a date range holding every candidate', () => {
    fc.assert(
      fc.property(windows, zone, ([a, , c], z) => {
        const { firstDate, lastDate } = candidateDatesForWindow(a, c);
        for (const date of localDaysOpeningInWindow(a, c, z)) {
          expect(date >= firstDate && date <= lastDate).toBe(true);
        }
      }),
    );
  });
});
