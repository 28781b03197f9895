import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BAR_FIELDS, barProblems } from './bulk-problems.ts';

describe('the action bar’s problems beside its fields', () => {
  it('puts each use case’s problem beside the field it names', () => {
    const problems = barProblems([
      { message: 'rejection_category: choose a category from the list' },
      { message: 'bonuses[0].amount_cents: must be a whole number of cents from 1 to 10000' },
      { message: 'bonuses[1].amount_cents: must be a whole number of cents from 1 to 10000' },
      { message: 'bonuses[0].reason: must be text of at most 500 characters' },
      { message: 'body: must not be blank' },
      { message: 'submissions: choose at least one' },
      { message: 'bonuses[2].submission_id: sub_9 never started the work' },
      { message: 'The balance is short' },
    ]);
    expect(problems).toEqual({
      ids: ['choose at least one', 'sub_9 never started the work'],
      decision: [],
      rejection_category: ['choose a category from the list'],
      rejection_reason: [],
      bonus_amount: ['must be a whole number of cents from 1 to 10000'],
      bonus_reason: ['must be text of at most 500 characters'],
      message_body: ['must not be blank'],
      other: ['The balance is short'],
    });
  });

  it('loses no problem: each lands in one place', () => {
    const field = fc.constantFrom(...BAR_FIELDS, 'bonuses[3].amount_cents', 'body', 'anything');
    const issue = fc
      .tuple(field, fc.string({ minLength: 1, maxLength: 20 }))
      .map(([name, words]) => ({ message: `${name}: ${words}` }));
    fc.assert(
      fc.property(fc.array(issue, { maxLength: 12 }), (issues) => {
        const placed = Object.values(barProblems(issues)).flat();
        const distinct = new Set(placed);
        expect(placed.length).toBe(distinct.size);
        expect(placed.length).toBeLessThanOrEqual(issues.length);
        for (const { message } of issues) {
          expect(placed.some((words) => message.endsWith(words))).toBe(true);
        }
      }),
    );
  });
});
