import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApprovedTask,
  computeHourlyRun,
  computePerTaskRun,
  hourlyAmountCents,
  isApprovedTime,
  type SubmissionPayState,
  type TrackedEntry,
} from './compute.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString();

const onProject = (id: string, approvedMinute: number | null, status = 'in_progress') =>
  ({
    id,
    participantId: `par_${id}`,
    status,
    approvedAt: approvedMinute === null ? null : at(approvedMinute),
    paidSeconds: 0,
  }) satisfies SubmissionPayState;

describe('approved time', () => {
  const entry = (endedMinute: number): TrackedEntry => ({
    id: `tim_${endedMinute}`,
    submissionId: 'sub_a',
    endedAt: at(endedMinute),
    seconds: 60,
  });

  it('needs an approval; then counts everything tracked by until while on the project', () => {
    expect(isApprovedTime(entry(10), onProject('sub_a', null), at(100))).toBe(false);
    expect(isApprovedTime(entry(10), onProject('sub_a', 50), at(100))).toBe(true);
    expect(isApprovedTime(entry(90), onProject('sub_a', 50), at(100))).toBe(true);
    expect(isApprovedTime(entry(110), onProject('sub_a', 50), at(100))).toBe(false);
  });

  it('pays work under review or rejected only up to the last approval', () => {
    for (const status of ['awaiting_review', 'rejected']) {
      expect(isApprovedTime(entry(40), onProject('sub_a', 50, status), at(100))).toBe(true);
      expect(isApprovedTime(entry(60), onProject('sub_a', 50, status), at(100))).toBe(false);
    }
  });
});

describe('hourly amounts', () => {
  it('rounds half up: an hour at 2,500 cents is 2,500; 1 second is 1 cent', () => {
    expect(hourlyAmountCents(0, 3600, 2500)).toBe(2500);
    expect(hourlyAmountCents(0, 1, 2500)).toBe(1);
    expect(hourlyAmountCents(0, 1, 1000)).toBe(0);
    expect(hourlyAmountCents(1, 1, 1000)).toBe(1);
  });

  it('adds up over runs to the rounded pay of all the seconds, each run within a cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: 400_000 }), { maxLength: 20 }),
        (rate, runs) => {
          let prior = 0;
          let paid = 0;
          for (const seconds of runs) {
            const amount = hourlyAmountCents(prior, seconds, rate);
            expect(amount).toBeGreaterThanOrEqual(0);
            expect(Math.abs(amount - (seconds * rate) / 3600)).toBeLessThanOrEqual(1);
            paid += amount;
            prior += seconds;
          }
          expect(paid).toBe(Math.floor((prior * rate + 1800) / 3600));
        },
      ),
    );
  });
});

describe('a run', () => {
  it('pays one line per submission, seconds or tasks, and the total', () => {
    const submissions = new Map([
      ['sub_a', onProject('sub_a', 10)],
      ['sub_b', onProject('sub_b', null)],
    ]);
    const run = computeHourlyRun({
      entries: [
        { id: 'tim_1', submissionId: 'sub_a', endedAt: at(5), seconds: 1800 },
        { id: 'tim_2', submissionId: 'sub_a', endedAt: at(20), seconds: 1800 },
        { id: 'tim_3', submissionId: 'sub_b', endedAt: at(20), seconds: 3600 },
      ],
      submissions,
      rateCents: 3000,
      until: at(60),
    });
    expect(run).toEqual({
      lines: [
        {
          submissionId: 'sub_a',
          participantId: 'par_sub_a',
          seconds: 3600,
          tasks: null,
          amountCents: 3000,
          itemKeys: ['tim_1', 'tim_2'],
        },
      ],
      totalCents: 3000,
    });
    const tasks = computePerTaskRun({
      tasks: [
        { submissionId: 'sub_b', participantId: 'par_b', sequence: 2, reviewedAt: at(5) },
        { submissionId: 'sub_b', participantId: 'par_b', sequence: 1, reviewedAt: at(1) },
        { submissionId: 'sub_c', participantId: 'par_c', sequence: 1, reviewedAt: at(90) },
      ],
      priceCents: 700,
      until: at(60),
    });
    expect(tasks).toEqual({
      lines: [
        {
          submissionId: 'sub_b',
          participantId: 'par_b',
          seconds: null,
          tasks: 2,
          amountCents: 1400,
          itemKeys: ['sub_b:1', 'sub_b:2'],
        },
      ],
      totalCents: 1400,
    });
  });

  it('never pays a unit twice over any sequence of runs, and pays each approved unit once by the last', () => {
    const task = fc.record({
      submission: fc.integer({ min: 0, max: 4 }),
      sequence: fc.integer({ min: 1, max: 3 }),
      reviewedMinute: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(task, { selector: (t) => `${t.submission}:${t.sequence}`, maxLength: 15 }),
        fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 6 }),
        (generated, runMinutes) => {
          const all: ApprovedTask[] = generated.map((t) => ({
            submissionId: `sub_${t.submission}`,
            participantId: `par_${t.submission}`,
            sequence: t.sequence,
            reviewedAt: at(t.reviewedMinute),
          }));
          const paid = new Set<string>();
          let total = 0;
          for (const minute of [...runMinutes, 1000]) {
            const unpaid = all.filter((t) => !paid.has(`${t.submissionId}:${t.sequence}`));
            const run = computePerTaskRun({ tasks: unpaid, priceCents: 100, until: at(minute) });
            for (const line of run.lines) {
              for (const key of line.itemKeys) {
                expect(paid.has(key)).toBe(false);
                paid.add(key);
              }
            }
            total += run.totalCents;
          }
          expect(paid.size).toBe(all.length);
          expect(total).toBe(all.length * 100);
        },
      ),
    );
  });
});
