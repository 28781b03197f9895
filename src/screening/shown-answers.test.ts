import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { screener } from '../../test/screening/screeners.ts';
import { gradeApplication } from './grade.ts';
import { participantScreenerView } from './participant-view.ts';
import type { ApplicationAnswerInput } from './schemas.ts';
import { keepShownAnswers } from './shown-answers.ts';

/** A screener where what is shown depends on earlier answers in every way the engine knows. */
const questions = screener([
  {
    key: 'role',
    text: 'Your role?',
    pick: 'one',
    answers: [{ text: 'Engineer' }, { text: 'Designer' }, { text: 'Student' }],
    skip_rules: [
      {
        conditions: [{ screening_question: 'role', answer: 'Student', operator: 'eq' }],
        join: 'and',
        target_question: null,
      },
      {
        conditions: [{ screening_question: 'role', answer: 'Designer', operator: 'eq' }],
        join: 'and',
        target_question: 'tools',
      },
    ],
  },
  {
    key: 'language',
    text: 'Which language?',
    pick: 'any',
    answers: [{ text: 'TypeScript' }, { text: 'Go' }],
  },
  {
    key: 'tools',
    text: 'Which tools?',
    pick: 'any',
    answers: [{ text: 'Figma' }, { text: 'Vim' }],
  },
  {
    key: 'figma_years',
    text: 'Years with Figma?',
    pick: 'one',
    answers: [{ text: 'Under 2' }, { text: '2 or more' }],
    display_condition: {
      conditions: [{ screening_question: 'tools', answer: 'Figma', operator: 'eq' }],
      join: 'and',
    },
  },
  { key: 'consent', text: 'Recorded?', pick: 'boolean', answers: [] },
]);
const view = participantScreenerView(questions);

/** What a form showing every question sends: one answer to each, hidden or not. */
const everyAnswer = fc.tuple(
  fc.constantFrom('Engineer', 'Designer', 'Student'),
  fc.subarray(['TypeScript', 'Go'], { minLength: 1 }),
  fc.subarray(['Figma', 'Vim'], { minLength: 1 }),
  fc.constantFrom('Under 2', '2 or more'),
  fc.constantFrom('Yes', 'No'),
);

const toAnswers = ([role, language, tools, years, consent]: [
  string,
  string[],
  string[],
  string,
  string,
]): ApplicationAnswerInput[] => [
  { key: 'role', answer: [role] },
  { key: 'language', answer: language },
  { key: 'tools', answer: tools },
  { key: 'figma_years', answer: [years] },
  { key: 'consent', answer: [consent] },
];

describe('keepShownAnswers', () => {
  it('drops what a skip rule skips and what a display condition hides', () => {
    const kept = keepShownAnswers(view, toAnswers(['Designer', ['Go'], ['Vim'], 'Under 2', 'Yes']));
    expect(kept.map((a) => a.key)).toEqual(['role', 'tools', 'consent']);
  });

  it('keeps nothing after a skip rule that ends the screener', () => {
    const kept = keepShownAnswers(
      view,
      toAnswers(['Student', ['Go'], ['Figma'], 'Under 2', 'Yes']),
    );
    expect(kept.map((a) => a.key)).toEqual(['role']);
  });

  it('always leaves an application the grader accepts, whatever a full form sent', () => {
    fc.assert(
      fc.property(everyAnswer, (picked) => {
        const result = gradeApplication(questions, keepShownAnswers(view, toAnswers(picked)));
        expect(result.ok ? [] : result.issues).toEqual([]);
      }),
    );
  });
});
