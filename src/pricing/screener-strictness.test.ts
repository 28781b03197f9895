import { describe, expect, it } from 'vitest';
import { estimateScreenerStrictness } from './screener-strictness.ts';

describe('estimateScreenerStrictness', () => {
  it('counts the share of non-rejecting answers of single-select questions', () => {
    const strictness = estimateScreenerStrictness([
      {
        pick: 'one',
        answers: [
          { qualify_logic: 'may' },
          { qualify_logic: 'reject' },
          { qualify_logic: 'reject' },
          { qualify_logic: 'may' },
        ],
      },
      { pick: 'boolean', answers: [{ qualify_logic: 'must' }, { qualify_logic: 'reject' }] },
      { pick: 'text' },
    ]);
    expect(strictness).toBeCloseTo(0.25, 10);
  });

  it('halves per must answer of a pick-any question and narrows for rejecting rules', () => {
    expect(
      estimateScreenerStrictness([
        {
          pick: 'any',
          answers: [{ qualify_logic: 'must' }, { qualify_logic: 'may' }],
          conditional_rules: [{ outcome: 'reject' }, { outcome: 'review' }],
        },
      ]),
    ).toBeCloseTo(0.45, 10);
  });

  it('grades grids row by row', () => {
    expect(
      estimateScreenerStrictness([
        {
          pick: 'grid',
          grid: {
            rows: [{ key: 'r1' }, { key: 'r2' }],
            columns: [{ value: 'a' }, { value: 'b' }],
            cell_actions: [{ row: 'r1', column: 'a', qualify_logic: 'reject' }],
          },
        },
      ]),
    ).toBeCloseTo(0.5, 10);
  });

  it('is 1 without questions and never below its floor', () => {
    expect(estimateScreenerStrictness([])).toBe(1);
    const hard = { pick: 'one', answers: [{ qualify_logic: 'may' }, { qualify_logic: 'reject' }] };
    expect(estimateScreenerStrictness(Array.from({ length: 10 }, () => hard))).toBe(0.05);
  });
});
