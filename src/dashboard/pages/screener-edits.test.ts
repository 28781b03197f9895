import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { screener } from '../../../test/screening/screeners.ts';
import { normalizeScreener } from '../../screening/index.ts';
import {
  type AnswerRow,
  addQuestion,
  answerRows,
  answerSkips,
  applyAnswerOp,
  conditionAnswers,
  deleteQuestion,
  doesValue,
  moveQuestion,
  parseAnswerOp,
  parseDoes,
  type Question,
  renamedAnswers,
  renameInConditions,
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

  it('updates answers, what each does, free text, a display condition and skips from the card', () => {
    const [role, tools] = base();
    const edited = updateQuestion(tools!, {
      text: 'Which tools?',
      pick: 'any',
      'answer.0.text': 'Figma',
      'answer.0.does': 'must',
      'answer.1.text': 'Other',
      'answer.1.does': 'may>end',
      'answer.1.free': 'yes',
      'answer.7.text': '',
      min_qualifying: '1',
      show_if: 'role=Designer',
      show_if_operator: 'eq',
    });
    expect(valid([role!, edited])).toEqual([]);
    expect(edited).toMatchObject({
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
      skip_rules: [
        {
          conditions: [{ screening_question: 'tools', answer: 'Other', operator: 'eq' }],
          target_question: null,
        },
      ],
    });
    expect(answerSkips(edited)).toEqual(new Map([['Other', 'end']]));
  });

  it('keeps skip rules it cannot draw on the answers', () => {
    const [role, tools] = base();
    const tangled = {
      ...role!,
      skip_rules: [
        {
          conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'ne' as const }],
          join: 'and' as const,
          target_question: null,
        },
      ],
    };
    expect(answerSkips(tangled)).toBeUndefined();
    const saved = updateQuestion(tangled, {
      text: 'Role?',
      'answer.0.text': 'Designer',
      'answer.0.does': 'may>tools',
      'answer.1.text': 'Student',
      'answer.1.does': 'reject',
    });
    expect(saved.skip_rules).toEqual(tangled.skip_rules);
    expect(valid([saved, tools!])).toEqual([]);
  });

  it('moves and deletes answer rows by position, numbers need not follow on', () => {
    const rows = answerRows({
      'answer.0.text': 'A',
      'answer.0.was': 'A',
      'answer.5.text': 'C',
      'answer.2.text': 'B',
      'answer.2.does': 'reject>end',
    });
    expect(rows.map((r) => r.text)).toEqual(['A', 'B', 'C']);
    expect(rows[1]).toMatchObject({ logic: 'reject', target: 'end', was: '' });
    const op = (value: string) => applyAnswerOp(rows, parseAnswerOp(value)).map((r) => r.text);
    expect(op('up:2')).toEqual(['A', 'C', 'B']);
    expect(op('down:0')).toEqual(['B', 'A', 'C']);
    expect(op('up:0')).toEqual(['A', 'B', 'C']);
    expect(op('down:2')).toEqual(['A', 'B', 'C']);
    expect(op('delete:1')).toEqual(['A', 'C']);
    expect(op('save')).toEqual(['A', 'B', 'C']);
    expect(op('nonsense:1')).toEqual(['A', 'B', 'C']);
  });

  it('carries a renamed answer into the display conditions that name it', () => {
    const [role, tools] = base();
    const shown = {
      ...tools!,
      display_condition: {
        conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' as const }],
        join: 'and' as const,
      },
    };
    const rows = answerRows({
      'answer.0.text': 'UX designer',
      'answer.0.was': 'Designer',
      'answer.1.text': 'Student',
      'answer.1.was': 'Student',
    });
    expect(renamedAnswers(rows)).toEqual([['Designer', 'UX designer']]);
    const renamed = renameInConditions(
      [updateQuestion(role!, { text: 'Role?' }, rows), shown],
      'role',
      renamedAnswers(rows),
    );
    expect(renamed[1]!.display_condition!.conditions[0]!.answer).toBe('UX designer');
    expect(valid(renamed)).toEqual([]);
  });

  it('changes a question’s kind starting from what it held', () => {
    const [role, tools] = base();
    const yesNo = updateQuestion(role!, {
      text: 'Designer?',
      pick: 'boolean',
      'answer.0.text': 'Designer',
      'answer.1.text': 'Student',
    });
    expect(yesNo.answers.map((a) => a.text)).toEqual(['Yes', 'No']);
    expect(valid([yesNo, tools!])).toEqual([]);
    const grid = updateQuestion(tools!, {
      text: 'How often?',
      pick: 'grid',
      'answer.0.text': 'Figma',
      'answer.1.text': 'Sketch',
    });
    expect(grid.grid!.rows.map((r) => r.text)).toEqual(['Figma', 'Sketch']);
    const back = updateQuestion(
      { ...grid, grid: { ...grid.grid!, columns: [{ value: 'c1', text: 'Daily' }] } },
      { text: 'Tools?', pick: 'any', grid_rows: 'Figma\nSketch', grid_columns: 'Daily' },
    );
    expect(back.answers.map((a) => a.text)).toEqual(['Figma', 'Sketch']);
    expect(valid([role!, back])).toEqual([]);
  });

  it('reads what an answer does, a bad value qualifying', () => {
    expect(parseDoes('review>q3')).toEqual({ logic: 'review', target: 'q3' });
    expect(parseDoes(doesValue('reject', 'end'))).toEqual({ logic: 'reject', target: 'end' });
    expect(parseDoes('drop table')).toEqual({ logic: 'may', target: undefined });
  });

  it('turns a question into a grid, whose cells conditions can name', () => {
    const [role, tools] = base();
    const grid = updateQuestion(tools!, {
      pick: 'grid',
      grid_pick: 'one',
      grid_rows: 'Figma\nSketch',
      grid_columns: 'Daily\nNever',
    });
    expect(valid([role!, grid])).toEqual([]);
    expect(conditionAnswers(grid)).toEqual([
      'Figma: Daily',
      'Figma: Never',
      'Sketch: Daily',
      'Sketch: Never',
    ]);
  });

  it('loses no answer row to any sequence of moves, and doubles none, deletes aside', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 6 }),
        fc.array(fc.tuple(fc.constantFrom('up', 'down', 'delete', 'save'), fc.nat({ max: 7 }))),
        (texts, ops) => {
          let rows: AnswerRow[] = texts.map((text) => ({
            text,
            was: text,
            logic: 'may' as const,
            target: undefined,
            free: false,
          }));
          let deleted = 0;
          for (const [kind, row] of ops) {
            const before = rows.length;
            rows = applyAnswerOp(rows, parseAnswerOp(`${kind}:${row}`));
            deleted += before - rows.length;
          }
          expect(rows.length + deleted).toBe(texts.length);
          expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
          expect(rows.every((r) => texts.includes(r.text))).toBe(true);
        },
      ),
    );
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
