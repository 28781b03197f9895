import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { screener } from '../../test/screening/screeners.ts';
import { participantScreenerView } from './participant-view.ts';
import { ParticipantScreeningQuestion } from './schemas.ts';

const questions = screener([
  {
    key: 'role',
    text: 'Role?',
    question_rich_text: '**Role?**',
    pick: 'one',
    allow_paste: false,
    answers: [
      { text: 'A', qualify_logic: 'reject' },
      { text: 'B' },
      { text: 'C', qualify_logic: 'review' },
      { text: 'D' },
      { text: 'E' },
      { text: 'F' },
      { text: 'Other', allow_free_text: true },
    ],
    conditional_rules: [
      {
        join: 'and',
        conditions: [{ screening_question: 'role', answer: 'B', operator: 'eq' }],
        outcome: 'review',
      },
    ],
    skip_rules: [
      {
        join: 'and',
        conditions: [{ screening_question: 'role', answer: 'D', operator: 'eq' }],
        target_question: 'matrix',
      },
    ],
  },
  {
    key: 'agree',
    text: 'Agree?',
    pick: 'boolean',
    display_condition: {
      join: 'and',
      conditions: [{ screening_question: 'role', answer: 'B', operator: 'ne' }],
    },
  },
  {
    key: 'matrix',
    text: 'Rate',
    pick: 'grid',
    grid: {
      pick: 'one',
      rows: [{ key: 'r', text: 'Speed' }],
      columns: [
        { value: '1', text: 'Slow' },
        { value: '2', text: 'Fast' },
      ],
      cell_actions: [{ row: 'r', column: '1', qualify_logic: 'reject' }],
    },
  },
]);

describe('participantScreenerView', () => {
  it('shows what a participant needs to answer, show, hide and skip, and nothing of grading', () => {
    const view = participantScreenerView(questions);
    expect(view).toEqual([
      {
        key: 'role',
        text: 'Role?',
        question_rich_text: '**Role?**',
        pick: 'one',
        allow_paste: false,
        answers: [
          { text: 'A' },
          { text: 'B' },
          { text: 'C' },
          { text: 'D' },
          { text: 'E' },
          { text: 'F' },
          { text: 'Other', allow_free_text: true },
        ],
        skip_rules: questions[0]!.skip_rules,
      },
      {
        key: 'agree',
        text: 'Agree?',
        pick: 'boolean',
        answers: [{ text: 'Yes' }, { text: 'No' }],
        display_condition: questions[1]!.display_condition,
      },
      {
        key: 'matrix',
        text: 'Rate',
        pick: 'grid',
        answers: [],
        grid: {
          pick: 'one',
          rows: [{ key: 'r', text: 'Speed' }],
          columns: [
            { value: '1', text: 'Slow' },
            { value: '2', text: 'Fast' },
          ],
        },
      },
    ]);
    for (const question of view)
      expect(Value.Check(ParticipantScreeningQuestion, question)).toBe(true);
  });

  it('shuffles answers by seed: the same seed gives the same order, write-ins stay last', () => {
    const texts = (seed: string) =>
      participantScreenerView(questions, { randomizeSeed: seed })[0]!.answers.map((a) => a.text);
    expect(texts('participant-1')).toEqual(texts('participant-1'));
    const orders = new Set(Array.from({ length: 20 }, (_, i) => texts(`p${i}`).join()));
    expect(orders.size).toBeGreaterThan(1);
    for (const order of orders) {
      expect(order.split(',').at(-1)).toBe('Other');
      expect(order.split(',').sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'Other']);
    }
  });

  it('never shuffles Yes/No or grid columns', () => {
    const view = participantScreenerView(questions, { randomizeSeed: 'x' });
    expect(view[1]!.answers.map((a) => a.text)).toEqual(['Yes', 'No']);
    expect(view[2]!.grid!.columns.map((c) => c.text)).toEqual(['Slow', 'Fast']);
  });
});
