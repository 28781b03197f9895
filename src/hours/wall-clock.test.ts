import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockOf } from './wall-clock.ts';

describe('instantOfWallClock', () => {
  it('reads a wall clock in the zone', () => {
    expect(new Date(instantOfWallClock('2026-03-01T09:30', 'Europe/Berlin')!).toISOString()).toBe(
      '2026-03-01T08:30:00.000Z',
    );
    expect(new Date(instantOfWallClock('2026-07-01T09:30', 'Europe/Berlin')!).toISOString()).toBe(
      '2026-07-01T07:30:00.000Z',
    );
    expect(new Date(instantOfWallClock('2026-03-01T09:30', 'Asia/Kolkata')!).toISOString()).toBe(
      '2026-03-01T04:00:00.000Z',
    );
  });

  it('takes the first of a reading lived twice, and still answers for a skipped one', () => {
    // Berlin turned 03:00 back to 02:00 on 2026-10-25: 02:30 happened at 00:30Z and 01:30Z.
    expect(new Date(instantOfWallClock('2026-10-25T02:30', 'Europe/Berlin')!).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // On 2026-03-29 02:00 became 03:00: 02:30 never happened; read with the winter offset.
    expect(new Date(instantOfWallClock('2026-03-29T02:30', 'Europe/Berlin')!).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('refuses what is not a reading', () => {
    expect(instantOfWallClock('2026-02-30T10:00', 'UTC')).toBeUndefined();
    expect(instantOfWallClock('yesterday', 'UTC')).toBeUndefined();
    expect(instantOfWallClock('2026-01-01T24:00', 'UTC')).toBeUndefined();
  });

  it('gives back the instant whose wall clock it reads, to the minute', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1) / 60_000, max: Date.UTC(2040, 0, 1) / 60_000 }),
        fc.constantFrom(...zones),
        (minute, zone) => {
          const instant = minute * 60_000;
          const reading = wallClockOf(instant, zone);
          const back = instantOfWallClock(reading, zone)!;
          expect(wallClockOf(back, zone)).toBe(reading);
        },
      ),
    );
  });
});
