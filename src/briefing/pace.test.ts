import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onPace, paceOf } from './pace.ts';

const LAUNCHED = '2026-11-01T00:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('paceOf', () => {
  it('reads the share of places taken and of time gone to ending_at', () => {
    const pace = paceOf({
      placesTaken: 10,
      places: 40,
      launchedAt: LAUNCHED,
      endingAt: '2026-11-11T00:00:00.000Z',
      expectedDays: null,
      now: at('2026-11-06T00:00:00.000Z'),
    });
    expect(pace).toEqual({ filled: 0.25, elapsed: 0.5, daysLive: 5, daysTotal: 10 });
    expect(onPace(pace)).toBe(false);
  });

  it('takes the expected days when there is no ending_at, and has no end without either', () => {
    const base = { placesTaken: 3, places: 4, launchedAt: LAUNCHED, endingAt: null };
    const now = at('2026-11-02T12:00:00.000Z');
    expect(paceOf({ ...base, expectedDays: 3, now })).toEqual({
      filled: 0.75,
      elapsed: 0.5,
      daysLive: 1,
      daysTotal: 3,
    });
    const open = paceOf({ ...base, expectedDays: null, now });
    expect(open).toEqual({ filled: 0.75, elapsed: null, daysLive: 1, daysTotal: null });
    expect(onPace(open)).toBe(true);
  });

  it('has no time at all before launch', () => {
    expect(
      paceOf({
        placesTaken: 0,
        places: 0,
        launchedAt: null,
        endingAt: null,
        expectedDays: 7,
        now: at(LAUNCHED),
      }),
    ).toEqual({ filled: 0, elapsed: null, daysLive: 0, daysTotal: null });
  });

  it('keeps both shares between 0 and 1, and time only grows', () => {
    const start = Date.parse(LAUNCHED);
    fc.assert(
      fc.property(
        fc.nat(1000),
        fc.nat(1000),
        fc.integer({ min: -5, max: 60 }),
        fc.integer({ min: -10 * 86_400_000, max: 90 * 86_400_000 }),
        fc.nat(30 * 86_400_000),
        (taken, places, days, offset, later) => {
          const input = {
            placesTaken: taken,
            places,
            launchedAt: LAUNCHED,
            endingAt: days >= 0 ? new Date(start + days * 86_400_000).toISOString() : null,
            expectedDays: null,
          };
          const now = paceOf({ ...input, now: new Date(start + offset) });
          const after = paceOf({ ...input, now: new Date(start + offset + later) });
          for (const pace of [now, after]) {
            expect(pace.filled).toBeGreaterThanOrEqual(0);
            expect(pace.filled).toBeLessThanOrEqual(1);
            if (pace.elapsed !== null) {
              expect(pace.elapsed).toBeGreaterThanOrEqual(0);
              expect(pace.elapsed).toBeLessThanOrEqual(1);
            }
          }
          expect(after.daysLive).toBeGreaterThanOrEqual(now.daysLive);
          if (now.elapsed !== null) expect(after.elapsed!).toBeGreaterThanOrEqual(now.elapsed);
        },
      ),
    );
  });
});
