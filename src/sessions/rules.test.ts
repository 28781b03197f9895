import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clashingSessions, enrollmentClosesAt, overlaps, reminderAt, seatsLeft } from './rules.ts';

const session = (id: string, start: string, minutes: number, capacity: number, reserve = 0) => ({
  id,
  starts_at: start,
  ends_at: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  capacity,
  reserve,
});

describe('session rules', () => {
  it('a reminder 24 hours before a Berlin session keeps the wall-clock hour across the October change', () => {
    // Sunday 25 October 2026, 10:00 in Berlin (CET, UTC+1): clocks went back at 03:00 that night.
    const start = '2026-10-25T09:00:00.000Z';
    // Saturday 24 October, 10:00 in Berlin (CEST, UTC+2): 25 hours before the start.
    expect(reminderAt(start, 24, 'Europe/Berlin').toISOString()).toBe('2026-10-24T08:00:00.000Z');
    // In UTC itself no clock changes: exactly 24 hours.
    expect(reminderAt(start, 24, 'UTC').toISOString()).toBe('2026-10-24T09:00:00.000Z');
    // Across the March change (29 March 2026, 02:00 → 03:00): 23 hours before.
    expect(reminderAt('2026-03-29T08:00:00.000Z', 24, 'Europe/Berlin').toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
  });

  it('a reminder is exactly the hours before when no clock changes in between', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 1, max: 72 }),
        fc.constantFrom('UTC', 'Asia/Tokyo', 'Asia/Kolkata'),
        (start, hours, zone) => {
          const at = reminderAt(new Date(start).toISOString(), hours, zone).getTime();
          expect(start - at).toBe(hours * 3_600_000);
        },
      ),
    );
  });

  it('a reminder is within an hour of the naive instant in a zone with daylight saving', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 1, max: 72 }),
        (start, hours) => {
          const at = reminderAt(new Date(start).toISOString(), hours, 'Europe/Berlin').getTime();
          expect(Math.abs(start - hours * 3_600_000 - at)).toBeLessThanOrEqual(3_600_000);
        },
      ),
    );
  });

  it('closes enrollment the given minutes before the start', () => {
    expect(
      enrollmentClosesAt({
        starts_at: '2026-10-25T09:00:00.000Z',
        enrollment_closes_minutes_before: 120,
      }),
    ).toBe('2026-10-25T07:00:00.000Z');
  });

  it('counts reserve seats as seats left, never below zero', () => {
    expect(seatsLeft({ capacity: 10, reserve: 2, enrolled: 11 })).toBe(1);
    expect(seatsLeft({ capacity: 10, reserve: 2, enrolled: 13 })).toBe(0);
  });

  it('sessions that touch do not overlap', () => {
    const a = session('a', '2026-10-25T09:00:00.000Z', 60, 5);
    const b = session('b', '2026-10-25T10:00:00.000Z', 60, 5);
    expect(overlaps(a, b)).toBe(false);
    expect(overlaps(a, { ...b, starts_at: '2026-10-25T09:59:00.000Z' })).toBe(true);
  });

  it('a clash needs overlap and more seats together than the lab has', () => {
    const other = session('ses_other', '2026-10-25T09:30:00.000Z', 60, 6, 1);
    const mine = session('mine', '2026-10-25T09:00:00.000Z', 60, 4);
    expect(clashingSessions(mine, [other], 11)).toEqual([]);
    expect(clashingSessions(mine, [other], 10).map((s) => s.id)).toEqual(['ses_other']);
    expect(clashingSessions(mine, [session('x', '2026-10-25T10:00:00.000Z', 60, 20)], 10)).toEqual(
      [],
    );
  });

  it('never finds a clash when the seats of every overlapping session fit together', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 300 }),
            fc.integer({ min: 1, max: 120 }),
            fc.integer({ min: 1, max: 5 }),
          ),
          { maxLength: 8 },
        ),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 120 }),
        (rest, start, minutes) => {
          const base = Date.UTC(2026, 9, 25);
          const at = (m: number) => new Date(base + m * 60_000).toISOString();
          const others = rest.map(([s, d, c], i) => session(`s${i}`, at(s), d, c));
          const mine = session('mine', at(start), minutes, 1);
          const total = 1 + others.reduce((sum, o) => sum + o.capacity, 0);
          expect(clashingSessions(mine, others, total)).toEqual([]);
          const clash = clashingSessions(mine, others, 0);
          expect(clash.every((o) => overlaps(mine, o))).toBe(true);
        },
      ),
    );
  });
});
