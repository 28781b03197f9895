import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/time/calendar-date.ts';
import { mondayOf, weekShown } from './week-dates.ts';

describe('the week a lab calendar shows', () => {
  it('starts on the Monday on or before the date', () => {
    expect(mondayOf('2026-10-26')).toBe('2026-10-26'); // a Monday
    expect(mondayOf('2026-11-01')).toBe('2026-10-26'); // the Sunday after it
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // across a year
  });

  it('is the same Monday for every day of a week, and seven days on for the next', () => {
    const day = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 6 }), (date, offset) => {
        const monday = mondayOf(date);
        expect(mondayOf(addDays(monday, offset))).toBe(monday);
        expect(mondayOf(addDays(monday, 7 + offset))).toBe(addDays(monday, 7));
        expect(monday <= date && date < addDays(monday, 7)).toBe(true);
      }),
    );
  });

  it('takes this week on the lab’s clock when the query names no date', () => {
    // Sunday 23:30 in UTC is already Monday in Berlin.
    const now = new Date('2026-11-01T23:30:00Z');
    expect(weekShown(undefined, now, 'UTC')).toBe('2026-10-26');
    expect(weekShown(undefined, now, 'Europe/Berlin')).toBe('2026-11-02');
    expect(weekShown('2026-02-30', now, 'UTC')).toBe('2026-10-26');
    expect(weekShown('2026-03-04', now, 'UTC')).toBe('2026-03-02');
  });
});
