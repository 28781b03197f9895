import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTO_APPROVE_AFTER_DAYS,
  defaultMaxMinutesPerSubmission,
  MAX_MINUTES_PER_SUBMISSION,
  timeLimitsOf,
} from './time-limits.ts';

const task = (duration_minutes: number) => ({ duration_minutes });

describe('defaultMaxMinutesPerSubmission', () => {
  it('is three times the tasks’ total duration', () => {
    expect(defaultMaxMinutesPerSubmission([task(15)])).toBe(45);
    expect(defaultMaxMinutesPerSubmission([task(30), task(20)])).toBe(150);
  });

  it('is at least 10 minutes', () => {
    expect(defaultMaxMinutesPerSubmission([task(1)])).toBe(10);
    expect(defaultMaxMinutesPerSubmission([task(3)])).toBe(10);
    expect(defaultMaxMinutesPerSubmission([task(4)])).toBe(12);
    expect(defaultMaxMinutesPerSubmission([])).toBe(10);
  });

  it('is never more than the largest limit one may set (a week)', () => {
    expect(defaultMaxMinutesPerSubmission([task(3000), task(1000)])).toBe(10_080);
  });

  it('ignores tasks without a usable duration', () => {
    expect(defaultMaxMinutesPerSubmission([task(20), {}, { duration_minutes: null }])).toBe(60);
  });

  it('stays within the settable range and never falls as tasks are added', () => {
    const durations = fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 8 });
    fc.assert(
      fc.property(durations, fc.integer({ min: 1, max: 5000 }), (minutes, extra) => {
        const before = defaultMaxMinutesPerSubmission(minutes.map(task));
        const after = defaultMaxMinutesPerSubmission([...minutes, extra].map(task));
        expect(before).toBeGreaterThanOrEqual(10);
        expect(before).toBeLessThanOrEqual(MAX_MINUTES_PER_SUBMISSION.maximum);
        expect(after).toBeGreaterThanOrEqual(before);
        const total = minutes.reduce((a, b) => a + b, 0);
        if (3 * total >= 10 && 3 * total <= MAX_MINUTES_PER_SUBMISSION.maximum) {
          expect(before).toBe(3 * total);
        }
      }),
    );
  });
});

describe('timeLimitsOf', () => {
  it('reads the stored limit, or the default when none is stored', () => {
    const tasks = [task(20)];
    expect(
      timeLimitsOf({ max_minutes_per_submission: 90, auto_approve_after_days: 7, tasks }),
    ).toEqual({ maxMinutesPerSubmission: 90, autoApproveAfterDays: 7 });
    expect(
      timeLimitsOf({ max_minutes_per_submission: null, auto_approve_after_days: null, tasks }),
    ).toEqual({ maxMinutesPerSubmission: 60, autoApproveAfterDays: null });
  });

  it('defaults auto-approval to 21 days', () => {
    expect(AUTO_APPROVE_AFTER_DAYS.default).toBe(21);
  });
});
