import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allAvailableTasksSubmitted,
  remainingTaskCountAfterApproval,
  type TaskProgressInput,
  taskStatuses,
} from './task-progress.ts';

const tasks = [
  { sequence: 1 },
  { sequence: 2, available_after_sequence: 1, available_after_delay_minutes: 60 },
  { sequence: 3, available_after_sequence: 1 },
  { sequence: 4, available_after_sequence: 2 },
];
const t0 = '2025-01-01T10:00:00.000Z';
const statusesOf = (input: Omit<TaskProgressInput, 'tasks'>) =>
  taskStatuses({ tasks, ...input }).map((t) => t.status);

describe('taskStatuses', () => {
  it('opens ungated tasks and locks gated ones at the start', () => {
    expect(statusesOf({ submitted: [], approved: [], now: t0 })).toEqual([
      'available',
      'locked',
      'locked',
      'locked',
    ]);
  });

  it('shows a submitted task as submitted until review', () => {
    expect(statusesOf({ submitted: [1], approved: [], now: t0 })).toEqual([
      'submitted',
      'locked',
      'locked',
      'locked',
    ]);
  });

  it('unlocks gated tasks after approval, waiting out the delay', () => {
    const approved = [{ sequence: 1, approvedAt: t0 }];
    expect(statusesOf({ submitted: [], approved, now: '2025-01-01T10:59:59.999Z' })).toEqual([
      'approved',
      'locked',
      'available',
      'locked',
    ]);
    expect(statusesOf({ submitted: [], approved, now: '2025-01-01T11:00:00.000Z' })).toEqual([
      'approved',
      'available',
      'available',
      'locked',
    ]);
    const delayed = taskStatuses({ tasks, submitted: [], approved, now: t0 })[1];
    expect(delayed?.available_at).toBe('2025-01-01T11:00:00.000Z');
  });

  it('shows rejected work as rejected', () => {
    expect(statusesOf({ submitted: [], approved: [], rejected: [1], now: t0 })[0]).toBe('rejected');
  });

  it('orders by sequence whatever the input order', () => {
    const shuffled = taskStatuses({
      tasks: [...tasks].reverse(),
      submitted: [],
      approved: [],
      now: t0,
    });
    expect(shuffled.map((t) => t.sequence)).toEqual([1, 2, 3, 4]);
  });
});

describe('allAvailableTasksSubmitted', () => {
  it('is true once the only available task is submitted, though gated ones remain', () => {
    expect(allAvailableTasksSubmitted({ tasks, submitted: [1], approved: [], now: t0 })).toBe(true);
    expect(remainingTaskCountAfterApproval({ tasks, submitted: [1], approved: [], now: t0 })).toBe(
      3,
    );
  });

  it('is false while something is still available, or nothing was submitted', () => {
    const approved = [{ sequence: 1, approvedAt: t0 }];
    expect(allAvailableTasksSubmitted({ tasks, submitted: [], approved: [], now: t0 })).toBe(false);
    expect(allAvailableTasksSubmitted({ tasks, submitted: [], approved, now: t0 })).toBe(false);
    expect(
      allAvailableTasksSubmitted({ tasks, submitted: [3], approved, now: '2025-01-01T12:00:00Z' }),
    ).toBe(false);
  });

  it('leaves nothing to approve after the last task', () => {
    const approved = [1, 2, 3].map((sequence) => ({ sequence, approvedAt: t0 }));
    const input = { tasks, submitted: [4], approved, now: '2025-01-02T00:00:00Z' };
    expect(allAvailableTasksSubmitted(input)).toBe(true);
    expect(remainingTaskCountAfterApproval(input)).toBe(0);
  });

  it('drives any gated plan to completion by submit-all then approve-all', () => {
    const plan = fc
      .array(fc.record({ gate: fc.option(fc.nat(8), { nil: null }), delay: fc.nat(120) }), {
        minLength: 1,
        maxLength: 8,
      })
      .map((specs) =>
        specs.map((spec, i) => ({
          sequence: i + 1,
          // Gates only point at earlier tasks, as create validation requires.
          available_after_sequence: spec.gate !== null && i > 0 ? (spec.gate % i) + 1 : null,
          available_after_delay_minutes: spec.delay,
        })),
      );
    fc.assert(
      fc.property(plan, (gated) => {
        let now = Date.parse(t0);
        let submitted: number[] = [];
        const approved: { sequence: number; approvedAt: number }[] = [];
        for (let round = 0; round < 20 && approved.length < gated.length; round++) {
          const input = () => ({ tasks: gated, submitted, approved, now });
          for (const task of taskStatuses(input())) {
            if (task.status === 'available') submitted.push(task.sequence);
          }
          expect(allAvailableTasksSubmitted(input())).toBe(submitted.length > 0);
          for (const sequence of submitted) approved.push({ sequence, approvedAt: now });
          submitted = [];
          now += 121 * 60_000;
        }
        expect(approved).toHaveLength(gated.length);
      }),
    );
  });
});
