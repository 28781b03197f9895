import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AWKWARD_ZONES,
  CONTRACT_TEST_ZONES,
  INTERESTING_INSTANTS,
} from '../../test/hours/zones.ts';
import { addDays } from '../platform/time/calendar-date.ts';
import { localDayOpensAt } from '../platform/time/time-zone.ts';
import { countedSeconds, splitIntervalByLocalDay } from './split.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('splitIntervalByLocalDay', () => {
  it('keeps an entry inside one local day whole', () => {
    expect(
      splitIntervalByLocalDay(
        at('2026-03-02T04:00:00Z'),
        at('2026-03-02T06:00:00Z'),
        'Asia/Kolkata',
      ),
    ).toEqual([{ date: '2026-03-02', seconds: 7200 }]);
  });

  it('shares an entry crossing local midnight between the two days', () => {
    // 23:00 to 01:30 in Kolkata (+05:30).
    expect(
      splitIntervalByLocalDay(
        at('2026-03-01T17:30:00Z'),
        at('2026-03-01T20:00:00Z'),
        'Asia/Kolkata',
      ),
    ).toEqual([
      { date: '2026-03-01', seconds: 3600 },
      { date: '2026-03-02', seconds: 5400 },
    ]);
    // Kathmandu's midnight is at 18:15Z.
    expect(
      splitIntervalByLocalDay(
        at('2026-03-01T18:00:00Z'),
        at('2026-03-01T18:30:00Z'),
        'Asia/Kathmandu',
      ),
    ).toEqual([
      { date: '2026-03-01', seconds: 900 },
      { date: '2026-03-02', seconds: 900 },
    ]);
  });

  it('puts the same UTC hour on different dates on either side of the date line', () => {
    const start = at('2026-03-01T09:00:00Z');
    const end = at('2026-03-01T11:00:00Z');
    expect(splitIntervalByLocalDay(start, end, 'Pacific/Kiritimati')).toEqual([
      { date: '2026-03-01', seconds: 3600 },
      { date: '2026-03-02', seconds: 3600 },
    ]);
    expect(splitIntervalByLocalDay(start, end, 'Pacific/Pago_Pago')).toEqual([
      { date: '2026-02-28', seconds: 7200 },
    ]);
  });

  it('gives New York a 23-hour and a 25-hour day', () => {
    expect(
      splitIntervalByLocalDay(
        at('2026-03-07T12:00:00Z'),
        at('2026-03-09T12:00:00Z'),
        'America/New_York',
      ),
    ).toEqual([
      { date: '2026-03-07', seconds: 17 * 3600 },
      { date: '2026-03-08', seconds: 23 * 3600 },
      { date: '2026-03-09', seconds: 8 * 3600 },
    ]);
    expect(
      splitIntervalByLocalDay(
        at('2026-11-01T04:00:00Z'),
        at('2026-11-02T05:00:00Z'),
        'America/New_York',
      ),
    ).toEqual([{ date: '2026-11-01', seconds: 25 * 3600 }]);
  });

  it('gives Lord Howe a 24.5-hour and a 23.5-hour day', () => {
    expect(
      splitIntervalByLocalDay(
        at('2026-04-04T13:00:00Z'),
        at('2026-04-05T13:30:00Z'),
        'Australia/Lord_Howe',
      ),
    ).toEqual([{ date: '2026-04-05', seconds: 24.5 * 3600 }]);
    expect(
      splitIntervalByLocalDay(
        at('2026-10-03T13:30:00Z'),
        at('2026-10-04T14:00:00Z'),
        'Australia/Lord_Howe',
      ),
    ).toEqual([
      { date: '2026-10-04', seconds: 23.5 * 3600 },
      { date: '2026-10-05', seconds: 3600 },
    ]);
  });

  it('adds up the two visits of a date that comes back', () => {
    // Goose_Bay 2008-11-02: 00:00-00:01 daylight time, then 23:01 on the 1st again.
    expect(
      splitIntervalByLocalDay(
        at('2008-11-02T02:30:00Z'),
        at('2008-11-02T04:30:00Z'),
        'America/Goose_Bay',
      ),
    ).toEqual([
      { date: '2008-11-01', seconds: 30 * 60 + 59 * 60 },
      { date: '2008-11-02', seconds: 60 + 30 * 60 },
    ]);
  });

  it('counts whole seconds by truncating both ends', () => {
    const start = at('2026-03-02T04:00:00.900Z');
    const end = at('2026-03-02T04:00:02.100Z');
    expect(splitIntervalByLocalDay(start, end, 'UTC')).toEqual([
      { date: '2026-03-02', seconds: 2 },
    ]);
    expect(splitIntervalByLocalDay(start, start + 50, 'UTC')).toEqual([]);
    expect(countedSeconds(start, end)).toBe(2);
  });

  const zone = fc.constantFrom(...CONTRACT_TEST_ZONES, ...AWKWARD_ZONES);
  const interval = fc
    .tuple(
      fc.oneof(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc
          .tuple(
            fc.constantFrom(...INTERESTING_INSTANTS),
            fc.integer({ min: -2 * 24 * HOUR, max: 2 * 24 * HOUR }),
          )
          .map(([base, jitter]) => base + jitter),
      ),
      fc.integer({ min: 0, max: 5 * 24 * HOUR }),
    )
    .map(([start, length]) => [start, start + length] as const);

  it('pieces add up to the interval length', () => {
    fc.assert(
      fc.property(interval, zone, ([start, end], z) => {
        const pieces = splitIntervalByLocalDay(start, end, z);
        const total = pieces.reduce((sum, piece) => sum + piece.seconds, 0);
        expect(total).toBe(countedSeconds(start, end));
        expect(new Set(pieces.map((p) => p.date)).size).toBe(pieces.length);
        for (const piece of pieces)
          expect(Number.isInteger(piece.seconds) && piece.seconds > 0).toBe(true);
      }),
    );
  });

  it("gives each date exactly the entry's overlap with that day, from opening to next opening", () => {
    const monotone = fc.constantFrom(
      ...CONTRACT_TEST_ZONES,
      ...AWKWARD_ZONES.filter((z) => z !== 'America/Goose_Bay'),
    );
    fc.assert(
      fc.property(interval, monotone, ([start, end], z) => {
        for (const { date, seconds } of splitIntervalByLocalDay(start, end, z)) {
          const opens = localDayOpensAt(date, z);
          const closes = localDayOpensAt(addDays(date, 1), z);
          expect(seconds).toBe(countedSeconds(Math.max(start, opens), Math.min(end, closes)));
        }
      }),
    );
  });
});
