import { describe, expect, it } from 'vitest';
import { estimateAudienceSelectivity, estimateScreenerStrictness } from './audience.ts';

describe('estimateAudienceSelectivity', () => {
  const facts = (slug: string) =>
    ({
      'multi_select--country': { optionCount: 200 },
      'integer--age': { min: 18, max: 99 },
    })[slug];

  it('is the general panel without filters', () => {
    expect(estimateAudienceSelectivity([])).toBe(1);
  });

  it('multiplies each filter share from the catalog', () => {
    const selectivity = estimateAudienceSelectivity(
      [
        { 'multi_select--country': { $in: ['US', 'GB'] } },
        { 'integer--age': { $gte: 18, $lte: 58 } },
      ],
      facts,
    );
    expect(selectivity).toBeCloseTo((2 / 200) * (41 / 82), 10);
  });

  it('assumes half the panel for a filter it cannot measure, and never goes below its floor', () => {
    expect(estimateAudienceSelectivity([{ 'multi_select--seniority': { $in: ['x'] } }])).toBe(0.5);
    const many = Array.from({ length: 20 }, () => ({ 'multi_select--seniority': { $in: ['x'] } }));
    expect(estimateAudienceSelectivity(many)).toBe(0.001);
  });
});

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
});
