import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUBMISSION_STATUSES } from '../../admission/index.ts';
import {
  durationWords,
  headingSort,
  REVIEW_ORDERS,
  reviewTableHref,
  reviewTableState,
} from './review-query.ts';

const BASE = '/dashboard/studies/opp_1/submissions';
const queryOf = (href: string) =>
  Object.fromEntries(new URL(href, 'http://dashboard.invalid').searchParams);

describe('the submissions table’s state in its URL', () => {
  it('is the bare path by default, newest application first', () => {
    const state = reviewTableState({}, SUBMISSION_STATUSES);
    expect(state).toEqual({ flagged: false, sort: 'applied', order: 'desc' });
    expect(reviewTableHref(BASE, state)).toBe(BASE);
  });

  it('ignores what it does not know', () => {
    expect(
      reviewTableState(
        { status: 'lost', sort: 'price-up', flagged: 'yes', open: '<x>' },
        SUBMISSION_STATUSES,
      ),
    ).toEqual({ flagged: false, sort: 'applied', order: 'desc' });
    expect(reviewTableState({ sort: 'time_taken' }, SUBMISSION_STATUSES).order).toBe('asc');
  });

  it('reads back every state it writes', () => {
    const state = fc.record({
      status: fc.option(fc.constantFrom(...SUBMISSION_STATUSES), { nil: undefined }),
      flagged: fc.boolean(),
      sort: fc.constantFrom('applied' as const, 'submitted' as const, 'time_taken' as const),
      order: fc.constantFrom('asc' as const, 'desc' as const),
      cursor: fc.option(fc.base64String({ minLength: 4, maxLength: 20 }), { nil: undefined }),
      open: fc.option(fc.stringMatching(/^sub_[A-Za-z0-9]{4,12}$/), { nil: undefined }),
    });
    fc.assert(
      fc.property(state, (s) => {
        const read = reviewTableState(queryOf(reviewTableHref(BASE, s)), SUBMISSION_STATUSES);
        const expected = Object.fromEntries(
          Object.entries(s).filter(([, value]) => value !== undefined && value !== ''),
        );
        expect(read).toEqual(expected);
      }),
    );
  });

  it('starts again at the first page when the filter or the order changes', () => {
    const state = reviewTableState(
      { status: 'awaiting_review', cursor: 'abc', open: 'sub_1' },
      SUBMISSION_STATUSES,
    );
    expect(reviewTableHref(BASE, state, { open: 'sub_2' })).toBe(
      `${BASE}?status=awaiting_review&cursor=abc&open=sub_2`,
    );
    expect(reviewTableHref(BASE, state, { flagged: true })).toBe(
      `${BASE}?status=awaiting_review&flagged=1&open=sub_1`,
    );
    expect(reviewTableHref(BASE, state, { sort: 'submitted', order: 'asc' })).toBe(
      `${BASE}?status=awaiting_review&sort=submitted-asc&open=sub_1`,
    );
    expect(reviewTableHref(BASE, state, { open: undefined })).toBe(
      `${BASE}?status=awaiting_review&cursor=abc`,
    );
  });

  it('offers each order once, and a heading turns its own order round', () => {
    const values = REVIEW_ORDERS.map((o) => o.value);
    expect(new Set(values).size).toBe(6);
    for (const value of values) {
      const [sort, order] = value.split('-');
      expect(reviewTableState({ sort: value }, SUBMISSION_STATUSES)).toMatchObject({ sort, order });
    }
    const bySubmitted = reviewTableState({ sort: 'submitted-desc' }, SUBMISSION_STATUSES);
    expect(headingSort(bySubmitted, 'submitted')).toEqual({
      order: 'asc',
      current: 'descending',
    });
    expect(headingSort(bySubmitted, 'time_taken')).toEqual({ order: 'asc', current: undefined });
  });
});

describe('a duration as a person reads it', () => {
  it('says seconds, minutes, hours and days', () => {
    expect(durationWords(null)).toBe('—');
    expect(durationWords(44.6)).toBe('45 s');
    expect(durationWords(12 * 60 + 5)).toBe('12 min');
    expect(durationWords(65 * 60)).toBe('1 h 05 min');
    expect(durationWords(51 * 3600)).toBe('2 d 3 h');
  });
});
