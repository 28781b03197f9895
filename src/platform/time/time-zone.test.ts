import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AWKWARD_ZONES,
  CONTRACT_TEST_ZONES,
  INTERESTING_INSTANTS,
} from '../../../test/hours/zones.ts';
import { addDays } from './calendar-date.ts';
import {
  isValidTimeZone,
  localDateOf,
  localDayExists,
  localDayOpensAt,
  localDayPieces,
  offsetAt,
} from './time-zone.ts';

const at = (iso: string) => Date.parse(iso);
const opens = (date: string, zone: string) => new Date(localDayOpensAt(date, zone)).toISOString();
const HOUR = 3_600_000;

/** Zones where the local date never goes backwards (all but Goose_Bay's midnight fall-back). */
const MONOTONE_ZONES = [...CONTRACT_TEST_ZONES, ...AWKWARD_ZONES].filter(
  (zone) => zone !== 'America/Goose_Bay',
);
const ALL_ZONES = [...CONTRACT_TEST_ZONES, ...AWKWARD_ZONES];

const instant = fc.oneof(
  fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2040, 0, 1) }),
  fc
    .tuple(
      fc.constantFrom(...INTERESTING_INSTANTS),
      fc.integer({ min: -3 * 24 * HOUR, max: 3 * 24 * HOUR }),
    )
    .map(([base, jitter]) => base + jitter),
);

describe('isValidTimeZone', () => {
  it('accepts IANA names and their aliases', () => {
    for (const zone of [...ALL_ZONES, 'UTC', 'Etc/GMT+5', 'Asia/Calcutta', 'US/Eastern']) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses unknown names, offsets and non-strings', () => {
    for (const zone of ['', 'Mars/Olympus_Mons', '+05:30', '-03:00', 'EST5EDT!', 42, null, {}]) {
      expect(isValidTimeZone(zone), String(zone)).toBe(false);
    }
  });
});

