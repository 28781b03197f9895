import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { normalizeScreener } from './normalize.ts';
import {
  CrossQuotaInput,
  Quota,
  QuotaInput,
  ScreeningAnswer,
  ScreeningQuestion,
  ScreeningQuestionInput,
} from './schemas.ts';

describe('screening schemas', () => {
  const minimal = { text: 'Why?', pick: 'text' };

  it('accept a keyless question and reject unknown fields and values', () => {
    expect(Value.Check(ScreeningQuestionInput, minimal)).toBe(true);
    expect(Value.Check(ScreeningQuestionInput, { ...minimal, colour: 'red' })).toBe(false);
    expect(Value.Check(ScreeningQuestionInput, { ...minimal, pick: 'many' })).toBe(false);
    expect(
      Value.Check(ScreeningQuestionInput, {
        ...minimal,
        pick: 'one',
        answers: [{ text: 'a', qualify_logic: 'maybe' }],
      }),
    ).toBe(false);
    expect(
      Value.Check(ScreeningQuestionInput, {
        ...minimal,
        display_condition: {
          join: 'and',
          conditions: [{ screening_question: 'q1', answer: 'a', operator: 'gt' }],
        },
      }),
    ).toBe(false);
    expect(
      Value.Check(QuotaInput, { screening_question: 'q', targets: [{ value: 'a', count: 1.5 }] }),
    ).toBe(false);
    expect(
      Value.Check(CrossQuotaInput, {
        label: 'x',
        conditions: [],
        join: 'and',
        target: 1,
        quota_type: 'exact',
        extra: true,
      }),
    ).toBe(false);
  });

  it('read shapes hold what normalizeScreener returns and what grading records', () => {
    const { value } = normalizeScreener({
      questions: [minimal as ScreeningQuestionInput, { text: 'B', pick: 'boolean' }],
      quotas: [{ screening_question: 'q2', targets: [{ value: 'Yes', count: 1 }] }],
    });
    for (const question of value.questions)
      expect(Value.Check(ScreeningQuestion, question)).toBe(true);
    // What reads back is also what create accepts.
    for (const question of value.questions)
      expect(Value.Check(ScreeningQuestionInput, question)).toBe(true);
    expect(Value.Check(Quota, value.quotas[0])).toBe(true);
    expect(
      Value.Check(ScreeningAnswer, { key: 'q1', question: 'Why?', answer: [], outcome: null }),
    ).toBe(true);
    expect(Value.Check(ScreeningAnswer, { question: 'Why?', answer: [], outcome: 'pass' })).toBe(
      false,
    );
  });
});
