import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { screener } from '../../../test/screening/screeners.ts';
import { normalizeScreener } from '../../screening/index.ts';
import {
  addQuestion,
  conditionAnswers,
  deleteQuestion,
  moveQuestion,
  type Question,
  updateQuestion,
} from './screener-edits.ts';

const base = (): Question[] =>
  screener([
    {
      key: 'role',
      text: 'Role?',
      pick: 'one',
      answers: [{ text: 'Designer' }, { text: 'Student', qualify_logic: 'reject' }],
    },
    { key: 'tools', text: 'Tools?', pick: 'any', answers: [{ text: 'Figma' }, { text: 'Sketch' }] },
  ]);

const valid = (questions: Question[]) => normalizeScreener({ questions }).issues;

describe('screener edits', () => {
  it('adds a question with a fresh key, and a yes/no one with its two answers', () => {
    const added = addQuestion(base(), ' Recorded? ', 'boolean');
    expect(added.at(-1)).toMatchObject({ key: 'q3', text: 'Recorded?', pick: 'boolean' });
    expect(valid(added)).toEqual([]);
  });

  it('adds a choice question with its answers, and a grid with rows and columns', () => {
    const choice = addQuestion(base(), 'Pets?', 'one', 'Cat\nDog\n');
    expect(choice.at(-1)!.answers.map((a) => a.text)).toEqual(['Cat', 'Dog']);
    expect(valid(choice)).toEqual([]);
    const grid = addQuestion(base(), 'How often?', 'grid', 'Figma\nSketch', 'Daily\nNever');
    expect(valid(grid)).toEqual([]);
  });

  it('moves and deletes, and never moves past either end', () => {
    expect(moveQuestion(base(), 'tools', -1).map((q) => q.key)).toEqual(['tools', 'role']);
    expect(moveQuestion(base(), 'role', -1).map((q) => q.key)).toEqual(['role', 'tools']);
    expect(deleteQuestion(base(), 'role').map((q) => q.key)).toEqual(['tools']);
  });

  it('updates answers, logic, free text, a display condition and a skip rule from the form', () => {
    const edited = updateQuestion(base(), 'tools', {
      text: 'Which tools?',
      pick: 'any',
      'answer.0.text': 'Figma',
      'answer.0.logic': 'must',
      'answer.1.text': 'Other',
      'answer.1.logic': 'may',
      'answer.1.free': 'yes',
      'answer.2.text': '',
      min_qualifying: '1',
      show_if: 'role=Designer',
      show_if_operator: 'eq',
      skip_when: 'tools=Other',
      skip_to: 'end',
    });
    expect(valid(edited)).toEqual([]);
    expect(edited[1]).toMatchObject({
      text: 'Which tools?',
      answers: [
        { text: 'Figma', qualify_logic: 'must' },
        { text: 'Other', qualify_logic: 'may', allow_free_text: true },
      ],
      min_qualifying: 1,
      display_condition: {
        conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' }],
        join: 'and',
      },
      skip_rules: [{ target_question: null }],
    });
  });

  it('turns a question into a grid, whose cells conditions can name', () => {
    const grid = updateQuestion(base(), 'tools', {
      pick: 'grid',
      grid_pick: 'one',
      grid_rows: 'Figma\nSketch',
      grid_columns: 'Daily\nNever',
    });
    expect(valid(grid)).toEqual([]);
    expect(conditionAnswers(grid[1]!)).toEqual([
      'Figma: Daily',
      'Figma: Never',
      'Sketch: Daily',
      'Sketch: Never',
    ]);
  });

  it('keeps any sequence of moves a permutation of the questions', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.constantFrom('role', 'tools'), fc.constantFrom(-1 as const, 1 as const)),
        ),
        (moves) => {
          let questions = base();
          for (const [key, by] of moves) questions = moveQuestion(questions, key, by);
          expect(questions.map((q) => q.key).sort()).toEqual(['role', 'tools']);
        },
      ),
    );
  });
});
