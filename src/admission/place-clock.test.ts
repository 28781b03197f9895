import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  autoApproveAt,
  CLOCK_ROUND_MAX_MS,
  CLOCK_ROUND_MIN_MS,
  isDue,
  isTimed,
  nextRoundInMs,
  nextTaskOpening,
  stoppedClocks,
  TIMED_STATUSES,
  workDeadline,
} from './place-clock.ts';
import { SUBMISSION_LIFECYCLE_STATUSES } from './submission-statuses.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const instant = fc
  .integer({ min: Date.parse('2020-01-01'), max: Date.parse('2035-01-01') })
  .map((ms) => new Date(ms));

describe('workDeadline', () => {
  it('is the limit after the place was taken, on a one-time opportunity', () => {
    expect(workDeadline({ from: NOW, maxMinutes: 45, payFrequency: 'one_time' })).toBe(
      '2026-03-01T12:45:00.000Z',
    );
  });

  it('runs no limit on hourly and per-task opportunities', () => {
    expect(workDeadline({ from: NOW, maxMinutes: 45, payFrequency: 'hourly' })).toBeNull();
    expect(workDeadline({ from: NOW, maxMinutes: 45, payFrequency: 'per_task' })).toBeNull();
  });

  it('falls exactly maxMinutes after its start, and later starts fall later', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 10_080 }), fc.nat(10_000), (from, max, d) => {
        const deadline = workDeadline({ from, maxMinutes: max, payFrequency: 'one_time' })!;
        expect(Date.parse(deadline) - from.getTime()).toBe(max * 60_000);
        expect(isDue(deadline, from)).toBe(false);
        expect(isDue(deadline, new Date(Date.parse(deadline)))).toBe(true);
        const later = new Date(from.getTime() + d * 60_000);
        const next = workDeadline({ from: later, maxMinutes: max, payFrequency: 'one_time' })!;
        expect(next >= deadline).toBe(true);
      }),
    );
  });
});

describe('nextTaskOpening', () => {
  it('is now when a task is available', () => {
    expect(
      nextTaskOpening(NOW, [
        { status: 'available', available_at: null },
        { status: 'locked', available_at: '2026-03-02T00:00:00.000Z' },
      ]),
    ).toEqual(NOW);
  });

  it('is when the first gated task opens', () => {
    expect(
      nextTaskOpening(NOW, [
        { status: 'approved', available_at: null },
        { status: 'locked', available_at: '2026-03-03T00:00:00.000Z' },
        { status: 'locked', available_at: '2026-03-02T00:00:00.000Z' },
        { status: 'locked', available_at: null },
      ]),
    ).toEqual(new Date('2026-03-02T00:00:00.000Z'));
  });

  it('is now when nothing is open or opening', () => {
    expect(nextTaskOpening(NOW, [{ status: 'locked', available_at: null }])).toEqual(NOW);
    expect(nextTaskOpening(NOW, [])).toEqual(NOW);
  });

  it('is never before now, and never after the earliest opening', () => {
    const task = fc.record({
      status: fc.constantFrom('locked', 'available', 'submitted', 'approved'),
      available_at: fc.option(instant.map((d) => d.toISOString())),
    });
    fc.assert(
      fc.property(instant, fc.array(task, { maxLength: 6 }), (now, tasks) => {
        const opening = nextTaskOpening(now, tasks);
        expect(opening.getTime()).toBeGreaterThanOrEqual(now.getTime());
        for (const t of tasks) {
          if (t.status === 'locked' && t.available_at !== null) {
            expect(opening.getTime()).toBeLessThanOrEqual(
              Math.max(now.getTime(), Date.parse(t.available_at)),
            );
          }
        }
      }),
    );
  });
});

describe('autoApproveAt', () => {
  it('counts whole days from the hand-in; null never', () => {
    expect(autoApproveAt(NOW, 21)).toBe('2026-03-22T12:00:00.000Z');
    expect(autoApproveAt(NOW, null)).toBeNull();
  });

  it('is due exactly `days` later', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 365 }), (now, days) => {
        const at = autoApproveAt(now, days)!;
        expect(isDue(at, new Date(now.getTime() + days * 86_400_000 - 1))).toBe(false);
        expect(isDue(at, new Date(now.getTime() + days * 86_400_000))).toBe(true);
      }),
    );
  });
});

describe('stoppedClocks', () => {
  it('keeps the time limit only while the place is held for work', () => {
    expect(TIMED_STATUSES).toEqual(['screen_passed', 'in_progress']);
    expect(stoppedClocks('in_progress')).toEqual({ auto_approve_at: null });
    expect(stoppedClocks('awaiting_review')).toEqual({ deadline_at: null });
    expect(stoppedClocks('abandoned')).toEqual({ deadline_at: null, auto_approve_at: null });
  });

  it('clears exactly the clocks that do not run in the status moved to', () => {
    for (const status of SUBMISSION_LIFECYCLE_STATUSES) {
      const cleared = stoppedClocks(status);
      expect('deadline_at' in cleared).toBe(!isTimed(status));
      expect('auto_approve_at' in cleared).toBe(status !== 'awaiting_review');
    }
  });
});

describe('isDue', () => {
  it('is false without a clock', () => {
    expect(isDue(null, NOW)).toBe(false);
  });
});

describe('nextRoundInMs', () => {
  it('runs again at once after a full batch', () => {
    expect(nextRoundInMs({ now: NOW, done: 100, batch: 100, next: NOW })).toBe(0);
  });

  it('waits for the next clock, between one second and the longest wait', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    expect(nextRoundInMs({ now: NOW, done: 3, batch: 100, next: at(5_000) })).toBe(5_000);
    expect(nextRoundInMs({ now: NOW, done: 3, batch: 100, next: at(-5_000) })).toBe(
      CLOCK_ROUND_MIN_MS,
    );
    expect(nextRoundInMs({ now: NOW, done: 0, batch: 100, next: at(3_600_000) })).toBe(
      CLOCK_ROUND_MAX_MS,
    );
    expect(nextRoundInMs({ now: NOW, done: 0, batch: 100, next: undefined })).toBe(
      CLOCK_ROUND_MAX_MS,
    );
  });

  it('never waits past the next clock by more than a second, nor longer than the longest wait', () => {
    fc.assert(
      fc.property(
        instant,
        fc.nat(200),
        fc.integer({ min: 1, max: 200 }),
        fc.option(fc.integer({ min: -1e9, max: 1e9 })),
        (now, done, batch, offset) => {
          const next = offset === null ? undefined : new Date(now.getTime() + offset);
          const wait = nextRoundInMs({ now, done, batch, next });
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(wait).toBeLessThanOrEqual(CLOCK_ROUND_MAX_MS);
          if (done >= batch) expect(wait).toBe(0);
          else if (next) {
            expect(wait).toBeLessThanOrEqual(Math.max(CLOCK_ROUND_MIN_MS, offset!));
          }
        },
      ),
    );
  });
});
