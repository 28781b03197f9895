import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TimeEntryCheck, validateTimeEntry } from './time-entry.ts';

const at = (iso: string) => Date.parse(iso);

const valid: TimeEntryCheck = {
  startedAt: '2026-03-02T09:00:00Z',
  endedAt: '2026-03-02T10:30:00+00:00',
  now: at('2026-03-02T12:00:00Z'),
  workStartedAt: '2026-03-02T08:00:00.000Z',
  submissionInProgress: true,
  existing: [
    { startedAt: at('2026-03-02T08:00:00Z'), endedAt: at('2026-03-02T09:00:00Z') },
    { startedAt: '2026-03-02T10:30:00.000Z', endedAt: '2026-03-02T11:00:00.000Z' },
  ],
};
const messages = (overrides: Partial<TimeEntryCheck>) =>
  validateTimeEntry({ ...valid, ...overrides }).map((issue) => issue.message);

describe('validateTimeEntry', () => {
  it('accepts an entry touching its neighbours end to end', () => {
    expect(messages({})).toEqual([]);
  });

  it('accepts offsets and an entry ending exactly now', () => {
    expect(
      messages({
        startedAt: '2026-03-02T17:00:00+05:30',
        endedAt: '2026-03-02T12:00:00Z',
        existing: [],
      }),
    ).toEqual([]);
  });

  it('requires both ends as strict ISO timestamps', () => {
    expect(messages({ startedAt: undefined, endedAt: '2026-03-02 10:30' })).toEqual([
      expect.stringMatching(/^started_at is required/),
      expect.stringMatching(/^ended_at "2026-03-02 10:30" is not an ISO 8601 timestamp/),
    ]);
    expect(messages({ startedAt: '2026-03-02', endedAt: '2026-03-02T10:30:00' })).toEqual([
      expect.stringMatching(/^started_at "2026-03-02" is a date, not an instant/),
      expect.stringMatching(/^ended_at "2026-03-02T10:30:00" has no time zone/),
    ]);
    expect(messages({ startedAt: 1_772_442_000_000 })[0]).toMatch(/^started_at must be an ISO/);
  });

  it('refuses an end before or equal to the start', () => {
    expect(messages({ endedAt: '2026-03-02T09:00:00Z' })).toEqual([
      'ended_at must be after started_at',
    ]);
    expect(messages({ endedAt: '2026-03-02T08:59:00Z' })).toEqual([
      'ended_at must be after started_at',
    ]);
  });

  it('refuses time in the future, naming both ends', () => {
    expect(
      messages({
        startedAt: '2026-03-02T12:00:01Z',
        endedAt: '2026-03-02T13:00:00Z',
        existing: [],
      }),
    ).toEqual([
      'started_at 2026-03-02T12:00:01.000Z is in the future (now 2026-03-02T12:00:00.000Z)',
      'ended_at 2026-03-02T13:00:00.000Z is in the future (now 2026-03-02T12:00:00.000Z)',
    ]);
  });

  it('refuses time before the work on the submission started', () => {
    expect(messages({ startedAt: '2026-03-02T07:59:59Z', existing: [] })).toEqual([
      'started_at 2026-03-02T07:59:59.000Z is before work on this submission started (2026-03-02T08:00:00.000Z)',
    ]);
  });

  it('records time only while the submission is in progress', () => {
    expect(messages({ submissionInProgress: false, workStartedAt: null })).toEqual([
      'Time can be recorded only while the submission is in progress',
    ]);
  });

  it('names every existing entry the new one overlaps, in order', () => {
    expect(
      messages({ startedAt: '2026-03-02T08:59:59Z', endedAt: '2026-03-02T10:30:01Z' }),
    ).toEqual([
      'Overlaps time already recorded from 2026-03-02T08:00:00.000Z to 2026-03-02T09:00:00.000Z',
      'Overlaps time already recorded from 2026-03-02T10:30:00.000Z to 2026-03-02T11:00:00.000Z',
    ]);
  });

  it('lists every problem at once', () => {
    expect(
      messages({
        submissionInProgress: false,
        startedAt: '2026-03-02T07:00:00Z',
        endedAt: '2026-03-02T13:00:00Z',
      }),
    ).toHaveLength(5);
  });

  it('accepts an entry exactly when it overlaps no existing one (half-open intervals)', () => {
    const minute = 60_000;
    const base = at('2026-03-02T08:00:00Z');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 60 })), {
          maxLength: 6,
        }),
        (start, length, others) => {
          const existing = others.map(([s, l]) => ({
            startedAt: base + s * minute,
            endedAt: base + (s + l) * minute,
          }));
          const overlaps = others.filter(([s, l]) => s < start + length && start < s + l).length;
          const issues = validateTimeEntry({
            ...valid,
            startedAt: new Date(base + start * minute).toISOString(),
            endedAt: new Date(base + (start + length) * minute).toISOString(),
            now: base + 1000 * minute,
            existing,
          });
          expect(issues).toHaveLength(overlaps);
        },
      ),
    );
  });
});