describe('localDateOf and offsetAt', () => {
  it('reads the date on the wall in each zone', () => {
    const instant = at('2026-02-28T18:29:59Z');
    expect(localDateOf(instant, 'Asia/Kolkata')).toBe('2026-02-28');
    expect(localDateOf(instant + 1000, 'Asia/Kolkata')).toBe('2026-03-01');
    expect(localDateOf(at('2026-02-28T18:15:00Z'), 'Asia/Kathmandu')).toBe('2026-03-01');
    expect(localDateOf(at('2026-02-28T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-03-01');
    expect(localDateOf(at('2026-03-01T10:59:59Z'), 'Pacific/Pago_Pago')).toBe('2026-02-28');
  });

  it('knows odd offsets, including seconds of local mean time', () => {
    expect(offsetAt(at('2026-03-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(5.75 * HOUR);
    expect(offsetAt(at('2026-03-01T00:00:00Z'), 'Pacific/Kiritimati')).toBe(14 * HOUR);
    expect(offsetAt(at('2026-03-01T00:00:00Z'), 'Pacific/Pago_Pago')).toBe(-11 * HOUR);
    expect(offsetAt(at('2026-01-01T00:00:00Z'), 'Australia/Lord_Howe')).toBe(11 * HOUR);
    expect(offsetAt(at('2026-07-01T00:00:00Z'), 'Australia/Lord_Howe')).toBe(10.5 * HOUR);
    // Before 1941 Kolkata's clocks ran on other offsets; 1880 is Madras mean time, +05:21:10.
    expect(offsetAt(at('1880-01-01T00:00:00Z'), 'Asia/Kolkata')).toBe(
      (5 * 3600 + 21 * 60 + 10) * 1000,
    );
  });
});

describe('localDayOpensAt', () => {
  it('is local midnight on ordinary days', () => {
    expect(opens('2026-03-01', 'Asia/Kolkata')).toBe('2026-02-28T18:30:00.000Z');
    expect(opens('2026-03-01', 'Asia/Kathmandu')).toBe('2026-02-28T18:15:00.000Z');
    expect(opens('2026-03-01', 'Pacific/Kiritimati')).toBe('2026-02-28T10:00:00.000Z');
    expect(opens('2026-03-01', 'Pacific/Pago_Pago')).toBe('2026-03-01T11:00:00.000Z');
    expect(opens('2026-03-01', 'America/New_York')).toBe('2026-03-01T05:00:00.000Z');
  });

  it('follows New York across daylight saving both ways', () => {
    // Spring forward at 02:00: the day still opens at midnight EST and lasts 23 hours.
    expect(opens('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(opens('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    // Fall back: midnight EDT, 25 hours.
    expect(opens('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(opens('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
  });

  it('follows Lord Howe half-hour daylight saving', () => {
    expect(opens('2026-04-05', 'Australia/Lord_Howe')).toBe('2026-04-04T13:00:00.000Z');
    expect(opens('2026-04-06', 'Australia/Lord_Howe')).toBe('2026-04-05T13:30:00.000Z');
    expect(opens('2026-10-04', 'Australia/Lord_Howe')).toBe('2026-10-03T13:30:00.000Z');
    expect(opens('2026-10-05', 'Australia/Lord_Howe')).toBe('2026-10-04T13:00:00.000Z');
  });

  it('opens at the first existing instant when a transition skips midnight', () => {
    // Santiago enters daylight saving at 24:00: 2026-09-06 begins at 01:00 local (04:00Z).
    expect(opens('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(localDateOf(at('2026-09-06T03:59:59.999Z'), 'America/Santiago')).toBe('2026-09-05');
    expect(opens('2026-03-08', 'America/Havana')).toBe('2026-03-08T05:00:00.000Z');
    // Kathmandu moved from +05:30 to +05:45 at midnight on 1986-01-01.
    expect(opens('1986-01-01', 'Asia/Kathmandu')).toBe('1985-12-31T18:30:00.000Z');
    expect(opens('1986-01-02', 'Asia/Kathmandu')).toBe('1986-01-01T18:15:00.000Z');
  });

  it('opens at the first of two midnights, and lets Beirut have a 25-hour Saturday', () => {
    // Goose_Bay fell back at 00:01 to 23:01: Sunday opened at 00:00 daylight time.
    expect(opens('2008-11-02', 'America/Goose_Bay')).toBe('2008-11-02T03:00:00.000Z');
    expect(opens('2026-10-24', 'Asia/Beirut')).toBe('2026-10-23T21:00:00.000Z');
    expect(opens('2026-10-25', 'Asia/Beirut')).toBe('2026-10-24T22:00:00.000Z');
  });

  it('knows dates a zone jumped over', () => {
    expect(localDayExists('1994-12-31', 'Pacific/Kiritimati')).toBe(false);
    expect(localDayExists('2011-12-30', 'Pacific/Apia')).toBe(false);
    expect(localDayExists('2011-12-31', 'Pacific/Apia')).toBe(true);
    expect(localDayExists('2026-03-08', 'America/New_York')).toBe(true);
    expect(localDayOpensAt('2011-12-30', 'Pacific/Apia')).toBe(
      localDayOpensAt('2011-12-31', 'Pacific/Apia'),
    );
  });

  it('refuses text that is not a date', () => {
    expect(() => localDayOpensAt('2026-02-30', 'UTC')).toThrow(RangeError);
  });

  it('is the first instant of its date: the instant before belongs to an earlier date', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ALL_ZONES), (t, zone) => {
        const date = localDateOf(t, zone);
        const opening = localDayOpensAt(date, zone);
        expect(localDateOf(opening, zone)).toBe(date);
        expect(localDateOf(opening - 1, zone) < date).toBe(true);
      }),
    );
  });

  it('brackets every instant between its day opening and the next day opening', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...MONOTONE_ZONES), (t, zone) => {
        const date = localDateOf(t, zone);
        expect(localDayOpensAt(date, zone)).toBeLessThanOrEqual(t);
        expect(localDayOpensAt(addDays(date, 1), zone)).toBeGreaterThan(t);
      }),
    );
  });
});

describe('localDayPieces', () => {
  it('cuts Goose_Bay where the date comes back', () => {
    const pieces = localDayPieces(
      at('2008-11-01T12:00:00Z'),
      at('2008-11-02T12:00:00Z'),
      'America/Goose_Bay',
    );
    expect(pieces.map((p) => [p.date, new Date(p.startMs).toISOString()])).toEqual([
      ['2008-11-01', '2008-11-01T12:00:00.000Z'],
      ['2008-11-02', '2008-11-02T03:00:00.000Z'],
      ['2008-11-01', '2008-11-02T03:01:00.000Z'],
      ['2008-11-02', '2008-11-02T04:00:00.000Z'],
    ]);
  });

  it('covers the interval with maximal pieces, each on the local date of all its instants', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 4 * 24 * HOUR }),
        fc.constantFrom(...ALL_ZONES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (start, length, zone, where) => {
          const end = start + length;
          const pieces = localDayPieces(start, end, zone);
          expect(pieces[0]!.startMs).toBe(start);
          expect(pieces.at(-1)!.endMs).toBe(end);
          pieces.forEach((piece, i) => {
            expect(piece.endMs).toBeGreaterThan(piece.startMs);
            if (i > 0) {
              expect(piece.startMs).toBe(pieces[i - 1]!.endMs);
              expect(piece.date).not.toBe(pieces[i - 1]!.date);
            }
            const inside = piece.startMs + Math.floor(where * (piece.endMs - piece.startMs - 1));
            for (const t of [piece.startMs, inside, piece.endMs - 1]) {
              expect(localDateOf(t, zone)).toBe(piece.date);
            }
          });
        },
      ),
    );
  });
});
